import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { TestApp } from './build-test-app'
import { buildTestApp } from './build-test-app'
import { createUser } from './factories'
import { multipart } from '../src/modules/files/files.test-helpers'

/**
 * Limits per client address across accounts (issue 29): many e-mails from one address do not get
 * around them, another address is not held up by them, and each answer is a 429 with its key.
 */

const WINDOW = 15 * 60_000
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      addressLimits: {
        signIn: { max: 5, timeWindowMs: WINDOW },
        signUp: { max: 3, timeWindowMs: WINDOW },
        codes: { max: 3, timeWindowMs: WINDOW },
        codeChecks: { max: 3, timeWindowMs: WINDOW },
        verifyUploads: { max: 2, timeWindowMs: WINDOW },
        verifyLookups: { max: 3, timeWindowMs: WINDOW },
      },
    },
  })
})
afterAll(async () => t.close())

const post = (url: string, payload: object, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'POST', url, payload, remoteAddress })
const refusal = (response: { statusCode: number; json: <T>() => T }, key: string) => {
  expect(response.statusCode).toBe(429)
  expect(response.json<ApiError>()).toMatchObject({ code: 'RATE_LIMITED', key })
}

describe('per-address limits', () => {
  it('answers 429 to sign-in tries over many e-mails from one address, and not to another address', async () => {
    const known = await createUser(t, { roles: ['BUYER_SIMPLE'] })
    const statuses: number[] = []
    for (let n = 0; n < 8; n++) statuses.push((await post('/api/session', { email: `someone-${n}@example.com`, password: 'wrong-password' }, '203.0.113.10')).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    refusal(await post('/api/session', { email: known.email, password: known.password }, '203.0.113.10'), 'common.tooManyRequests')
    // The owner, from their own address, signs in.
    expect((await post('/api/session', { email: known.email, password: known.password }, '198.51.100.20')).statusCode).toBe(200)
  })

  it('answers 429 to sign-ups, code requests and code checks past their limits from one address', async () => {
    const signUps: number[] = []
    for (let n = 0; n < 4; n++) signUps.push((await post('/api/accounts', { name: `New Person ${n}`, email: `new-${n}-${Date.now()}@example.com`, password: 'a-long-password' }, '203.0.113.11')).statusCode)
    expect(signUps.slice(0, 3).every((status) => status === 201 || status === 200)).toBe(true)
    expect(signUps[3]).toBe(429)

    const recoveries: number[] = []
    for (let n = 0; n < 4; n++) recoveries.push((await post('/api/recovery', { email: `lost-${n}@example.com` }, '203.0.113.12')).statusCode)
    expect(recoveries).toEqual([202, 202, 202, 429])

    const checks: number[] = []
    for (let n = 0; n < 4; n++) checks.push((await post('/api/accounts/verify', { email: `check-${n}@example.com`, code: '123456' }, '203.0.113.13')).statusCode)
    expect(checks.slice(0, 3).every((status) => status === 400)).toBe(true)
    expect(checks[3]).toBe(429)
  })

  it('limits /api/verify look-ups and uploads per address, each with its own key, before a file is read', async () => {
    const sha256 = '0'.repeat(64)
    const lookups: number[] = []
    for (let n = 0; n < 4; n++) lookups.push((await post('/api/verify', { sha256 }, '203.0.113.14')).statusCode)
    expect(lookups).toEqual([200, 200, 200, 429])
    refusal(await post('/api/verify', { sha256 }, '203.0.113.14'), 'signing.verifyTooManyLookups')
    expect((await post('/api/verify', { sha256 }, '203.0.113.15')).statusCode).toBe(200)

    const upload = async () => {
      const { payload, headers } = await multipart([{ name: 'file', value: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'a.pdf', type: 'application/pdf' }])
      return t.app.inject({ method: 'POST', url: '/api/verify', payload, headers, remoteAddress: '203.0.113.16' })
    }
    const uploads = [await upload(), await upload(), await upload()]
    expect(uploads.map((response) => response.statusCode === 429)).toEqual([false, false, true])
    refusal(uploads[2]!, 'signing.verifyTooManyUploads')
  })
})
