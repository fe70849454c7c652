import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { buildTestApp } from '../../../test/build-test-app'
import { useTestApp } from '../../../test/per-file'

const t = useTestApp({ config: { signInLimit: { max: 3, timeWindow: '1 minute' } } })

const TOO_MANY = { statusCode: 429, code: 'RATE_LIMITED', key: 'common.tooManyRequests', message: 'Too many requests, please try again later or reset your password' }

describe('rate limits of the account endpoints', () => {
  it.each([
    ['/api/accounts', { name: 'Lim Iter', email: 'limit-signup@example.com', password: 'a-long-password' }],
    ['/api/accounts/verify', { email: 'limit-verify@example.com', code: '123456' }],
    ['/api/accounts/resend-code', { email: 'limit-resend@example.com' }],
    ['/api/recovery', { email: 'limit-recovery@example.com' }],
    ['/api/recovery/reset', { email: 'limit-reset@example.com', code: '123456', password: 'a-long-password' }],
    ['/api/session/phone-code', { phone: '+16155550177' }],
    ['/api/session/phone', { phone: '+16155550178', code: '123456' }],
  ])('%s stops after the limit per address and e-mail or phone', async (url, payload) => {
    const attempt = (remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress })
    // Refusals of their own (409 for a taken e-mail, the resend cooldown's 429) still count.
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.50')).body).not.toContain(TOO_MANY.message)
    const limited = await attempt('203.0.113.50')
    expect(limited.statusCode).toBe(429)
    expect(limited.json<ApiError>()).toEqual(TOO_MANY)
    expect((await attempt('203.0.113.51')).body).not.toContain(TOO_MANY.message)
  })
})

describe('sign-in without a database', () => {
  it('answers 503 with the spec message, not 500', async () => {
    const down = await buildTestApp()
    try {
      await down.closeDatabase()
      const response = await down.app.inject({ method: 'POST', url: '/api/session', payload: { email: 'someone@example.com', password: 'a-long-password' } })
      expect(response.statusCode).toBe(503)
      expect(response.json<ApiError>()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', key: 'session.unavailable', message: 'Service unavailable. Please try another login/registration method' })
    } finally {
      await down.close()
    }
  })
})
