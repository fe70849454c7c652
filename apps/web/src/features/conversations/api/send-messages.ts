import { useMutation } from '@tanstack/react-query'
import type { SendEmailAnswer, SendEmailInput, SendSmsAnswer, SendSmsInput } from '@offerbook/domain/send'
import { apiClient } from '../../../shared/api-client'

/** POST /api/messages/email: one call for every address (at most SEND_LIMITS.recipientsPerCall). */
export function sendEmail(input: SendEmailInput): Promise<SendEmailAnswer> {
  return apiClient.post<SendEmailAnswer>('/messages/email', input)
}

/** POST /api/messages/sms: one number a call, the spec's batch mode. */
export function sendSms(input: SendSmsInput): Promise<SendSmsAnswer> {
  return apiClient.post<SendSmsAnswer>('/messages/sms', input)
}

/** What the dialog sends at once: the emails in one call, each phone number in its own. */
export type SendBatch = {
  emailAddresses: string[]
  /** E.164 numbers. */
  phoneNumbers: string[]
  subject: string
  message: string
  propertyId?: string
}

export type EmailOutcome = { ok: true; answer: SendEmailAnswer } | { ok: false; error: unknown }
export type SmsOutcome = { phoneNumber: string } & ({ ok: true; answer: SendSmsAnswer } | { ok: false; error: unknown })

/** What each call of a batch came to; no call is skipped because another one failed. */
export type SendOutcome = { email: EmailOutcome | null; sms: SmsOutcome[] }

/** Numbers texted at the same time: the server waits a few seconds on each for the provider. */
export const SMS_CONCURRENCY = 3

async function settle<T>(call: () => Promise<T>): Promise<{ ok: true; answer: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, answer: await call() }
  } catch (error) {
    return { ok: false, error }
  }
}

export async function sendBatch({ emailAddresses, phoneNumbers, subject, message, propertyId }: SendBatch): Promise<SendOutcome> {
  const email = emailAddresses.length > 0 ? await settle(() => sendEmail({ emailAddresses, subject, message, propertyId })) : null
  const sms: SmsOutcome[] = []
  for (let start = 0; start < phoneNumbers.length; start += SMS_CONCURRENCY) {
    const group = phoneNumbers.slice(start, start + SMS_CONCURRENCY)
    const results = await Promise.all(group.map(async (phoneNumber) => ({ phoneNumber, ...(await settle(() => sendSms({ phoneNumber, message, propertyId }))) })))
    sms.push(...results)
  }
  return { email, sms }
}

/** The dialog's Send: a mutation so its pending state drives the button and the fields. */
export function useSendBatch() {
  return useMutation({ mutationFn: sendBatch })
}
