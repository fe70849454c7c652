import { describe, expect, it } from 'vitest'
import { ROLES } from './roles'
import { AGENT_KINDS, canAddListings, ChangePasswordSchema, ONBOARDING_KINDS, OnboardingSchema, UpdateProfileSchema } from './profile'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

describe('onboarding kinds', () => {
  it('offer every role but PRINCIPAL_BROKER, ADMIN and SUPER_ADMIN', () => {
    expect(ROLES.filter((role) => !(ONBOARDING_KINDS as readonly string[]).includes(role))).toEqual(['PRINCIPAL_BROKER', 'ADMIN', 'SUPER_ADMIN'])
    expect(AGENT_KINDS).toEqual(['SELLER_AGENT', 'BUYER_AGENT'])
  })

  it('let everyone but SELLER_SIMPLE and BUYER_SIMPLE add listings', () => {
    expect(ONBOARDING_KINDS.filter(canAddListings)).toEqual(['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'])
  })
})

describe('OnboardingSchema', () => {
  it('asks an agent for every detail with Required', () => {
    expect(messages(OnboardingSchema.safeParse({ kind: 'BUYER_AGENT', nrds: '', phone: '  ' }))).toEqual([
      ['nrds', 'Required'],
      ['sellerAgentId', 'Required'],
      ['phone', 'Required'],
      ['zipcode', 'Required'],
    ])
  })

  it('checks the format of each detail with its own message', () => {
    const result = OnboardingSchema.safeParse({ kind: 'SELLER_AGENT', nrds: '1234', sellerAgentId: 'tn-123456', phone: '6155550100', zipcode: '3720' })
    expect(messages(result)).toEqual([
      ['nrds', 'NRDS number must be 9 digits'],
      ['sellerAgentId', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'],
      ['phone', 'Invalid phone number'],
      ['zipcode', 'Invalid ZIP code'],
    ])
    expect(OnboardingSchema.safeParse({ kind: 'SELLER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone: '+16155550100', zipcode: '37203-0001' }).success).toBe(true)
  })

  it('lets a buyer or seller on their own leave phone and ZIP code out', () => {
    for (const kind of ['SELLER_SIMPLE', 'SELLER_OWNER', 'BUYER_SIMPLE']) expect(OnboardingSchema.safeParse({ kind }).success, kind).toBe(true)
    expect(OnboardingSchema.safeParse({ kind: 'ADMIN' }).success).toBe(false)
  })
})

describe('UpdateProfileSchema and ChangePasswordSchema', () => {
  it('use the shared messages', () => {
    expect(messages(UpdateProfileSchema.safeParse({ name: 'Ada', phone: '(615) 555-0100', zipcode: 'x' }))).toEqual([
      ['name', 'Required First and Last Name'],
      ['phone', 'Invalid phone number'],
      ['zipcode', 'Invalid ZIP code'],
    ])
    expect(UpdateProfileSchema.safeParse({ phone: '', zipcode: '' }).success).toBe(true)
    expect(messages(ChangePasswordSchema.safeParse({ currentPassword: '', newPassword: 'short' }))).toEqual([
      ['currentPassword', 'Required'],
      ['newPassword', 'Must have at least 8 characters'],
    ])
  })
})
