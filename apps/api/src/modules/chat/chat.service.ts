import type { ChatConversation, ChatConversationList, ChatMessage, ChatMessagePage, ChatMessagesQuery, ChatReadAnswer, ChatSide, StartChatAnswer, StartChatInput } from '@offerbook/domain/chat'
import { CHAT_LIMITS, chatPreview } from '@offerbook/domain/chat'
import { SEARCHABLE_STATUSES } from '@offerbook/domain/listing-enums'
import { messageText } from '@offerbook/domain/messages'
import { hasAnyRole } from '@offerbook/domain/roles'
import type { User } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import type { FieldError } from '../../app-error'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { countHit } from '../../plugins/rate-limit-store'
import { publishEvent, visitorRecipient } from '../events/events.publish'
import type { ConversationRow, ConversationSummaryRow, MessageRow } from './chat.queries'
import {
  findConversation,
  findListingForChat,
  findVisitorConversation,
  oneConversation,
  insertConversation,
  insertMessage,
  listAdminIds,
  listConversationSummaries,
  listMessages,
  markSideRead,
  userConversations,
} from './chat.queries'
import { newVisitorToken } from './chat-visitor'

/**
 * The live chat (issue 14 item 5). A conversation has two sides: its visitor (a signed-in user, or a
 * guest holding the conversation's token) and its staff (the listing's owner, or for support every
 * ADMIN and SUPER_ADMIN). Anyone else is told the conversation does not exist.
 */

/** Who calls: a signed-in user, and/or a guest whose X-Chat-Visitor header opened a conversation. */
export type ChatCaller = { user: User | null; guestConversationId: string | null; ip: string }

const ADMIN_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const
const VISIBLE_TO_VISITORS = ['public', 'unlisted']
const MINUTE = 60_000
const HOUR = 60 * MINUTE

const isAdmin = (user: User | null) => user !== null && hasAnyRole(user.roles, ADMIN_ROLES)
const notFound = () => new AppError('NOT_FOUND', 'chat.notFound')

function requireCaller(caller: ChatCaller): void {
  if (!caller.user && !caller.guestConversationId) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
}

/** The caller's side in a conversation, and whether they are in it as the signed-in user; null when not in it. */
function sideOf(caller: ChatCaller, row: ConversationRow): { side: ChatSide; asUser: boolean } | null {
  const { user } = caller
  if (user) {
    if (row.visitorUserId === user.uid) return { side: 'visitor', asUser: true }
    if (row.staffUserId === user.uid) return { side: 'staff', asUser: true }
    if (row.kind === 'support' && isAdmin(user)) return { side: 'staff', asUser: true }
  }
  if (caller.guestConversationId === row.id) return { side: 'visitor', asUser: false }
  return null
}

async function openConversation(db: Db, caller: ChatCaller, id: string): Promise<{ row: ConversationRow; side: ChatSide; asUser: boolean }> {
  requireCaller(caller)
  if (!isUuid(id)) throw notFound()
  const row = await findConversation(db, id.toLowerCase())
  const side = row ? sideOf(caller, row) : null
  if (!row || !side) throw notFound()
  return { row, ...side }
}

/** Who hears of a side's news on the events stream: the visitor (user or guest), the staff user or every admin. */
async function sideRecipients(db: Db, row: ConversationRow, side: ChatSide): Promise<string[]> {
  if (side === 'visitor') return [row.visitorUserId ?? visitorRecipient(row.id)]
  return row.staffUserId ? [row.staffUserId] : listAdminIds(db)
}

async function everyoneIn(db: Db, row: ConversationRow): Promise<string[]> {
  return [...(await sideRecipients(db, row, 'visitor')), ...(await sideRecipients(db, row, 'staff'))]
}

function toConversation(summary: ConversationSummaryRow): ChatConversation {
  const { conversation: row, side } = summary
  const counterpartName = side === 'staff' ? row.visitorName : row.kind === 'support' ? messageText('chat.supportTeam') : (summary.staffName ?? '')
  return {
    id: row.id,
    kind: row.kind,
    listingId: row.listingId,
    listingTitle: row.kind === 'listing' ? (summary.listingAddress ?? '') : null,
    counterpartName,
    unread: summary.unread,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastMessagePreview: summary.lastBody === null ? null : chatPreview(summary.lastBody),
  }
}

function toMessage(row: MessageRow, side: ChatSide): ChatMessage {
  return { id: row.id, conversationId: row.conversationId, side: row.side, mine: row.side === side, senderName: row.senderName, body: row.body, createdAt: row.createdAt.toISOString() }
}

async function summaryOf(db: Db, id: string, side: ChatSide): Promise<ChatConversation> {
  const [summary] = await listConversationSummaries(db, oneConversation(id, side))
  if (!summary) throw notFound()
  return toConversation(summary)
}

/** The caller's conversations: as a signed-in user (visitor, staff, admin of support), else the guest's one. */
function scopeOf(caller: ChatCaller): ReturnType<typeof oneConversation> {
  if (caller.user) return userConversations(caller.user.uid, isAdmin(caller.user))
  if (caller.guestConversationId) return oneConversation(caller.guestConversationId)
  throw new AppError('UNAUTHORIZED', 'request.signInRequired')
}

