import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ChatSide } from '@offerbook/domain/chat'
import type { Db } from '../../db/client'
import { chatConversation, chatMessage, contactOptOut } from '../../db/schema/conversations'
import { listing } from '../../db/schema/listings'
import { user, userRole } from '../../db/schema/users'

export type ConversationRow = typeof chatConversation.$inferSelect
export type MessageRow = typeof chatMessage.$inferSelect

const ADMIN_ROLES = ['ADMIN', 'SUPER_ADMIN']
const staffUser = alias(user, 'chat_staff_user')

export type ListingForChat = { id: string; ownerId: string; address: string; standardStatus: string; visibility: string }

export async function findListingForChat(db: Db, id: string): Promise<ListingForChat | null> {
  const [row] = await db
    .select({ id: listing.id, ownerId: listing.ownerId, address: listing.unparsedAddress, standardStatus: listing.standardStatus, visibility: listing.visibility })
    .from(listing)
    .where(eq(listing.id, id))
  return row ?? null
}

export type UserContact = { id: string; name: string; email: string; language: string }

export async function findUserContacts(db: Db, ids: readonly string[]): Promise<UserContact[]> {
  if (ids.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email, language: user.language }).from(user).where(inArray(user.id, [...ids]))
}

/** Every ADMIN and SUPER_ADMIN: the staff of support conversations. */
export async function listAdminIds(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ userId: userRole.userId }).from(userRole).where(inArray(userRole.role, ADMIN_ROLES))
  return rows.map((row) => row.userId)
}

export async function findVisitorConversation(db: Db, { visitorUserId, listingId }: { visitorUserId: string; listingId: string | null }): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversation)
    .where(
      and(
        eq(chatConversation.visitorUserId, visitorUserId),
        listingId ? and(eq(chatConversation.kind, 'listing'), eq(chatConversation.listingId, listingId)) : eq(chatConversation.kind, 'support'),
      ),
    )
    .orderBy(asc(chatConversation.createdAt))
    .limit(1)
  return row ?? null
}

export async function insertConversation(db: Db, values: typeof chatConversation.$inferInsert): Promise<ConversationRow> {
  const [row] = await db.insert(chatConversation).values(values).returning()
  if (!row) throw new Error('chat conversation insert returned no row')
  return row
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversation).where(eq(chatConversation.id, id))
  return row ?? null
}

/** A conversation's id and its guest token's hash (null for a signed-in visitor's), to check a guest's header against. */
export async function findConversationTokenHash(db: Db, id: string): Promise<{ id: string; visitorTokenHash: string | null } | null> {
  const [row] = await db.select({ id: chatConversation.id, visitorTokenHash: chatConversation.visitorTokenHash }).from(chatConversation).where(eq(chatConversation.id, id))
  return row ?? null
}

export async function insertMessage(db: Db, values: typeof chatMessage.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(chatMessage).values(values).returning()
  if (!row) throw new Error('chat message insert returned no row')
  // now() is the transaction's start, the message's own created_at: the sender's side has read up to it.
  const now = sql`now()`
  await db
    .update(chatConversation)
    .set({ lastMessageAt: now, ...(row.side === 'visitor' ? { visitorReadAt: now } : { staffReadAt: now }) })
    .where(eq(chatConversation.id, row.conversationId))
  return row
}

/** The side has read everything written until now (the database's clock, the one messages are stamped with). */
export async function markSideRead(db: Db, { id, side }: { id: string; side: ChatSide }): Promise<void> {
  const now = sql`now()`
  await db
    .update(chatConversation)
    .set(side === 'visitor' ? { visitorReadAt: now } : { staffReadAt: now })
    .where(eq(chatConversation.id, id))
}

/** A page of messages older than `before`, newest first, one more than `limit` to tell whether there are more. */
export async function listMessages(db: Db, { conversationId, before, limit }: { conversationId: string; before: Date | null; limit: number }): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessage)
    .where(and(eq(chatMessage.conversationId, conversationId), before ? lt(chatMessage.createdAt, before) : undefined))
    .orderBy(desc(chatMessage.createdAt), desc(chatMessage.id))
    .limit(limit + 1)
}

/** Which side a caller is in each conversation of a list: a SQL expression of 'visitor' or 'staff'. */
export type SideOf = SQL<ChatSide>

export type ConversationSummaryRow = {
  conversation: ConversationRow
  side: ChatSide
  listingAddress: string | null
  staffName: string | null
  unread: number
  lastBody: string | null
}

/**
 * Conversations with the caller's side in each, its unread count (messages of the other side after
 * that side's read_at), the listing's address, the staff user's name and the last message's body.
 */
