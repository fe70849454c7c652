import type { MessageKey } from '@offerbook/domain/messages'
import { E164_PATTERN } from '@offerbook/domain/phone'
import { emailSchema } from '@offerbook/domain/validation'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { OutboxMessage } from './messaging.queries'
import { findOutboxMessage, insertOutboxMessage, listOutboxMessages } from './messaging.queries'

// Accounts checks phone numbers with the same pattern it texts to.
export { E164_PATTERN }

/** Ten concatenated segments; providers refuse longer bodies. */
export const SMS_MAX_LENGTH = 1600

export type EnqueueEmail = { to: string; subject: string; text: string; html?: string | null; kind: string; locale: Language }
export type EnqueueSms = { to: string; text: string; kind: string; locale: Language }

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
 * Puts an email in the outbox. Pass the transaction of the change that causes the message, so the
 * message is sent only if that change commits (docs/decisions/006-outbox.md).
 */
export async function enqueueEmail(db: Db, input: EnqueueEmail): Promise<OutboxMessage> {
  const to = emailSchema.safeParse(input.to)
  if (!to.success) throw new AppError('BAD_REQUEST', 'messaging.invalidEmail', { params: { to: String(input.to) } })
  const subject = requireText(input.subject, 'messaging.subjectRequired')
  if (/[\r\n]/.test(subject)) throw new AppError('BAD_REQUEST', 'messaging.subjectOneLine')
  const message = await insertOutboxMessage(db, {
    channel: 'email',
    recipient: to.data,
    subject: subject.trim(),
    textBody: requireText(input.text, 'messaging.emailTextRequired'),
    htmlBody: input.html || null,
    kind: requireKind(input.kind),
    locale: requireLocale(input.locale),
  })
  nudgeWorkers()
  return message
}

/** Puts an SMS in the outbox; `to` is a phone number in E.164, e.g. +16155550100. */
export async function enqueueSms(db: Db, input: EnqueueSms): Promise<OutboxMessage> {
  const to = typeof input.to === 'string' ? input.to.trim() : ''
  if (!E164_PATTERN.test(to)) throw new AppError('BAD_REQUEST', 'messaging.invalidSmsNumber', { params: { to: String(input.to) } })
  const text = requireText(input.text, 'messaging.smsTextRequired')
  if (text.length > SMS_MAX_LENGTH) throw new AppError('BAD_REQUEST', 'messaging.smsTooLong', { params: { length: text.length, maximum: SMS_MAX_LENGTH } })
  const message = await insertOutboxMessage(db, {
    channel: 'sms',
    recipient: to,
    subject: null,
    textBody: text,
    htmlBody: null,
    kind: requireKind(input.kind),
    locale: requireLocale(input.locale),
  })
  nudgeWorkers()
  return message
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
