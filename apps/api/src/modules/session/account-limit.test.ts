import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { accountLimit: { max: 4, timeWindowMs: 60_000 } } })
})
afterAll(async () => t.close())

// Each try from a new address, so only a limit that counts the account itself can stop them.
let address = 0
const fromNewAddress = () => `198.18.0.${++address}`

describe('tries on one account from many addresses', () => {
  it('are limited, with the spec message, and other accounts are not affected', async () => {
    const guess = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: fromNewAddress(), payload: { email, password } })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await guess('seller-owner@example.com', `guess-${i}`)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401])

    const limited = await guess('seller-owner@example.com', DEMO_PASSWORD)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<ApiError>()).toMatchObject({ code: 'RATE_LIMITED', key: 'common.tooManyRequests', message: 'Too many requests, please try again later or reset your password' })

    expect((await guess('buyer-agent@example.com', DEMO_PASSWORD)).statusCode).toBe(200)
  })

  it('are limited for recovery codes too, whatever the case of the address', async () => {
    const reset = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/recovery/reset', remoteAddress: fromNewAddress(), payload: { email, code: '000000', password: 'a-new-password-1' } })
    const statuses: number[] = []
    for (const email of ['Buyer-Simple@example.com', 'buyer-simple@example.com', ' BUYER-SIMPLE@EXAMPLE.COM', 'buyer-simple@example.com']) statuses.push((await reset(email)).statusCode)
    expect(statuses).toEqual([400, 400, 400, 400])
    expect((await reset('buyer-simple@example.com')).statusCode).toBe(429)
  })

  it('are limited for SMS sign-in codes too, per phone number', async () => {
    const tryCode = (phone: string) =>
      t.app.inject({ method: 'POST', url: '/api/session/phone', remoteAddress: fromNewAddress(), payload: { phone, code: '000000', persist: false } })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await tryCode('+16155550190')).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401])
    const limited = await tryCode('+16155550190')
    expect(limited.statusCode).toBe(429)
    expect(limited.json<ApiError>().message).toBe('Too many requests, please try again later or reset your password')
    expect((await tryCode('+16155550191')).statusCode).toBe(401)
  })
})
