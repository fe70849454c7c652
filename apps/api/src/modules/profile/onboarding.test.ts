import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { User } from '@offerbook/domain/user'
import { AGENT, profileTestApp } from './profile.test-helpers'

const profile = profileTestApp()
const { newcomer, signedInUser, me, onboard } = profile

describe('PUT /api/me/onboarding', () => {
  it('makes a buyer of a new user: roles exactly [BUYER_SIMPLE], onboarded', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'BUYER_SIMPLE' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ uid: who.id, roles: ['BUYER_SIMPLE'], onboarded: true, nrds: null, sellerAgentId: null })
    expect(await me(who.headers)).toMatchObject({ roles: ['BUYER_SIMPLE'], onboarded: true })
  })

  it('replaces whatever roles the user had', async () => {
    const who = await signedInUser({ roles: ['SELLER_OWNER', 'BUYER_AGENT'], onboarded: false })
    const response = await onboard(who, { kind: 'SELLER_SIMPLE', zipcode: '37203-1234', phone: '' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ roles: ['SELLER_SIMPLE'], zipcode: '37203-1234', phone: null, isAddListingEnabled: false })
  })

  it('does not keep an NRDS number or MLS ID from a user who is not an agent', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'SELLER_OWNER', ...AGENT, phone: '+16155550177' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ roles: ['SELLER_OWNER'], nrds: null, sellerAgentId: null, phone: '+16155550177', isAddListingEnabled: true })
  })

  it("starts 'I am selling my home' in Sell mode, and a buyer in Buy mode", async () => {
    const seller = await newcomer()
    expect((await onboard(seller, { kind: 'SELLER_OWNER' })).json<{ user: User }>().user).toMatchObject({ roles: ['SELLER_OWNER'], uiMode: 'sell' })
    expect(await me(seller.headers)).toMatchObject({ uiMode: 'sell' })
    const buyer = await newcomer()
    expect((await onboard(buyer, { kind: 'BUYER_SIMPLE' })).json<{ user: User }>().user).toMatchObject({ uiMode: 'buy' })
  })

  it("takes 'I assist an agent' without an NRDS number or MLS ID, as SELLER_SIMPLE: no ninth role, no listings of their own", async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'ASSISTANT', ...AGENT, phone: '+16155550178' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({
      roles: ['SELLER_SIMPLE'],
      onboarded: true,
      nrds: null,
      sellerAgentId: null,
      phone: '+16155550178',
      isAddListingEnabled: false,
      uiMode: 'sell',
    })
    const bare = await newcomer()
    expect((await onboard(bare, { kind: 'ASSISTANT' })).statusCode).toBe(200)
  })

  it('asks an agent for the NRDS number, MLS ID, phone and ZIP code', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'BUYER_AGENT' })
    expect(response.statusCode).toBe(400)
    const body = response.json<ApiError>()
    expect(body.message).toBe('Required')
    expect(body.errors).toEqual(['nrds', 'sellerAgentId', 'phone', 'zipcode'].map((path) => ({ path, key: 'common.required', message: 'Required' })))
    expect(await me(who.headers)).toMatchObject({ onboarded: false, roles: [] })
  })

  it.each([
    ['nrds', '12345678', 'profile.nrds', 'NRDS number must be 9 digits'],
    ['nrds', '12345678a', 'profile.nrds', 'NRDS number must be 9 digits'],
    ['sellerAgentId', 'tn-123456', 'common.mlsId', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'],
    ['sellerAgentId', 'TN123456', 'common.mlsId', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'],
    ['phone', '(555) 555-0101', 'common.invalidPhone', 'Invalid phone number'],
    ['zipcode', '3720', 'profile.zipCode', 'Invalid ZIP code'],
    ['nrds', '', 'common.required', 'Required'],
  ])('refuses an agent whose %s is %j with %s', async (field, value, key, message) => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'SELLER_AGENT', ...AGENT, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toMatchObject({ code: 'BAD_REQUEST', key, message, errors: [{ path: field, key, message }] })
  })

  it("takes an agent's phone in spec section 5's shape and stores it in E.164", async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'BUYER_AGENT', ...AGENT, phone: '(615) 555-0123' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({ phone: '+16155550123' })
    expect(await me(who.headers)).toMatchObject({ phone: '+16155550123' })
  })

  it('takes an agent with MLS ID TN-123456 and keeps the details', async () => {
    const who = await newcomer()
    const response = await onboard(who, { kind: 'SELLER_AGENT', ...AGENT, phone: '+16155550102', nrds: ' 987654321 ' })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ user: User }>().user).toMatchObject({
      roles: ['SELLER_AGENT'],
      onboarded: true,
      nrds: '987654321',
      sellerAgentId: 'TN-123456',
      phone: '+16155550102',
      zipcode: '37203',
      isAddListingEnabled: true,
    })
  })

  it('answers 409 to a user who has already onboarded, and changes nothing', async () => {
    const who = await newcomer()
    expect((await onboard(who, { kind: 'BUYER_SIMPLE' })).statusCode).toBe(200)
    const again = await onboard(who, { kind: 'SELLER_AGENT', ...AGENT, phone: '+16155550103' })
    expect(again.statusCode).toBe(409)
    expect(again.json<ApiError>()).toEqual({ statusCode: 409, code: 'CONFLICT', key: 'profile.alreadyOnboarded', message: 'You have already completed onboarding' })
    expect(await me(who.headers)).toMatchObject({ roles: ['BUYER_SIMPLE'], phone: null })
  })

  it.each(['ADMIN', 'SUPER_ADMIN', 'PRINCIPAL_BROKER', 'SUPPORT_STAFF', 'admin', '', 42, null])('never lets a user choose the kind %j', async (kind) => {
    const who = await newcomer()
    const response = await onboard(who, { kind, ...AGENT })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>().errors?.[0]).toMatchObject({ path: 'kind', key: 'profile.roleNotOffered' })
    expect(await me(who.headers)).toMatchObject({ onboarded: false, roles: [] })
  })

  it('answers 409 when the phone belongs to another user', async () => {
    const first = await newcomer()
    expect((await onboard(first, { kind: 'BUYER_SIMPLE', phone: '+16155550104' })).statusCode).toBe(200)
    const second = await newcomer()
    const response = await onboard(second, { kind: 'BUYER_AGENT', ...AGENT, phone: '+16155550104' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toMatchObject({ key: 'accounts.phoneInUse', message: 'This phone number is already in use', errors: [{ path: 'phone', key: 'accounts.phoneInUse' }] })
    expect(await me(second.headers)).toMatchObject({ onboarded: false, roles: [] })
  })

  it('answers 401 without a session', async () => {
    const response = await profile.t.app.inject({ method: 'PUT', url: '/api/me/onboarding', payload: { kind: 'BUYER_SIMPLE' } })
    expect(response.statusCode).toBe(401)
    expect(response.json<ApiError>()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired', message: 'Please sign in' })
  })
})
