import type { Translate } from '../../../shared/i18n/translation'
import { message as messageOf } from '@offerbook/domain/messages'
import { SEND_LIMITS, SendMessageSchema, SendSmsMessageSchema, SendSubjectSchema, splitEmailEntries } from '@offerbook/domain/send'
import { firstError, isEmail } from '@offerbook/domain/validation'
import { translate, translateOptional } from '../../../shared/i18n/messages'
import type { PhoneChipsValue } from './phone-format'
import { commitDraft } from './phone-format'

export type SendFormValues = {
  subject: string
  message: string
  emailsText: string
  chips: PhoneChipsValue
  /** Addresses this dialog has already emailed (a retry of failed texts need not name them again). */
  emailed?: readonly string[]
}
export type SendFormField = 'subject' | 'message' | 'emails' | 'phones'
export type SendFormErrors = Partial<Record<SendFormField, string>>

/** The entries of the emails field: those matching the email pattern (each once), and the others. */
export function emailEntries(text: string): { valid: string[]; skipped: string[] } {
  const valid = new Map<string, string>()
  const skipped: string[] = []
  for (const entry of splitEmailEntries(text)) {
    if (!isEmail(entry)) skipped.push(entry)
    else if (!valid.has(entry.toLowerCase())) valid.set(entry.toLowerCase(), entry)
  }
  return { valid: [...valid.values()], skipped }
}

/** Spec section 5: Send is enabled from 5 characters of message. */
export function canSend(message: string): boolean {
  return message.trim().length >= SEND_LIMITS.messageMin
}

export type CheckedSend = { errors: SendFormErrors; chips: PhoneChipsValue; emails: string[]; ok: boolean }

/**
 * Checks the form as Send does: a number still being typed is added first; no valid email is 'Please
 * enter email(s)' (spec section 5: at least one email is required, the numbers are texted besides),
 * unless this dialog already emailed and only texts are being retried; at most 10 recipients in all;
 * a subject when emailing; the message by the schema of the API (the SMS limit when texting).
 */
export function checkSend(values: SendFormValues, t: Translate): CheckedSend {
  const chips = values.chips.draft.trim() === '' ? values.chips : commitDraft(values.chips)
  const { valid: emails } = emailEntries(values.emailsText)
  const errors: SendFormErrors = {}
  const recipients = chips.phones.length + emails.length

  if (chips.invalid) errors.phones = t('errors.invalidFormat')
  if (emails.length === 0 && (values.emailed ?? []).length === 0) errors.emails = t('sendDialog.enterEmails')
  if (recipients > SEND_LIMITS.recipientsPerCall) {
    errors[emails.length > 0 ? 'emails' : 'phones'] = translate(messageOf('send.tooManyRecipients', { maximum: SEND_LIMITS.recipientsPerCall }))
  }
  if (emails.length > 0) {
    const subject = translateOptional(firstError(SendSubjectSchema, values.subject))
    if (subject) errors.subject = subject
  }
  const message = translateOptional(firstError(chips.phones.length > 0 ? SendSmsMessageSchema : SendMessageSchema, values.message))
  if (message) errors.message = message

  return { errors, chips, emails, ok: Object.keys(errors).length === 0 }
}
