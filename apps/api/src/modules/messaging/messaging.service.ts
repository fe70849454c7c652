import type { MessageKey } from '@offerbook/domain/messages'
import { E164_PATTERN } from '@offerbook/domain/phone'
import { emailSchema } from '@offerbook/domain/validation'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { EmailData, EmailMessage, EmailName, SmsData, SmsName } from './emails/registry'
import { emailKind, renderEmail, renderSms, smsKind } from './emails/registry'
import type { NewOutboxMessage, OutboxMessage } from './messaging.queries'
import { findOutboxMessage, insertOutboxMessage, insertOutboxMessages, listOutboxMessages } from './messaging.queries'

// Accounts checks phone numbers with the same pattern it texts to.
export { E164_PATTERN }

/** Ten concatenated segments; providers refuse longer bodies. */
export const SMS_MAX_LENGTH = 1600

/** A message already rendered: what an outbox row holds. */
export type RenderedOutboxEmail = { to: string; subject: string; text: string; html?: string | null; kind: string; locale: Language }
/** `notBefore`: the text waits in the outbox until then (a reminder held to the day hours). */
export type RenderedOutboxSms = { to: string; text: string; kind: string; locale: Language; notBefore?: Date }

/** Who gets a message, in which language; `kind` replaces the message's own outbox kind (e.g. 'sso.verification-code'). */
export type EmailEnvelope = { to: string; locale: Language; publicUrl: string; kind?: string }
export type SmsEnvelope = { to: string; locale: Language; kind?: string; notBefore?: Date }

const nudgeListeners = new Set<() => void>()

/** A worker in this process asks to hear of each new message, so it need not wait for its next poll. */
export function onMessageEnqueued(listener: () => void): () => void {
  nudgeListeners.add(listener)
  return () => nudgeListeners.delete(listener)
}

function nudgeWorkers(): void {
  for (const listener of nudgeListeners) listener()
}

function requireText(value: string, emptyKey: MessageKey): string {
  if (typeof value !== 'string' || value.trim() === '') throw new AppError('BAD_REQUEST', emptyKey)
  return value
}

function requireKind(kind: string): string {
  return requireText(kind, 'messaging.kindRequired').trim()
}

function requireLocale(locale: string): Language {
  const parsed = LanguageSchema.safeParse(locale)
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'messaging.unknownLanguage', { params: { language: String(locale) } })
  return parsed.data
}

/**
 * Puts the email `name` (messaging/emails/registry.ts) in the outbox, rendered in the recipient's
 * language. Pass the transaction of the change that causes the message, so the message is sent only
 * if that change commits (docs/decisions/006-outbox.md, 043-one-message-home.md).
 */
export async function enqueueEmail<N extends EmailName>(db: Db, name: N, data: EmailData<N>, envelope: EmailEnvelope): Promise<OutboxMessage> {
  const locale = requireLocale(envelope.locale)
  const rendered = renderEmail(name, locale, data, envelope.publicUrl)
  return enqueueRenderedEmail(db, { to: envelope.to, ...rendered, kind: envelope.kind ?? emailKind(name, data), locale })
}

/** The same for a message carried by name with its data (a notification's email). */
export async function enqueueEmailMessage(db: Db, message: EmailMessage, envelope: EmailEnvelope): Promise<OutboxMessage> {
  return enqueueEmail(db, message.name, message.data as EmailData<typeof message.name>, envelope)
}

/** Puts the text `name` in the outbox; `to` is a phone number in E.164, e.g. +16155550100. */
export async function enqueueSms<N extends SmsName>(db: Db, name: N, data: SmsData<N>, envelope: SmsEnvelope): Promise<OutboxMessage> {
  const locale = requireLocale(envelope.locale)
  return enqueueRenderedSms(db, { to: envelope.to, ...renderSms(name, locale, data), kind: envelope.kind ?? smsKind(name, data), locale })
}

