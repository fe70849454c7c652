import { beforeAll, describe, expect, it } from 'vitest'
import type { Translate } from '../../../shared/i18n/translation'
import { copyOfAllLanguages } from '../../../locales/all-languages'
import { i18n, initI18n } from '../../../shared/i18n/i18n'
import { EMPTY_PHONE_CHIPS } from './phone-format'
import type { SendFormValues } from './send-form'
import { canSend, checkSend, emailEntries } from './send-form'

let t: Translate
beforeAll(async () => {
  initI18n(undefined, copyOfAllLanguages())
  await i18n.changeLanguage('en-us')
  t = i18n.t.bind(i18n)
})

const base: SendFormValues = { subject: 'A home', message: 'Look at this', emailsText: '', chips: EMPTY_PHONE_CHIPS }

describe('emailEntries', () => {
  it('splits on commas, spaces and new lines and keeps only what matches the email pattern, each once', () => {
    expect(emailEntries('a@example.com, b@example.com\nnot-an-email  c@example.org,,A@example.com')).toEqual({
      valid: ['a@example.com', 'b@example.com', 'c@example.org'],
      skipped: ['not-an-email'],
    })
    expect(emailEntries('  \n ,')).toEqual({ valid: [], skipped: [] })
  })
})

describe('checkSend', () => {
  it('enables Send from 5 characters of message', () => {
    expect(canSend('abcd')).toBe(false)
    expect(canSend('  abcd  ')).toBe(false)
    expect(canSend('abcde')).toBe(true)
  })

  it("asks for 'Please enter email(s)' whenever no entry is a valid email, numbers or not (spec section 5)", () => {
    expect(checkSend({ ...base, emailsText: 'nope, also nope' }, t).errors).toEqual({ emails: 'Please enter email(s)' })
    const phonesOnly = checkSend({ ...base, chips: { ...EMPTY_PHONE_CHIPS, phones: ['+16155550101'] } }, t)
    expect(phonesOnly.errors).toEqual({ emails: 'Please enter email(s)' })
    expect(phonesOnly.ok).toBe(false)
    const both = checkSend({ ...base, emailsText: 'a@example.com', chips: { ...EMPTY_PHONE_CHIPS, phones: ['+16155550101'] } }, t)
    expect(both.ok).toBe(true)
    expect(both.emails).toEqual(['a@example.com'])
  })

  it('lets a retry of failed texts go once this dialog has emailed', () => {
    const retry = checkSend({ ...base, emailed: ['a@example.com'], chips: { ...EMPTY_PHONE_CHIPS, phones: ['+16155550101'] } }, t)
    expect(retry.ok).toBe(true)
  })

  it("needs a subject only when emailing: 'Required'", () => {
    expect(checkSend({ ...base, subject: ' ', emailsText: 'a@example.com' }, t).errors).toEqual({ subject: 'Required' })
  })

  it('refuses more than 10 recipients in all, on the emails field (or the phones when there are no emails)', () => {
    const emails = Array.from({ length: 8 }, (_, i) => `p${i}@example.com`).join(' ')
    const phones = ['+16155550101', '+16155550102', '+16155550103']
    expect(checkSend({ ...base, emailsText: emails, chips: { ...EMPTY_PHONE_CHIPS, phones } }, t).errors).toEqual({ emails: 'Send to at most 10 recipients at a time' })
    const many = Array.from({ length: 11 }, (_, i) => `+1615555${String(100 + i).padStart(4, '0')}`)
    expect(checkSend({ ...base, emailed: ['a@example.com'], chips: { ...EMPTY_PHONE_CHIPS, phones: many } }, t).errors).toEqual({ phones: 'Send to at most 10 recipients at a time' })
    expect(checkSend({ ...base, emailsText: emails, chips: { ...EMPTY_PHONE_CHIPS, phones: phones.slice(0, 2) } }, t).ok).toBe(true)
  })

  it('refuses a message over 5000 characters, and over 1600 when texting', () => {
    expect(checkSend({ ...base, emailsText: 'a@example.com', message: 'x'.repeat(5001) }, t).errors).toEqual({ message: 'Must have at most 5000 characters' })
    expect(checkSend({ ...base, emailsText: 'a@example.com', message: 'x'.repeat(5000) }, t).ok).toBe(true)
    expect(checkSend({ ...base, emailsText: 'a@example.com', message: 'x'.repeat(1601), chips: { ...EMPTY_PHONE_CHIPS, phones: ['+16155550101'] } }, t).errors).toEqual({ message: 'Must have at most 1600 characters' })
  })

  it("adds a number still being typed, and refuses an invalid one with 'Invalid format'", () => {
    const typed = checkSend({ ...base, emailsText: 'a@example.com', chips: { ...EMPTY_PHONE_CHIPS, draft: '615-555-0101' } }, t)
    expect(typed.ok).toBe(true)
    expect(typed.chips.phones).toEqual(['+16155550101'])
    const bad = checkSend({ ...base, emailsText: 'a@example.com', chips: { ...EMPTY_PHONE_CHIPS, draft: '555' } }, t)
    expect(bad.errors).toEqual({ phones: 'Invalid format' })
    expect(bad.ok).toBe(false)
  })
})
