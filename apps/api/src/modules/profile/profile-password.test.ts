import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { bearer, signIn } from '../../../test/factories'
import type { Signed } from './profile.test-helpers'
import { profileTestApp } from './profile.test-helpers'

const profile = profileTestApp()
const { signedInUser } = profile

describe('POST /api/me/password', () => {
  const changePassword = (who: Signed, payload: object) => profile.t.app.inject({ method: 'POST', url: '/api/me/password', headers: who.headers, payload })

  it('changes the password: the new one signs in, the old one does not', async () => {
    const who = await signedInUser()
    const response = await changePassword(who, { currentPassword: who.password, newPassword: 'a-brand-new-password' })
    expect(response.statusCode).toBe(200)

    const withNew = await profile.t.app.inject({ method: 'POST', url: '/api/session', payload: { email: who.email, password: 'a-brand-new-password' } })
    expect(withNew.statusCode).toBe(200)
    const withOld = await profile.t.app.inject({ method: 'POST', url: '/api/session', payload: { email: who.email, password: who.password } })
    expect(withOld.statusCode).toBe(401)
    expect(withOld.json<ApiError>()).toMatchObject({ key: 'session.wrongPassword', message: 'Incorrect e-mail/password combination' })
  })

  it('ends the other sessions and hands the caller a new token', async () => {
    const who = await signedInUser()
    const elsewhere = bearer((await signIn(profile.t.app, who.email, who.password)).accessToken)
    const response = await changePassword(who, { currentPassword: who.password, newPassword: 'another-new-password' })
    expect(response.statusCode).toBe(200)
    expect((await profile.t.app.inject({ method: 'GET', url: '/api/me', headers: elsewhere })).statusCode).toBe(401)
    expect((await profile.t.app.inject({ method: 'GET', url: '/api/me', headers: who.headers })).statusCode).toBe(401)
    const token = response.json<{ accessToken: string }>().accessToken
    expect(token).toEqual(expect.any(String))
    expect((await profile.t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(String(token)) })).statusCode).toBe(200)
  })

  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const who = await signedInUser()
    const response = await changePassword(who, { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({
      code: 'BAD_REQUEST',
      key: 'profile.wrongCurrentPassword',
      message: 'Your current password is not correct',
      errors: [{ path: 'currentPassword', key: 'profile.wrongCurrentPassword', message: 'Your current password is not correct' }],
    })
    expect((await profile.t.app.inject({ method: 'POST', url: '/api/session', payload: { email: who.email, password: who.password } })).statusCode).toBe(200)
  })

  it('needs a new password of at least 8 characters and both fields', async () => {
    const who = await signedInUser()
    const short = await changePassword(who, { currentPassword: who.password, newPassword: 'short' })
    expect(short.statusCode).toBe(400)
    const tooShort = { key: 'common.tooShort', params: { minimum: 8 }, message: 'Must have at least 8 characters' }
    expect(short.json<ApiError>()).toMatchObject({ ...tooShort, errors: [{ path: 'newPassword', ...tooShort }] })
    const missing = await changePassword(who, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json<ApiError>().errors?.map((error) => error.path).sort()).toEqual(['currentPassword', 'newPassword'])
    const huge = await changePassword(who, { currentPassword: who.password, newPassword: 'x'.repeat(300) })
    expect(huge.statusCode).toBe(400)
    expect(huge.json<ApiError>()).toMatchObject({ key: 'common.tooLong', params: { maximum: 256 }, message: 'Must have at most 256 characters' })
  })

  it('answers 401 without a session', async () => {
    expect((await profile.t.app.inject({ method: 'POST', url: '/api/me/password', payload: { currentPassword: 'a', newPassword: 'abcdefghij' } })).statusCode).toBe(401)
  })
})