/** An outbox row for an email already rendered, checked: a bad address or an empty part is refused. */
function emailRow(input: RenderedOutboxEmail): NewOutboxMessage {
  const to = emailSchema.safeParse(input.to)
  if (!to.success) throw new AppError('BAD_REQUEST', 'messaging.invalidEmail', { params: { to: String(input.to) } })
  const subject = requireText(input.subject, 'messaging.subjectRequired')
  if (/[\r\n]/.test(subject)) throw new AppError('BAD_REQUEST', 'messaging.subjectOneLine')
  return {
    channel: 'email',
    recipient: to.data,
    subject: subject.trim(),
    textBody: requireText(input.text, 'messaging.emailTextRequired'),
    htmlBody: input.html || null,
    kind: requireKind(input.kind),
    locale: requireLocale(input.locale),
  }
}

/** Writes an outbox row for an email already rendered; modules enqueue by name with enqueueEmail. */
export async function enqueueRenderedEmail(db: Db, input: RenderedOutboxEmail): Promise<OutboxMessage> {
  const message = await insertOutboxMessage(db, emailRow(input))
  nudgeWorkers()
  return message
}

/** An outbox row for a text already rendered, checked: a number not in E.164 or a body too long is refused. */
function smsRow(input: RenderedOutboxSms): NewOutboxMessage {
  const to = typeof input.to === 'string' ? input.to.trim() : ''
  if (!E164_PATTERN.test(to)) throw new AppError('BAD_REQUEST', 'messaging.invalidSmsNumber', { params: { to: String(input.to) } })
  const text = requireText(input.text, 'messaging.smsTextRequired')
  if (text.length > SMS_MAX_LENGTH) throw new AppError('BAD_REQUEST', 'messaging.smsTooLong', { params: { length: text.length, maximum: SMS_MAX_LENGTH } })
  return { channel: 'sms', recipient: to, subject: null, textBody: text, htmlBody: null, kind: requireKind(input.kind), locale: requireLocale(input.locale), ...(input.notBefore ? { nextAttemptAt: input.notBefore } : {}) }
}

/** Writes an outbox row for a text already rendered; modules enqueue by name with enqueueSms. */
export async function enqueueRenderedSms(db: Db, input: RenderedOutboxSms): Promise<OutboxMessage> {
  const message = await insertOutboxMessage(db, smsRow(input))
  nudgeWorkers()
  return message
}

/** An email by name rendered for its envelope, as enqueueEmail would write it. */
export function renderedEmail<N extends EmailName>(name: N, data: EmailData<N>, envelope: EmailEnvelope): RenderedOutboxEmail {
  const locale = requireLocale(envelope.locale)
  return { to: envelope.to, ...renderEmail(name, locale, data, envelope.publicUrl), kind: envelope.kind ?? emailKind(name, data), locale }
}

/** The same for a message carried by name with its data (a notification's email). */
export function renderedEmailMessage(message: EmailMessage, envelope: EmailEnvelope): RenderedOutboxEmail {
  return renderedEmail(message.name, message.data as EmailData<typeof message.name>, envelope)
}

/** A text by name rendered for its envelope, as enqueueSms would write it. */
export function renderedSms<N extends SmsName>(name: N, data: SmsData<N>, envelope: SmsEnvelope): RenderedOutboxSms {
  const locale = requireLocale(envelope.locale)
  return { to: envelope.to, ...renderSms(name, locale, data), kind: envelope.kind ?? smsKind(name, data), locale, ...(envelope.notBefore ? { notBefore: envelope.notBefore } : {}) }
}

/**
 * Many messages already rendered in one insert (a job's batch), in the caller's transaction as
 * enqueueEmail and enqueueSms are; each is checked as they check it. Returns how many.
 */
export async function enqueueRenderedMessages(db: Db, { emails = [], texts = [] }: { emails?: readonly RenderedOutboxEmail[]; texts?: readonly RenderedOutboxSms[] }): Promise<number> {
  const rows = [...emails.map(emailRow), ...texts.map(smsRow)]
  const count = await insertOutboxMessages(db, rows)
  if (count > 0) nudgeWorkers()
  return count
}

export async function listMailbox(
  db: Db,
  { to, channel, limit }: { to?: string | undefined; channel?: 'email' | 'sms' | undefined; limit: number },
): Promise<OutboxMessage[]> {
  return listOutboxMessages(db, { recipient: to?.trim() || undefined, channel, limit })
}

export async function getMailboxMessage(db: Db, id: string): Promise<OutboxMessage> {
  const message = await findOutboxMessage(db, id)
  if (!message) throw new AppError('NOT_FOUND', 'messaging.notFound')
  return message
}
