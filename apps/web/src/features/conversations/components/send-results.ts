import type { Translate } from '../../../shared/i18n/translation'
import type { Message } from '@offerbook/domain/messages'
import type { SendOutcome, SmsOutcome } from '../api/send-messages'
import { ApiClientError, fieldErrorsOf } from '../../../shared/api-client'
import { errorText } from '../../../shared/i18n/messages'
import { formatPhone } from './phone-format'

/** The dialog's fields, by the names the API gives them in its field errors. */
export const SEND_FIELDS = ['emailAddresses', 'subject', 'message', 'phoneNumber'] as const
export type SendField = (typeof SEND_FIELDS)[number]

export type Notice = { tone: 'success' | 'error'; text: string }

export type SendReport = {
  /** The notifications to show, in order: emails first, then text messages. */
  notices: Notice[]
  emailsSent: boolean
  /** The addresses the email went to (queued by the API). */
  emailed: string[]
  /** The numbers texted (E.164). */
  texted: string[]
  /** The numbers whose SMS failed (E.164), to keep in the dialog for another try. */
  failedPhones: string[]
  /** The API's field errors (a 400), for their fields. */
  fieldErrors: Partial<Record<SendField, Message>>
  /** Everything went: the dialog closes. */
  allSent: boolean
}

/** A refusal whose own words help the sender more than the generic text (an hourly limit, a bad field). */
function speaksForItself(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && (error.status === 429 || error.status === 400)
}

/** 'pending' is still being retried by the outbox: it counts as sent (a later failure comes as a notification). */
function smsSent(outcome: SmsOutcome): boolean {
  return outcome.ok && (outcome.answer.status === 'sent' || outcome.answer.status === 'pending')
}

/** The spec section 8 texts for what a Send came to. */
export function sendReport(outcome: SendOutcome, t: Translate): SendReport {
  const notices: Notice[] = []
  let fieldErrors: SendReport['fieldErrors'] = {}
  const apiMessages = new Set<string>()
  const apiRefusal = (error: unknown) => {
    if (!speaksForItself(error)) return false
    fieldErrors = { ...fieldErrorsOf(error, SEND_FIELDS), ...fieldErrors }
    const text = errorText(error)
    if (!apiMessages.has(text)) notices.push({ tone: 'error', text })
    apiMessages.add(text)
    return true
  }

  let emailsSent = true
  let emailed: string[] = []
  if (outcome.email) {
    const { email } = outcome
    if (email.ok) {
      const { queued, optedOut } = email.answer
      emailed = queued
      emailsSent = queued.length > 0 || optedOut.length === 0
      notices.push(emailsSent ? { tone: 'success', text: t('sendDialog.emailsSent') } : { tone: 'error', text: t('sendDialog.emailsFailed') })
      if (optedOut.length > 0) notices.push({ tone: 'error', text: t('sendDialog.optedOut', { addresses: optedOut.join(', ') }) })
    } else {
      emailsSent = false
      if (!apiRefusal(email.error)) notices.push({ tone: 'error', text: t('sendDialog.emailsFailed') })
    }
  }

  const failed = outcome.sms.filter((item) => !smsSent(item))
  for (const item of failed) if (!item.ok) apiRefusal(item.error)
  const count = outcome.sms.length
  if (count === 1) {
    notices.push(failed.length === 0 ? { tone: 'success', text: t('sendDialog.smsSent') } : { tone: 'error', text: t('sendDialog.smsFailedOne') })
  } else if (count > 1) {
    if (failed.length === 0) notices.push({ tone: 'success', text: t('sendDialog.allMessagesSent') })
    else if (failed.length === count) notices.push({ tone: 'error', text: t('sendDialog.smsFailedMany') })
    else notices.push({ tone: 'error', text: t('sendDialog.smsFailedSome', { numbers: failed.map((item) => formatPhone(item.phoneNumber)).join(', ') }) })
  }

  const failedPhones = failed.map((item) => item.phoneNumber)
  const texted = outcome.sms.filter(smsSent).map((item) => item.phoneNumber)
  return { notices, emailsSent, emailed, texted, failedPhones, fieldErrors, allSent: emailsSent && failedPhones.length === 0 }
}
