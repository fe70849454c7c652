import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { emailSchema, freeText } from '@offerbook/domain/validation'
import { validateWith } from './form-validation'

const Schema = z.object({ email: emailSchema, name: freeText().max(5, 'common.tooLong'), nested: z.object({ phone: z.string().min(1, 'common.required') }) })

describe('validateWith', () => {
  it('passes the parsed values through', () => {
    expect(validateWith(Schema, { email: ' ana@example.com ', name: 'Ana', nested: { phone: '1' } })).toEqual({ ok: true, data: { email: 'ana@example.com', name: 'Ana', nested: { phone: '1' } }, errors: {} })
  })

  it('names each refused field by its dotted path, with its key and parameters', () => {
    const result = validateWith(Schema, { email: 'ana@', name: 'Ana María', nested: { phone: '' } })
    expect(result.ok).toBe(false)
    expect(result.errors).toEqual({
      email: { key: 'common.invalidEmail' },
      name: { key: 'common.tooLong', params: { maximum: 5 } },
      'nested.phone': { key: 'common.required', params: { minimum: 1 } },
    })
  })

  it('gives a value of the wrong type the generic message, not zod wording', () => {
    expect(validateWith(Schema, { email: 5, name: 'A', nested: {} }).errors).toMatchObject({ email: { key: 'common.required' }, 'nested.phone': { key: 'common.invalidValue' } })
  })
})
