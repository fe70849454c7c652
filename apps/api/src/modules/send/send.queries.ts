import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Language } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { contactOptOut, userMessage, userMessageRecipient } from '../../db/schema/conversations'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'

export type Channel = 'email' | 'sms'

/**
 * Holds, until the transaction ends, the lock of one sender's sends: two calls of the same sender
 * count and insert one after the other, so together they cannot pass the hourly limit.
 */
export async function lockSender(tx: Db, senderId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offerbook:send:${senderId}`}))`)
}

/** Messages of a channel the sender had queued in the last hour (opted-out recipients were not sent). */
export async function countSentLastHour(tx: Db, senderId: string, channel: Channel): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(userMessageRecipient)
    .where(
      and(
        eq(userMessageRecipient.senderId, senderId),
        eq(userMessageRecipient.channel, channel),
        eq(userMessageRecipient.status, 'queued'),
        gt(userMessageRecipient.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return row?.value ?? 0
}

/** Which of these addresses or numbers opted out of the channel. */
export async function optedOutAmong(db: Db, channel: Channel, recipients: readonly string[]): Promise<Set<string>> {
  if (recipients.length === 0) return new Set()
  const rows = await db
    .select({ recipient: contactOptOut.recipient })
    .from(contactOptOut)
    .where(and(eq(contactOptOut.channel, channel), inArray(contactOptOut.recipient, [...recipients])))
  return new Set(rows.map((row) => row.recipient))
}

export async function isOptedOut(db: Db, channel: Channel, recipient: string): Promise<boolean> {
  return (await optedOutAmong(db, channel, [recipient])).has(recipient)
}

/** Records an opt-out; true when it is new (false: it was already there). */
export async function addOptOut(db: Db, channel: Channel, recipient: string, reason: 'unsubscribe' | 'stop'): Promise<boolean> {
  const rows = await db.insert(contactOptOut).values({ channel, recipient, reason }).onConflictDoNothing().returning({ recipient: contactOptOut.recipient })
  return rows.length > 0
}

/** Removes an opt-out; true when there was one. */
export async function removeOptOut(db: Db, channel: Channel, recipient: string): Promise<boolean> {
  const rows = await db
    .delete(contactOptOut)
    .where(and(eq(contactOptOut.channel, channel), eq(contactOptOut.recipient, recipient)))
    .returning({ recipient: contactOptOut.recipient })
  return rows.length > 0
}

function language(value: string | undefined): Language | null {
  const parsed = LanguageSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The account language of the users with these email addresses (lower case), by address. */
export async function languagesByEmail(db: Db, addresses: readonly string[]): Promise<Map<string, Language>> {
  if (addresses.length === 0) return new Map()
  const rows = await db
    .select({ email: user.email, language: user.language })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, [...addresses]))
  const out = new Map<string, Language>()
  for (const row of rows) {
    const found = language(row.language)
    if (found) out.set(row.email.toLowerCase(), found)
  }
  return out
}

/** The account language of the user with this phone number, if any. */
export async function languageByPhone(db: Db, phone: string): Promise<Language | null> {
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.phone, phone)).limit(1)
  return language(row?.language)
}

export async function insertUserMessage(
  tx: Db,
  values: { senderId: string; listingId: string | null; channel: Channel; subject: string | null; body: string },
): Promise<string> {
  const [row] = await tx.insert(userMessage).values(values).returning({ id: userMessage.id })
  if (!row) throw new Error('user_message insert returned no row')
  return row.id
}

export async function insertRecipients(
  tx: Db,
  rows: readonly { messageId: string; senderId: string; channel: Channel; recipient: string; outboxMessageId: string | null; status: 'queued' | 'opted-out' }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(userMessageRecipient).values([...rows])
}

export async function outboxStatus(db: Db, id: string): Promise<'pending' | 'sent' | 'failed' | null> {
  const [row] = await db.select({ status: outboxMessage.status }).from(outboxMessage).where(eq(outboxMessage.id, id))
  return row?.status ?? null
}

export type ClaimedFailure = { messageId: string; senderId: string; listingId: string | null; channel: Channel; recipient: string }

/**
 * Marks the failure of an outbox message as told, once: the recipients it belongs to that were not
 * told yet. Whoever gets rows back (the waiting request or the failure listener) tells the sender.
 */
export async function claimFailure(db: Db, outboxMessageId: string): Promise<ClaimedFailure[]> {
  const claimed = await db
    .update(userMessageRecipient)
    .set({ failureNotifiedAt: sql`now()` })
    .where(and(eq(userMessageRecipient.outboxMessageId, outboxMessageId), isNull(userMessageRecipient.failureNotifiedAt)))
    .returning({ messageId: userMessageRecipient.messageId, senderId: userMessageRecipient.senderId, channel: userMessageRecipient.channel, recipient: userMessageRecipient.recipient })
  if (claimed.length === 0) return []
  const messages = await db
    .select({ id: userMessage.id, listingId: userMessage.listingId })
    .from(userMessage)
    .where(inArray(userMessage.id, [...new Set(claimed.map((row) => row.messageId))]))
  const listingOf = new Map(messages.map((row) => [row.id, row.listingId]))
  return claimed.map((row) => ({ ...row, listingId: listingOf.get(row.messageId) ?? null }))
}
