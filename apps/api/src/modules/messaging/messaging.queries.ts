import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { outboxMessage } from '../../db/schema/outbox'

export type OutboxMessage = typeof outboxMessage.$inferSelect
export type NewOutboxMessage = Pick<typeof outboxMessage.$inferInsert, 'channel' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'kind' | 'locale'>

export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<OutboxMessage> {
  const [row] = await db.insert(outboxMessage).values(message).returning()
  if (!row) throw new Error('outbox insert returned no row')
  return row
}

/** Many messages in one insert; returns how many. */
export async function insertOutboxMessages(db: Db, messages: readonly NewOutboxMessage[]): Promise<number> {
  if (messages.length === 0) return 0
  const rows = await db.insert(outboxMessage).values([...messages]).returning({ id: outboxMessage.id })
  return rows.length
}

/**
 * Takes up to `limit` due messages for this worker until the lease ends, counting the attempt now so a
 * worker that dies mid-delivery still uses one up. SKIP LOCKED lets any number of workers in any number
 * of processes claim at once without taking the same message twice.
 */
export async function claimDueMessages(db: Db, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outboxMessage.id })
    .from(outboxMessage)
    .where(
      and(
        eq(outboxMessage.status, 'pending'),
        lte(outboxMessage.nextAttemptAt, sql`now()`),
        or(isNull(outboxMessage.lockedUntil), lt(outboxMessage.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(outboxMessage.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outboxMessage)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${outboxMessage.attempts} + 1` })
    .where(inArray(outboxMessage.id, due))
    .returning()
}

/**
 * Makes every claimed pending message due again at once, and says which. Only for a database no other
 * process can reach (the embedded PGlite): there every claim left at start was made by a process that died.
 */
export async function releaseClaims(db: Db): Promise<string[]> {
  const rows = await db
    .update(outboxMessage)
    .set({ lockedUntil: null })
    .where(and(eq(outboxMessage.status, 'pending'), isNotNull(outboxMessage.lockedUntil)))
    .returning({ id: outboxMessage.id })
  return rows.map((row) => row.id)
}

export async function markSent(db: Db, id: string, providerMessageId: string): Promise<void> {
  await db
    .update(outboxMessage)
    .set({ status: 'sent', sentAt: sql`now()`, providerMessageId, lockedUntil: null })
    .where(eq(outboxMessage.id, id))
}

export async function scheduleRetry(db: Db, id: string, { delayMs, error }: { delayMs: number; error: string }): Promise<void> {
  await db
    .update(outboxMessage)
    .set({ nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`, lockedUntil: null, lastError: error })
    .where(eq(outboxMessage.id, id))
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(outboxMessage).set({ status: 'failed', lockedUntil: null, lastError: error }).where(eq(outboxMessage.id, id))
}

export async function listOutboxMessages(
  db: Db,
  { recipient, channel, limit }: { recipient: string | undefined; channel: 'email' | 'sms' | undefined; limit: number },
): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessage)
    .where(and(recipient ? sql`lower(${outboxMessage.recipient}) = ${recipient.toLowerCase()}` : undefined, channel ? eq(outboxMessage.channel, channel) : undefined))
    .orderBy(desc(outboxMessage.createdAt), desc(outboxMessage.id))
    .limit(limit)
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxMessage | null> {
  const [row] = await db.select().from(outboxMessage).where(eq(outboxMessage.id, id)).limit(1)
  return row ?? null
}
