import { describe, expect, it } from 'vitest'
import { issueMessage, issuePath } from './messages'
import { maskEmail, SEND_LIMITS, SendEmailInputSchema, SendSmsInputSchema, splitEmailEntries } from './send'

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => [issuePath(issue.path), issueMessage(issue).key])
}

describe('the Send dialog rules', () => {
  it('splits email entries on commas, spaces, semicolons and new lines', () => {
    expect(splitEmailEntries(' a@example.com, b@example.com\n\nc@example.com;d@example.com  ')).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'])
    expect(splitEmailEntries(' , \n')).toEqual([])
  })

  it('accepts a valid email call and trims its texts', () => {
    const parsed = SendEmailInputSchema.parse({ emailAddresses: [' a@example.com '], subject: ' Hi ', message: ' Hello there ' })
    expect(parsed).toEqual({ emailAddresses: ['a@example.com'], subject: 'Hi', message: 'Hello there' })
  })

  it('names each bad entry, an empty list, too many recipients, an empty subject and a long message', () => {
    expect(fieldErrors(SendEmailInputSchema.safeParse({ emailAddresses: ['a@example.com', 'nope'], subject: 'Hi', message: 'Hello' }))).toEqual([['emailAddresses.1', 'common.invalidEmail']])
    expect(fieldErrors(SendEmailInputSchema.safeParse({ emailAddresses: [], subject: 'Hi', message: 'Hello' }))).toEqual([['emailAddresses', 'send.enterEmails']])
    const eleven = Array.from({ length: SEND_LIMITS.recipientsPerCall + 1 }, (_, i) => `r${i}@example.com`)
    expect(fieldErrors(SendEmailInputSchema.safeParse({ emailAddresses: eleven, subject: 'Hi', message: 'Hello' }))).toEqual([['emailAddresses', 'send.tooManyRecipients']])
    expect(fieldErrors(SendEmailInputSchema.safeParse({ emailAddresses: ['a@example.com'], subject: '  ', message: 'x'.repeat(5001) }))).toEqual([
      ['subject', 'common.required'],
      ['message', 'common.tooLong'],
    ])
    expect(fieldErrors(SendEmailInputSchema.safeParse({ emailAddresses: ['a@example.com'], subject: 'a\nb', message: 'abcd' }))).toEqual([
      ['subject', 'send.subjectOneLine'],
      ['message', 'common.tooShort'],
    ])
  })

  it('takes a phone in E.164 or the spec shape and gives E.164', () => {
    expect(SendSmsInputSchema.parse({ phoneNumber: '(615) 555-0123', message: 'Hello' }).phoneNumber).toBe('+16155550123')
    expect(fieldErrors(SendSmsInputSchema.safeParse({ phoneNumber: '555', message: 'Hello' }))).toEqual([['phoneNumber', 'common.invalidPhone']])
    expect(fieldErrors(SendSmsInputSchema.safeParse({ phoneNumber: '+16155550123', message: 'x'.repeat(1601) }))).toEqual([['message', 'common.tooLong']])
  })

  it('masks an address', () => {
    expect(maskEmail('someone@example.com')).toBe('s***@example.com')
  })
})