export async function listConversationSummaries(db: Db, { where, side }: { where: SQL | undefined; side: SideOf }): Promise<ConversationSummaryRow[]> {
  const c = chatConversation
  const unread = sql<number>`(select count(*)::int from chat_message m where m.conversation_id = ${c.id} and m.side <> ${side}
    and m.created_at > coalesce(case when ${side} = 'visitor' then ${c.visitorReadAt} else ${c.staffReadAt} end, '-infinity'::timestamptz))`
  const lastBody = sql<string | null>`(select m.body from chat_message m where m.conversation_id = ${c.id} order by m.created_at desc, m.id desc limit 1)`
  const rows = await db
    .select({ conversation: c, side, listingAddress: listing.unparsedAddress, staffName: staffUser.name, unread, lastBody })
    .from(c)
    .leftJoin(listing, eq(listing.id, c.listingId))
    .leftJoin(staffUser, eq(staffUser.id, c.staffUserId))
    .where(where)
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(200)
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }))
}

/** Where the user is the visitor, the staff, or (an admin) any support conversation's staff. */
export function userConversations(userId: string, isAdmin: boolean): { where: SQL | undefined; side: SideOf } {
  const c = chatConversation
  return {
    where: or(eq(c.visitorUserId, userId), eq(c.staffUserId, userId), isAdmin ? eq(c.kind, 'support') : undefined),
    side: sql<ChatSide>`(case when ${c.visitorUserId} = ${userId} then 'visitor' else 'staff' end)`,
  }
}

/** One conversation, seen from one side (a guest's is always the visitor's). */
export function oneConversation(conversationId: string, side: ChatSide = 'visitor'): { where: SQL | undefined; side: SideOf } {
  return { where: eq(chatConversation.id, conversationId), side: sql<ChatSide>`${sql.raw(side === 'visitor' ? "'visitor'" : "'staff'")}` }
}

/** A side of a conversation due a digest: its unread messages from the other side, the oldest older than `dueBefore`. */
export type DigestCandidate = { conversationId: string; side: ChatSide }

export async function findDigestCandidates(db: Db, { dueBefore, limit }: { dueBefore: Date; limit: number }): Promise<DigestCandidate[]> {
  const out: DigestCandidate[] = []
  for (const side of ['visitor', 'staff'] as const) {
    const c = chatConversation
    const readAt = side === 'visitor' ? c.visitorReadAt : c.staffReadAt
    const digestAt = side === 'visitor' ? c.visitorDigestAt : c.staffDigestAt
    const oldest = sql`(select min(m.created_at) from chat_message m where m.conversation_id = ${c.id} and m.side <> ${side}
      and m.created_at > coalesce(${readAt}, '-infinity'::timestamptz))`
    const rows = await db
      .select({ id: c.id })
      .from(c)
      .where(and(sql`${oldest} < ${dueBefore.toISOString()}::timestamptz`, or(isNull(digestAt), sql`${digestAt} < ${oldest}`)))
      .orderBy(asc(c.lastMessageAt))
      .limit(limit)
    out.push(...rows.map((row) => ({ conversationId: row.id, side })))
  }
  return out
}

/** Locks the conversation for the digest, skipping it when another process holds it. */
export async function lockConversation(db: Db, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversation).where(eq(chatConversation.id, id)).for('update', { skipLocked: true })
  return row ?? null
}

/** The side's unread messages from the other side, oldest first. */
export async function listUnreadFor(db: Db, { conversation, side }: { conversation: ConversationRow; side: ChatSide }): Promise<MessageRow[]> {
  const readAt = side === 'visitor' ? conversation.visitorReadAt : conversation.staffReadAt
  return db
    .select()
    .from(chatMessage)
    .where(and(eq(chatMessage.conversationId, conversation.id), ne(chatMessage.side, side), readAt ? gt(chatMessage.createdAt, readAt) : undefined))
    .orderBy(asc(chatMessage.createdAt), asc(chatMessage.id))
}

export async function setDigestAt(db: Db, { id, side, at }: { id: string; side: ChatSide; at: Date }): Promise<void> {
  await db
    .update(chatConversation)
    .set(side === 'visitor' ? { visitorDigestAt: at } : { staffDigestAt: at })
    .where(eq(chatConversation.id, id))
}

/** An address that unsubscribed from messages sent by users (the Send dialog's unsubscribe link). */
export async function isEmailOptedOut(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ recipient: contactOptOut.recipient })
    .from(contactOptOut)
    .where(and(eq(contactOptOut.channel, 'email'), eq(contactOptOut.recipient, email.trim().toLowerCase())))
  return row !== undefined
}
