import { describe, expect, it } from 'vitest'
import { ROLES } from './roles'
import { fieldMessages } from './messages.test-helpers'
import {
  AGENT_KINDS,
  canAddListings,
  ChangePasswordSchema,
  CreateAccountSchema,
  hasAgentRole,
  ONBOARDING_KINDS,
  ONBOARDING_ROLES,
  OnboardingSchema,
  PasswordConfirmSchema,
  PHOTO_MAX_BYTES,
  profilePhotoProblem,
  roleOfKind,
  uiModeOfKind,
  UpdateProfileSchema,
} from './profile'

describe('onboarding kinds', () => {
  it('offer every role but PRINCIPAL_BROKER, ADMIN and SUPER_ADMIN', () => {
    expect(ROLES.filter((role) => !(ONBOARDING_ROLES as readonly string[]).includes(role))).toEqual(['PRINCIPAL_BROKER', 'ADMIN', 'SUPER_ADMIN'])
    expect(AGENT_KINDS).toEqual(['SELLER_AGENT', 'BUYER_AGENT'])
  })

  it("offer 'I assist an agent' last, which gives SELLER_SIMPLE: never a role beyond the spec's eight", () => {
    expect(ONBOARDING_KINDS.at(-1)).toBe('ASSISTANT')
    expect(roleOfKind('ASSISTANT')).toBe('SELLER_SIMPLE')
    for (const kind of ONBOARDING_KINDS) expect(ROLES).toContain(roleOfKind(kind))
  })

  it('start sellers and assistants in Sell mode and buyers in Buy mode', () => {
    expect(Object.fromEntries(ONBOARDING_KINDS.map((kind) => [kind, uiModeOfKind(kind)]))).toEqual({
      SELLER_OWNER: 'sell',
      SELLER_SIMPLE: 'sell',
      SELLER_AGENT: 'sell',
      BUYER_SIMPLE: 'buy',
      BUYER_AGENT: 'buy',
      ASSISTANT: 'sell',
    })
  })

  it('let everyone but SELLER_SIMPLE, BUYER_SIMPLE and assistants add listings', () => {
    expect(ONBOARDING_KINDS.filter(canAddListings)).toEqual(['SELLER_OWNER', 'SELLER_AGENT', 'BUYER_AGENT'])
  })
})

