import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { messageText } from './messages'
import {
  emailSchema,
  firstError as firstMessage,
  fullNameSchema,
  minLength,
  mlsIdSchema,
  optionalUrlSchema,
  requiredText,
} from './validation'

/** The English text of the first message a schema gives, as the API answers it; null when the value passes. */
function firstError(schema: z.ZodType, value: unknown): string | null {
  const found = firstMessage(schema, value)
  return found && messageText(found.key, found.params)
}

const local = (n: number) => 'a'.repeat(n)

describe('required', () => {
  it('refuses empty and white space only, with "Required"', () => {
    expect(firstError(requiredText, '')).toBe('Required')
    expect(firstError(requiredText, '   \t')).toBe('Required')
    expect(firstError(requiredText, undefined)).toBe('Required')
    expect(firstError(requiredText, 'x')).toBeNull()
    expect(firstMessage(requiredText, '')).toMatchObject({ key: 'common.required' })
  })
})

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['buyer@example.com', 'first.last+tag@sub.example.co', 'a@b.co']) expect(firstError(emailSchema, email), email).toBeNull()
  })

  it('takes 6 characters and no fewer', () => {
    expect('a@b.co').toHaveLength(6)
    expect(firstError(emailSchema, 'a@b.co')).toBeNull()
    expect(firstError(emailSchema, 'a@b.c')).toBe('Invalid email')
  })

  it('takes 254 characters and no more', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(50)}.com`
    const at254 = `${local(254 - domain.length - 1)}@${domain}`
    expect(at254).toHaveLength(254)
    expect(firstError(emailSchema, at254)).toBeNull()
    expect(firstError(emailSchema, `a${at254}`)).toBe('Invalid email')
  })

  it('takes a local part of 64 characters and no more', () => {
    expect(firstError(emailSchema, `${local(64)}@example.com`)).toBeNull()
    expect(firstError(emailSchema, `${local(65)}@example.com`)).toBe('Invalid email')
  })

  it('refuses what is not an address', () => {
    for (const email of ['plain', '@example.com', 'a@', 'a b@example.com', 'a@example', 'a..b@example.com', '.a@example.com', 'a@@example.com', 'a@exa mple.com'])
      expect(firstError(emailSchema, email), email).toBe('Invalid email')
  })

  it('says Required when empty', () => {
    expect(firstError(emailSchema, '')).toBe('Required')
  })
})

describe('full name', () => {
  it('needs at least two words', () => {
    expect(firstError(fullNameSchema, 'Ben')).toBe('Required First and Last Name')
    expect(firstError(fullNameSchema, '  Ben   ')).toBe('Required First and Last Name')
    expect(firstError(fullNameSchema, '')).toBe('Required First and Last Name')
    expect(firstError(fullNameSchema, 'Ben Buyer')).toBeNull()
    expect(firstError(fullNameSchema, 'María José de la Cruz')).toBeNull()
  })
})

describe('minimum length', () => {
  it('names the minimum in its message', () => {
    expect(firstError(minLength(8), 'a'.repeat(7))).toBe('Must have at least 8 characters')
    expect(firstError(minLength(8), 'a'.repeat(8))).toBeNull()
    expect(firstError(minLength(8), '')).toBe('Required')
    expect(firstMessage(minLength(3), 'ab')).toEqual({ key: 'common.tooShort', params: { minimum: 3 } })
  })
})

describe('url', () => {
  it('is optional and must be an http(s) address with a domain', () => {
    expect(firstError(optionalUrlSchema, '')).toBeNull()
    expect(firstError(optionalUrlSchema, 'https://offerbook.example/listing?id=1')).toBeNull()
    expect(firstError(optionalUrlSchema, 'http://www.tnrealtors.com')).toBeNull()
    for (const url of ['offerbook.example', 'ftp://files.example.com', 'https://localhost', 'https://exa mple.com', 'javascript:alert(1)'])
      expect(firstError(optionalUrlSchema, url), url).toBe('Invalid url')
  })
})

describe('lead agent MLS ID', () => {
  const message = 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'

  it('takes a state code, a hyphen and a license number', () => {
    expect(firstError(mlsIdSchema, 'TN-123456')).toBeNull()
    expect(firstError(mlsIdSchema, 'GA-ab12')).toBeNull()
  })

  it('refuses lower-case states, missing parts and other shapes', () => {
    for (const id of ['tn-123456', 'TN123456', 'TN-', 'T-123', 'TNN-123', 'TN-12 34', 'TN_123'])
      expect(firstError(mlsIdSchema, id), id).toBe(message)
  })
})