export async function listChats(db: Db, caller: ChatCaller): Promise<ChatConversationList> {
  const items = (await listConversationSummaries(db, scopeOf(caller))).map(toConversation)
  return { items, unread: items.reduce((total, item) => total + item.unread, 0) }
}

/** A guest must give a name and an email; the schema left both optional for signed-in visitors. */
function guestFields(input: StartChatInput): { name: string; email: string } {
  const errors: FieldError[] = []
  if (!input.name) errors.push({ path: 'name', key: 'common.required' })
  if (!input.email) errors.push({ path: 'email', key: 'common.required' })
  if (!input.name || !input.email) throw new AppError('BAD_REQUEST', 'common.required', { errors })
  return { name: input.name, email: input.email }
}

async function countOrRefuse(db: Db, key: string, windowMs: number, max: number, refusal: 'chat.tooManyChats' | 'chat.tooManyMessages'): Promise<void> {
  const { current } = await countHit(db, key, windowMs)
  if (current > max) throw new AppError('RATE_LIMITED', refusal)
}

export async function startChat(db: Db, { caller, input }: { caller: ChatCaller; input: StartChatInput }): Promise<StartChatAnswer> {
  const { user } = caller
  const guest = user ? null : guestFields(input)
  let listing = null
  if (input.listingId !== undefined) {
    listing = await findListingForChat(db, input.listingId.toLowerCase())
    const open = listing && (SEARCHABLE_STATUSES as readonly string[]).includes(listing.standardStatus) && VISIBLE_TO_VISITORS.includes(listing.visibility)
    if (!listing || !open) throw new AppError('NOT_FOUND', 'chat.listingNotFound')
  }
  const kind = listing ? 'listing' : 'support'
  const staffUserId = listing ? listing.ownerId : null

  if (user) {
    if ((listing && listing.ownerId === user.uid) || (!listing && isAdmin(user))) throw new AppError('BAD_REQUEST', 'chat.selfChat')
    const existing = await findVisitorConversation(db, { visitorUserId: user.uid, listingId: listing?.id ?? null })
    const row = existing ?? (await insertConversation(db, { kind, listingId: listing?.id ?? null, staffUserId, visitorUserId: user.uid, visitorName: user.name, visitorEmail: user.email }))
    return { conversation: await summaryOf(db, row.id, 'visitor') }
  }

  if (!guest) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  await countOrRefuse(db, `chat-start|${caller.ip}`, HOUR, CHAT_LIMITS.guestStartsPerHour, 'chat.tooManyChats')
  const { token, hash } = newVisitorToken()
  const row = await insertConversation(db, { kind, listingId: listing?.id ?? null, staffUserId, visitorUserId: null, visitorName: guest.name, visitorEmail: guest.email, visitorTokenHash: hash })
  return { conversation: await summaryOf(db, row.id, 'visitor'), visitorToken: token }
}

export async function listChatMessages(db: Db, { caller, id, query }: { caller: ChatCaller; id: string; query: ChatMessagesQuery }): Promise<ChatMessagePage> {
  const { row, side } = await openConversation(db, caller, id)
  const rows = await listMessages(db, { conversationId: row.id, before: query.before ? new Date(query.before) : null, limit: CHAT_LIMITS.pageSize })
  const page = rows.slice(0, CHAT_LIMITS.pageSize).reverse()
  return { items: page.map((message) => toMessage(message, side)), hasMore: rows.length > CHAT_LIMITS.pageSize }
}

export async function sendChatMessage(db: Db, { caller, id, body }: { caller: ChatCaller; id: string; body: string }): Promise<ChatMessage> {
  const { row, side, asUser } = await openConversation(db, caller, id)
  const sender = asUser ? caller.user : null
  if (sender) await countOrRefuse(db, `chat-send|user|${sender.uid}`, MINUTE, CHAT_LIMITS.userMessagesPerMinute, 'chat.tooManyMessages')
  else await countOrRefuse(db, `chat-send|${row.id}|${side}`, MINUTE, CHAT_LIMITS.guestMessagesPerMinute, 'chat.tooManyMessages')
  const message = await db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, { conversationId: row.id, side, senderUserId: sender?.uid ?? null, senderName: sender?.name ?? row.visitorName, body })
    // The other side, and the sender's own side (their other tabs, the other admins of support).
    await publishEvent(tx, { recipients: await everyoneIn(tx, row), type: 'chat.message', data: { conversationId: row.id, messageId: inserted.id } })
    return inserted
  })
  return toMessage(message, side)
}

export async function readChat(db: Db, { caller, id }: { caller: ChatCaller; id: string }): Promise<ChatReadAnswer> {
  const { row, side } = await openConversation(db, caller, id)
  await db.transaction(async (tx) => {
    await markSideRead(tx, { id: row.id, side })
    await publishEvent(tx, { recipients: await everyoneIn(tx, row), type: 'chat.read', data: { conversationId: row.id } })
  })
  return { unread: (await listChats(db, caller)).unread }
}
