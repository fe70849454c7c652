import { describe, expect, it } from 'vitest'
import { parseConfig } from './config'

describe('parseConfig', () => {
  it('uses the defaults of the embedded setup', () => {
    const config = parseConfig({}, '/srv/offerbook')
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: '/srv/offerbook/data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', seedDemo: true, nodeEnv: 'development', logLevel: 'info' })
    expect(config.webDist).toMatch(/apps\/web\/dist$/)
  })

  it('rejects PORT=abc with a message naming PORT', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow('Invalid environment: PORT must be a whole number from 1 to 65535')
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => parseConfig({ PORT: '3.5' })).toThrow(/PORT/)
  })

  it('accepts only true, false, 1 and 0 for SEED_DEMO', () => {
    expect(parseConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false)
    expect(parseConfig({ SEED_DEMO: 'true', DATABASE_URL: 'postgres://u:p@db/offerbook' }).seedDemo).toBe(true)
    expect(() => parseConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/)
  })

  it('does not seed by default on PostgreSQL, and never in production', () => {
    expect(parseConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/offerbook' }).seedDemo).toBe(false)
    const production = parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', AUTH_SECRET: 'x'.repeat(32) })
    expect(production.seedDemo).toBe(false)
    expect(production.seedDemoRefused).toBe(true)
  })

  it('requires a long AUTH_SECRET in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/)
    expect(() => parseConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/)
  })

  it('names the variable for other bad values', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/)
    expect(() => parseConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })
})
