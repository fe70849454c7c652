import type { FastifyBaseLogger } from 'fastify'
import type { ChatSide } from '@offerbook/domain/chat'
import { CHAT_LIMITS } from '@offerbook/domain/chat'
import type { Language } from '@offerbook/domain/user'
import { DEFAULT_LANGUAGE, LanguageSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import type { JobDefinition } from '../jobs/job-runner'
import { enqueueEmail } from '../messaging/messaging.service'
import type { ConversationRow } from './chat.queries'
import { visitorLinkKey } from './chat-visitor'
import { findDigestCandidates, findListingForChat, findUserContacts, isEmailOptedOut, listAdminIds, listUnreadFor, lockConversation, setDigestAt } from './chat.queries'

/**
 * The offline digest (issue 14 item 5): a side of a conversation that has left the other side's
 * messages unread for five minutes gets one email with all of them, never one per message. The
 * side's digest_at remembers it; the next digest waits for a message after what it has read again.
 * The job runner runs it in one process at a time; each conversation is also locked with SKIP LOCKED.
 */

const DELAY_MS = CHAT_LIMITS.digestDelayMinutes * 60_000

type Recipient = { email: string; locale: Language }

const languageOf = (value: string): Language => LanguageSchema.catch(DEFAULT_LANGUAGE).parse(value)

/** Who reads a side's email: the visitor (their account's address and language, a guest's given address), the staff user or every admin. */
async function recipientsOf(db: Db, row: ConversationRow, side: ChatSide): Promise<Recipient[]> {
  if (side === 'visitor') {
    // A guest typed this address: it gets nothing once it has unsubscribed from what users send.
    if (!row.visitorUserId) return (await isEmailOptedOut(db, row.visitorEmail)) ? [] : [{ email: row.visitorEmail, locale: DEFAULT_LANGUAGE }]
    const [contact] = await findUserContacts(db, [row.visitorUserId])
    return [{ email: contact?.email ?? row.visitorEmail, locale: languageOf(contact?.language ?? DEFAULT_LANGUAGE) }]
  }
  const ids = row.staffUserId ? [row.staffUserId] : await listAdminIds(db)
  return (await findUserContacts(db, ids)).map((contact) => ({ email: contact.email, locale: languageOf(contact.language) }))
}

/**
 * Where a side answers. A guest's link carries their conversation and its link key in the fragment
 * (`#chat=<id>.<key>`), which no server or log sees: the page reopens the chat from it in any browser.
 */
function answerPath(row: ConversationRow, side: ChatSide, secret: string): string {
  if (side === 'staff') return '/notifications/messages'
  const page = row.listingId ? `/property/${row.listingId}` : '/'
  if (row.visitorUserId || !row.visitorTokenHash) return page
  return `${page}#chat=${row.id}.${visitorLinkKey(secret, row.id, row.visitorTokenHash)}`
}

async function listingAddress(db: Db, row: ConversationRow): Promise<string | null> {
  if (!row.listingId) return null
  return (await findListingForChat(db, row.listingId))?.address ?? null
}

/** Sends the digests due at `now`; returns how many emails were put in the outbox. `secret` keys a guest's link (chat-visitor.ts). */
export async function runChatDigest(db: Db, { now = new Date(), publicUrl, secret, batchSize = 100 }: { now?: Date; publicUrl: string; secret: string; batchSize?: number }): Promise<number> {
  const dueBefore = new Date(now.getTime() - DELAY_MS)
  const candidates = await findDigestCandidates(db, { dueBefore, limit: batchSize })
  let emails = 0
  for (const { conversationId, side } of candidates) {
    emails += await db.transaction(async (tx) => {
      const row = await lockConversation(tx, conversationId)
      if (!row) return 0
      const unread = await listUnreadFor(tx, { conversation: row, side })
      const oldest = unread[0]
      const digestAt = side === 'visitor' ? row.visitorDigestAt : row.staffDigestAt
      if (!oldest || oldest.createdAt >= dueBefore || (digestAt && digestAt >= oldest.createdAt)) return 0
      const address = await listingAddress(tx, row)
      const path = answerPath(row, side, secret)
      const fromName = side === 'staff' ? row.visitorName : row.kind === 'support' ? null : (unread.at(-1)?.senderName ?? null)
      const recipients = await recipientsOf(tx, row, side)
      for (const recipient of recipients) {
        await enqueueEmail(tx, 'chat-digest', { messages: unread, fromName, address, path }, { to: recipient.email, locale: recipient.locale, publicUrl })
      }
      await setDigestAt(tx, { id: row.id, side, at: now })
      return recipients.length
    })
  }
  return emails
}

/** The chat digest as an entry of the job runner (decision 045): every minute, first a minute after start; one process at a time. */
export function chatDigestJob({ db, log, publicUrl, secret, everyMs = 60_000 }: { db: Db; log: Pick<FastifyBaseLogger, 'info'>; publicUrl: string; secret: string; everyMs?: number }): JobDefinition<number> {
  return {
    name: 'chat-digest',
    kind: 'schedule',
    everyMs,
    async run() {
      const count = await runChatDigest(db, { publicUrl, secret })
      if (count > 0) log.info({ count }, 'chat digests queued')
      return count
    },
  }
}
