import { describe, expect, it } from 'vitest'
import { parseConfig } from './config'

describe('parseConfig', () => {
  it('uses the defaults of the embedded setup', () => {
    const config = parseConfig({}, '/srv/offerbook')
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: '/srv/offerbook/data', databaseUrl: undefined, publicUrl: 'http://localhost:3000', seedDemo: true, nodeEnv: 'development', logLevel: 'info' })
    expect(config.webDist).toMatch(/apps\/web\/dist$/)
  })

  it('reads SIGNING_TSA_URL as a list of http(s) URLs, and none when unset', () => {
    expect(parseConfig({}).signingTsaUrls).toEqual([])
    expect(parseConfig({ SIGNING_TSA_URL: ' http://127.0.0.1:3180/tsa , https://ts.example.com ' }).signingTsaUrls).toEqual(['http://127.0.0.1:3180/tsa', 'https://ts.example.com'])
    expect(() => parseConfig({ SIGNING_TSA_URL: 'http://ok.example.com,ftp://ts.example.com' })).toThrow('SIGNING_TSA_URL must be one or more http:// or https:// URLs')
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
    const production = parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example.com:587' })
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

  it('delivers mail to the dev mailbox, SMS to the dev outbox and files to DATA_DIR/files unless told otherwise', () => {
    const config = parseConfig({ DATA_DIR: '/srv/offerbook' }, '/')
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Offerbook <no-reply@offerbook.example>' })
    expect(config.sms).toBeNull()
    expect(config.storage).toEqual({ kind: 'disk', directory: '/srv/offerbook/files' })
  })

  it('takes an SMTP server, a Twilio-compatible SMS account and an S3 bucket', () => {
    const config = parseConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Offers <offers@example.com>',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'secret',
      SMS_FROM: '+16155550100',
      S3_BUCKET: 'offerbook-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    })
    expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pass@mail.example.com:465', from: 'Offers <offers@example.com>' })
    expect(config.sms).toEqual({ accountSid: 'AC123', authToken: 'secret', from: '+16155550100', apiUrl: 'https://api.twilio.com' })
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'offerbook-files', region: 'us-east-1', forcePathStyle: true })
  })

  it('requires an SMTP server in production, where the dev mailbox would only pretend to send', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toThrow('Invalid environment: SMTP_URL is required in production')
  })

  it('names what is wrong with mail, SMS and storage settings', () => {
    expect(() => parseConfig({ SMTP_URL: 'mail.example.com' })).toThrow('Invalid environment: SMTP_URL must be an smtp:// or smtps:// URL')
    expect(() => parseConfig({ MAIL_FROM: 'nobody' })).toThrow('MAIL_FROM must be an address')
    expect(() => parseConfig({ SMS_ACCOUNT_SID: 'AC123' })).toThrow('Invalid environment: SMS_AUTH_TOKEN is required when any of SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM is set')
    expect(() => parseConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: '615-555-0100' })).toThrow('SMS_FROM must be a phone number in international form')
    expect(() => parseConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow('Invalid environment: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID')
    expect(() => parseConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be one of true, false, 1, 0')
  })
  it('serves plain HTTP unless TLS_CERT_FILE and TLS_KEY_FILE are both set, and then at an https:// address', () => {
    expect(parseConfig({}).tls).toBeNull()
    const config = parseConfig({ TLS_CERT_FILE: 'tls/cert.pem', TLS_KEY_FILE: '/etc/offerbook/key.pem', PORT: '8443' }, '/srv/offerbook')
    expect(config.tls).toEqual({ certFile: '/srv/offerbook/tls/cert.pem', keyFile: '/etc/offerbook/key.pem' })
    expect(config.publicUrl).toBe('https://localhost:8443')
    expect(() => parseConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow('Invalid environment: TLS_KEY_FILE is required with TLS_CERT_FILE')
    expect(() => parseConfig({ TLS_KEY_FILE: 'key.pem' })).toThrow('Invalid environment: TLS_CERT_FILE is required with TLS_KEY_FILE')
    expect(() => parseConfig({ TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem', PUBLIC_URL: 'http://offers.example.com' })).toThrow(
      'Invalid environment: PUBLIC_URL must be an https:// URL when TLS_CERT_FILE is set',
    )
  })
  it('has no single sign-on unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set', () => {
    expect(parseConfig({}).oidc).toBeNull()
    const config = parseConfig({ OIDC_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc123/', OIDC_CLIENT_ID: 'client', OIDC_CLIENT_SECRET: 'secret', OIDC_NAME: 'Cognito' })
    expect(config.oidc).toEqual({ issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc123', clientId: 'client', clientSecret: 'secret', name: 'Cognito', tokenEndpointAuth: 'client_secret_post' })
    expect(parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oidc?.name).toBe('Single sign-on')
    expect(parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_TOKEN_AUTH: 'client_secret_basic' }).oidc?.tokenEndpointAuth).toBe('client_secret_basic')
    expect(() => parseConfig({ OIDC_TOKEN_AUTH: 'private_key_jwt' })).toThrow('OIDC_TOKEN_AUTH')
  })

  it('names the missing or bad single sign-on variable', () => {
    expect(() => parseConfig({ OIDC_ISSUER: 'https://idp.example.com' })).toThrow('Invalid environment: OIDC_CLIENT_ID is required when any of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET is set')
    expect(() => parseConfig({ OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_ID: 'c' })).toThrow('Invalid environment: OIDC_CLIENT_SECRET is required')
    expect(() => parseConfig({ OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' })).toThrow('Invalid environment: OIDC_ISSUER is required')
    expect(() => parseConfig({ OIDC_ISSUER: 'idp.example.com', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' })).toThrow('Invalid environment: OIDC_ISSUER must be an http:// or https:// URL')
  })
})

describe('TRUST_PROXY and API_DOCS', () => {
  const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example.com:587' }
  const TRUST_PROXY_MESSAGE =
    'Invalid environment: TRUST_PROXY must be false, or the proxies to trust separated by commas: addresses, CIDRs or loopback, linklocal, uniquelocal (e.g. 10.0.0.0/8,127.0.0.1)'

  it('trusts no proxy by default: the socket address is the client', () => {
    expect(parseConfig({}).trustProxy).toBe(false)
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(parseConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false)
  })

  it('takes a comma-separated list of addresses, CIDR blocks and range names', () => {
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,Loopback,uniquelocal' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'loopback', 'uniquelocal'])
    expect(parseConfig({ TRUST_PROXY: 'linklocal' }).trustProxy).toEqual(['linklocal'])
  })

  it('refuses a hop count, which would believe any peer', () => {
    expect(() => parseConfig({ TRUST_PROXY: '1' })).toThrow(TRUST_PROXY_MESSAGE)
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_MESSAGE)
  })

  it('refuses garbage and out-of-range blocks', () => {
    for (const value of ['proxy.example.com', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1', ',', 'loopback,nope']) {
      expect(() => parseConfig({ TRUST_PROXY: value }), value).toThrow(TRUST_PROXY_MESSAGE)
    }
  })

  it('serves the API documents by default outside production only; API_DOCS overrides', () => {
    expect(parseConfig({}).apiDocs).toBe(true)
    expect(parseConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true)
    expect(parseConfig(PRODUCTION).apiDocs).toBe(false)
    expect(parseConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true)
    expect(parseConfig({ API_DOCS: '0' }).apiDocs).toBe(false)
    expect(() => parseConfig({ API_DOCS: 'yes' })).toThrow('Invalid environment: API_DOCS must be one of true, false, 1, 0')
  })
})