describe('OnboardingSchema', () => {
  it('asks an agent for every detail with Required', () => {
    expect(fieldMessages(OnboardingSchema.safeParse({ kind: 'BUYER_AGENT', nrds: '', phone: '  ' }))).toEqual([
      ['nrds', 'Required'],
      ['sellerAgentId', 'Required'],
      ['phone', 'Required'],
      ['zipcode', 'Required'],
    ])
  })

  it('checks the format of each detail with its own message', () => {
    const result = OnboardingSchema.safeParse({ kind: 'SELLER_AGENT', nrds: '1234', sellerAgentId: 'tn-123456', phone: '(555) 555-0100', zipcode: '3720' })
    expect(fieldMessages(result)).toEqual([
      ['nrds', 'NRDS number must be 9 digits'],
      ['sellerAgentId', 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'],
      ['phone', 'Invalid phone number'],
      ['zipcode', 'Invalid ZIP code'],
    ])
    expect(OnboardingSchema.safeParse({ kind: 'SELLER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone: '+16155550100', zipcode: '37203-0001' }).success).toBe(true)
  })

  it("takes a phone in spec section 5's shape and keeps it in E.164", () => {
    const parsed = OnboardingSchema.parse({ kind: 'BUYER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone: '(615) 555-0123', zipcode: '37203' })
    expect(parsed.phone).toBe('+16155550123')
  })

  it('lets a buyer or seller on their own leave phone and ZIP code out', () => {
    for (const kind of ['SELLER_SIMPLE', 'SELLER_OWNER', 'BUYER_SIMPLE', 'ASSISTANT']) expect(OnboardingSchema.safeParse({ kind }).success, kind).toBe(true)
    expect(OnboardingSchema.safeParse({ kind: 'ADMIN' }).success).toBe(false)
  })
})

describe('UpdateProfileSchema and ChangePasswordSchema', () => {
  it('use the shared messages', () => {
    expect(fieldMessages(UpdateProfileSchema.safeParse({ name: 'Ada', phone: '(555) 555-0100', zipcode: 'x' }))).toEqual([
      ['name', 'Required First and Last Name'],
      ['phone', 'Invalid phone number'],
      ['zipcode', 'Invalid ZIP code'],
    ])
    expect(fieldMessages(UpdateProfileSchema.safeParse({ name: `Ada ${'L'.repeat(200)}` }))).toEqual([['name', 'Must have at most 200 characters']])
    expect(UpdateProfileSchema.safeParse({ phone: '', zipcode: '' }).success).toBe(true)
    expect(UpdateProfileSchema.parse({ phone: '(615) 555-0100', zipcode: '37203-1234' })).toEqual({ phone: '+16155550100', zipcode: '37203-1234' })
    expect(fieldMessages(ChangePasswordSchema.safeParse({ currentPassword: '', newPassword: 'short' }))).toEqual([
      ['currentPassword', 'Required'],
      ['newPassword', 'Must have at least 8 characters'],
    ])
    expect(fieldMessages(ChangePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'x'.repeat(257) }))).toEqual([['newPassword', 'Must have at most 256 characters']])
  })

  it('ask for a new password twice, the same both times', () => {
    expect(fieldMessages(PasswordConfirmSchema.safeParse({ password: '', confirm: '' }))).toEqual([
      ['password', 'Required'],
      ['confirm', 'Required'],
    ])
    expect(fieldMessages(PasswordConfirmSchema.safeParse({ password: 'long enough', confirm: 'long enougH' }))).toEqual([['confirm', 'Password mismatch']])
    expect(fieldMessages(PasswordConfirmSchema.safeParse({ password: 'short', confirm: 'other' }))).toEqual([
      ['password', 'Must have at least 8 characters'],
      ['confirm', 'Password mismatch'],
    ])
    expect(PasswordConfirmSchema.safeParse({ password: 'long enough', confirm: 'long enough' }).success).toBe(true)
  })
})

describe('the NRDS number and MLS ID on the profile', () => {
  const mlsMessage = 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'

  it('take a new value in the onboarding format, trimmed', () => {
    expect(UpdateProfileSchema.parse({ nrds: ' 987654321 ', sellerAgentId: ' TN-654321 ' })).toEqual({ nrds: '987654321', sellerAgentId: 'TN-654321' })
  })

  it('refuse a bad one with the spec message, one message a field', () => {
    expect(fieldMessages(UpdateProfileSchema.safeParse({ nrds: '12345678', sellerAgentId: 'tn-654321' }))).toEqual([
      ['nrds', 'NRDS number must be 9 digits'],
      ['sellerAgentId', mlsMessage],
    ])
    expect(fieldMessages(UpdateProfileSchema.safeParse({ sellerAgentId: `TN-${'1'.repeat(40)}` }))).toEqual([['sellerAgentId', mlsMessage]])
  })

  it('cannot be emptied: an agent keeps both, as onboarding requires', () => {
    expect(fieldMessages(UpdateProfileSchema.safeParse({ nrds: '', sellerAgentId: '  ' }))).toEqual([
      ['nrds', 'Required'],
      ['sellerAgentId', 'Required'],
    ])
  })

  it('belong to SELLER_AGENT and BUYER_AGENT', () => {
    expect(ROLES.filter((role) => hasAgentRole([role]))).toEqual(['SELLER_AGENT', 'BUYER_AGENT'])
    expect(hasAgentRole(['ADMIN', 'BUYER_AGENT'])).toBe(true)
    expect(hasAgentRole([])).toBe(false)
  })
})

describe('signing up', () => {
  it('asks for a full name, an e-mail and a password of 8 characters, and keeps the e-mail in lower case', () => {
    expect(fieldMessages(CreateAccountSchema.safeParse({ name: 'Cher', email: 'not-an-email', password: 'short' }))).toEqual([
      ['name', 'Required First and Last Name'],
      ['email', 'Invalid email'],
      ['password', 'Must have at least 8 characters'],
    ])
    expect(CreateAccountSchema.parse({ name: 'Nora Newcomer', email: ' Nora@Example.com ', password: 'a-long-password' }).email).toBe('nora@example.com')
  })
})

describe('the profile photo', () => {
  it('is a JPEG, PNG or WebP of at most 5 MB', () => {
    expect(profilePhotoProblem({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBeNull()
    expect(profilePhotoProblem({ type: 'image/webp', size: 1 })).toBeNull()
    expect(profilePhotoProblem({ type: 'text/plain', size: 1 })).toBe('profile.photoType')
    expect(profilePhotoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe('profile.photoTooLarge')
  })
})
