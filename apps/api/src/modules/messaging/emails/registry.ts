import type { Language } from '@offerbook/domain/user'
import type { EmailDefinition, SmsDefinition } from './define'
import type { RenderedEmail } from './layout'
import { layOut } from './layout'
import { chatDigest } from './chat-digest'
import { fileReview } from './file-review'
import { disbursementReminder, earnestMoneyHolderLink } from './earnest-money'
import { inactiveReminder } from './inactive-reminder'
import { offerNotice } from './offer-notice'
import { offerShared } from './offer-shared'
import { passwordResetCode } from './password-reset-code'
import { phoneCodeSms } from './phone-code.sms'
import { principalBrokerDecision } from './principal-broker-decision'
import { principalBrokerRequest } from './principal-broker-request'
import { signInCode } from './sign-in-code'
import { signingCodeSms } from './signing-code.sms'
import { signingLinkSms } from './signing-link.sms'
import { signingNotice } from './signing-notice'
import { teamInvitation } from './team-invitation'
import { timelineReminder } from './timeline-reminder'
import { timelineReminderSms } from './timeline-reminder.sms'
import { userInvitation } from './user-invitation'
import { userMessage } from './user-message'
import { userMessageSms } from './user-message.sms'
import { verificationCode } from './verification-code'
import { webhookDisabled } from './webhook-disabled'

/**
 * Every email and text Offerbook sends, by name (decision 043). A module enqueues a message by its
 * name with that message's data; the definition gives its words in each language and its outbox kind.
 */
export const EMAILS = {
  'verification-code': verificationCode,
  'password-reset-code': passwordResetCode,
  'sign-in-code': signInCode,
  'principal-broker-request': principalBrokerRequest,
  'offer-shared': offerShared,
  'offer-notice': offerNotice,
  'signing-notice': signingNotice,
  'team-invitation': teamInvitation,
  'principal-broker-decision': principalBrokerDecision,
  'inactive-reminder': inactiveReminder,
  'chat-digest': chatDigest,
  'user-invitation': userInvitation,
  'user-message': userMessage,
  'timeline-reminder': timelineReminder,
  'file-review': fileReview,
  'earnest-money-holder-link': earnestMoneyHolderLink,
  'disbursement-reminder': disbursementReminder,
  'webhook-disabled': webhookDisabled,
} as const

export const SMS = {
  'phone-code': phoneCodeSms,
  'signing-link': signingLinkSms,
  'signing-code': signingCodeSms,
  'user-message': userMessageSms,
  'timeline-reminder': timelineReminderSms,
} as const

export type EmailName = keyof typeof EMAILS
export type EmailData<N extends EmailName> = (typeof EMAILS)[N] extends EmailDefinition<infer D> ? D : never
export type SmsName = keyof typeof SMS
export type SmsData<N extends SmsName> = (typeof SMS)[N] extends SmsDefinition<infer D> ? D : never

/** One email by name with its data, e.g. for a notification that carries its email along. */
export type EmailMessage = { [N in EmailName]: { name: N; data: EmailData<N> } }[EmailName]

const emailDefinition = <N extends EmailName>(name: N) => EMAILS[name] as unknown as EmailDefinition<EmailData<N>>
const smsDefinition = <N extends SmsName>(name: N) => SMS[name] as unknown as SmsDefinition<SmsData<N>>
const kindOf = <D>(kind: string | ((data: D) => string), data: D) => (typeof kind === 'string' ? kind : kind(data))

export function renderEmail<N extends EmailName>(name: N, locale: Language, data: EmailData<N>, publicUrl: string): RenderedEmail {
  return layOut(emailDefinition(name).content[locale](data), locale, publicUrl)
}

/** The outbox kind a message is written with when its sender names none. */
export function emailKind<N extends EmailName>(name: N, data: EmailData<N>): string {
  return kindOf(emailDefinition(name).kind, data)
}

export function renderSms<N extends SmsName>(name: N, locale: Language, data: SmsData<N>): { text: string } {
  return { text: smsDefinition(name).text[locale](data) }
}

export function smsKind<N extends SmsName>(name: N, data: SmsData<N>): string {
  return kindOf(smsDefinition(name).kind, data)
}
