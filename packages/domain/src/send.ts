import { z } from 'zod'
import { requiredPhoneSchema } from './phone-schemas'
import { emailSchema, freeText, isUuid } from './validation'

/**
 * The Send Email/SMS dialog (spec section 2 screen 4, section 5 "Send dialog", section 7): what the
 * browser sends to POST /api/messages/email and /api/messages/sms and what it gets back. The API
 * validates with these schemas and the dialog checks its fields with the same ones.
 */
export const SEND_LIMITS = {
  /** Recipients of one email call (the SMS call takes one number). */
  recipientsPerCall: 10,
  /** Emails one sender may send in an hour (each recipient counts). */
  emailsPerHour: 50,
  /** Text messages one sender may send in an hour. */
  smsPerHour: 20,
  /** Spec section 5: Send is enabled from 5 characters. */
  messageMin: 5,
  messageMax: 5000,
  /** A text message, counted with the sender's name and the opt-out line the server adds. */
  smsMax: 1600,
  subjectMax: 200,
} as const

/** Spec section 5: entries separated by commas, spaces or new lines; empty entries are dropped. */
export function splitEmailEntries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

const messageSchema = (max: number) =>
  freeText({ error: 'common.required' })
    .trim()
    .min(1, { error: 'common.required', abort: true })
    .min(SEND_LIMITS.messageMin, 'common.tooShort')
    .max(max, 'common.tooLong')

export const SendSubjectSchema = freeText({ error: 'common.required' })
  .trim()
  .min(1, { error: 'common.required', abort: true })
  .max(SEND_LIMITS.subjectMax, 'common.tooLong')
  .refine((value) => !/[\r\n]/.test(value), 'send.subjectOneLine')

export const SendMessageSchema = messageSchema(SEND_LIMITS.messageMax)
export const SendSmsMessageSchema = messageSchema(SEND_LIMITS.smsMax)

/** The listing a message is about; its address and link go into the message. */
const propertyIdSchema = z.string({ error: 'common.invalidValue' }).refine(isUuid, 'common.invalidValue').optional()

/** Each entry is checked on its own field (emailAddresses.<i>); none at all is 'Please enter email(s)'. */
export const SendEmailAddressesSchema = z
  .array(emailSchema, { error: 'send.enterEmails' })
  .min(1, 'send.enterEmails')
  .max(SEND_LIMITS.recipientsPerCall, 'send.tooManyRecipients')

export const SendEmailInputSchema = z.object({
  emailAddresses: SendEmailAddressesSchema,
  subject: SendSubjectSchema,
  message: SendMessageSchema,
  propertyId: propertyIdSchema,
})
export type SendEmailInput = z.input<typeof SendEmailInputSchema>

/** One number a call (the spec's batch mode): E.164, or '(615) 555-0123' which comes out in E.164. */
export const SendSmsInputSchema = z.object({
  phoneNumber: requiredPhoneSchema,
  message: SendSmsMessageSchema,
  propertyId: propertyIdSchema,
})
export type SendSmsInput = z.input<typeof SendSmsInputSchema>

/** The addresses queued (lower-cased, each once) and those skipped because they unsubscribed. */
export type SendEmailAnswer = { queued: string[]; optedOut: string[] }

/**
 * 'sent': the provider accepted the text; 'failed': it refused it for good; 'pending': still retrying
 * after a few seconds (a later failure arrives as a 'message.failed' notification); 'opted-out': the
 * number replied STOP, nothing was sent.
 */
export const SMS_STATUSES = ['sent', 'pending', 'failed', 'opted-out'] as const
export type SendSmsStatus = (typeof SMS_STATUSES)[number]
export type SendSmsAnswer = { status: SendSmsStatus }

/** GET /api/messages/unsubscribe/:token: the address of the link, masked (s***@example.com). */
export type UnsubscribeInfo = { channel: 'email'; address: string; optedOut: boolean }

/** s***@example.com: the first character of the local part, then the domain. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address.slice(0, 1)}***${address.slice(at)}`
}
