import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { Session } from '@offerbook/domain/session'
import { useTestApp } from '../../../test/per-file'
import { listMailbox } from '../messaging/messaging.service'
import { said } from '../listings/listings.test-helpers'

const t = useTestApp({ seed: true, config: { accountLimit: { max: 4, timeWindowMs: 60_000 } } })

// Each try from a new address, so only a limit that counts the account itself can stop them.
let address = 0
const fromNewAddress = () => `198.18.0.${++address}`

describe('tries on one account from many addresses', () => {
  it('slow down to password and e-mailed code: a stranger gets the same answer and no code, the owner signs in with it', async () => {
    const guess = (email: string, password: string, code?: string) =>
      t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: fromNewAddress(), payload: { email, password, ...(code ? { code } : {}) } })
    const codes = async () => (await listMailbox(t.db, { to: 'seller-owner@example.com', channel: 'email', limit: 50 })).filter((message) => message.kind === 'account.sign-in-code')
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await guess('seller-owner@example.com', `guess-${i}`)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401])

    // Past the limit a stranger's guess, an unknown account and the owner's right password all get the same answer.
    const codeRequired = { code: 'UNAUTHORIZED', ...said('session.codeRequired') }
    const stranger = await guess('seller-owner@example.com', 'guess-5')
    expect(stranger.statusCode).toBe(401)
    expect(stranger.json<ApiError>()).toMatchObject(codeRequired)
    expect(await codes()).toHaveLength(0)
    const owner = await guess('seller-owner@example.com', DEMO_PASSWORD)
    expect(owner.statusCode).toBe(401)
    expect(owner.json<ApiError>()).toMatchObject(codeRequired)
    const [mail] = await codes()
    expect(mail?.subject).toBe('Your Offerbook sign-in code')
    const code = mail?.textBody.match(/^ {4}(\d{6})$/m)?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)

    // The code without the password, or a wrong code, does not sign in; the password and the code do, once.
    const wrongCode = code === '000000' ? '111111' : '000000'
    expect((await guess('seller-owner@example.com', 'guess-6', code)).json<ApiError>()).toMatchObject({ code: 'UNAUTHORIZED', ...said('session.codeOrPasswordWrong') })
    expect((await guess('seller-owner@example.com', DEMO_PASSWORD, wrongCode)).json<ApiError>()).toMatchObject(said('session.codeOrPasswordWrong'))
    const signedIn = await guess('seller-owner@example.com', DEMO_PASSWORD, code)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(signedIn.json<Session>().user.email).toBe('seller-owner@example.com')
    expect((await guess('seller-owner@example.com', DEMO_PASSWORD, code)).statusCode).toBe(401)

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
