import type { Db } from '../../db/client'
import { enqueueWebhooksForLiveEvents } from '../webhooks/webhooks.enqueue'
import { insertAppEvents, notifyChannel } from './events.queries'

/**
 * The PostgreSQL channel every process listens on. The payload is the new rows themselves as JSON
 * (`{"rows":[{id,recipient,type,data}]}`) when they fit in a NOTIFY, so no process has to read them
 * back; otherwise their ids, comma-separated, and each hub reads them in one query.
 */
export const EVENTS_CHANNEL = 'offerbook_events'
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_INLINE_PAYLOAD_BYTES = 7800

export type LiveEventType = 'offer.changed' | 'notification.created' | 'signing.changed' | 'listing.changed' | 'chat.message' | 'chat.read' | 'message.outcome' | 'team.changed'
export type LiveEventData = Record<string, string | number | boolean | null>

/** A user id, or a chat guest's `visitor:<conversation id>`. */
export const visitorRecipient = (conversationId: string) => `visitor:${conversationId}`

export type PublishEvent = { recipients: readonly string[]; type: LiveEventType; data: LiveEventData }

/**
 * Writes one event row per recipient and NOTIFYs the ids, in the transaction of the change (pass it):
 * PostgreSQL delivers a NOTIFY only at commit, so a stream never tells of a change that rolled back,
 * and every process's event hub hears it (docs/decisions/021-live-events.md).
 */
export async function publishEvent(tx: Db, { recipients, type, data }: PublishEvent): Promise<void> {
  const unique = [...new Set(recipients.filter((recipient) => recipient.length > 0))]
  if (unique.length === 0) return
  const rows = await insertAppEvents(
    tx,
    unique.map((recipient) => ({ recipient, type, data })),
  )
  // The same change's webhook deliveries, to the endpoints of these recipients that want it (decision 079).
  await enqueueWebhooksForLiveEvents(tx, rows)
  const inline = JSON.stringify({ rows })
  const payload = Buffer.byteLength(inline) < MAX_INLINE_PAYLOAD_BYTES ? inline : rows.map((row) => row.id).join(',')
  await notifyChannel(tx, EVENTS_CHANNEL, payload)
}

/** Whose streams a revocation closes: every stream of these users, and the streams opened with these sessions. */
export type StreamRevocation = { users?: readonly string[]; sessions?: readonly string[] }

/**
 * Closes the open event streams of users or sessions on every process (sign-out, revoked sessions,
 * deactivation, a role change), through the events channel: given a transaction, at its commit. A
 * closed stream reconnects by itself, and its session is checked again then (a revoked one gets 401).
 */
export async function revokeLiveStreams(db: Db, { users = [], sessions = [] }: StreamRevocation): Promise<void> {
  // Ids are short: 100 of them stay far below a NOTIFY's 8000 bytes, so a long list goes in several.
  const names = [...[...new Set(users)].filter(Boolean).map((id) => ['users', id] as const), ...[...new Set(sessions)].filter(Boolean).map((id) => ['sessions', id] as const)]
  for (let start = 0; start < names.length; start += 100) {
    const part = names.slice(start, start + 100)
    const revoke = { users: part.filter(([kind]) => kind === 'users').map(([, id]) => id), sessions: part.filter(([kind]) => kind === 'sessions').map(([, id]) => id) }
    await notifyChannel(db, EVENTS_CHANNEL, JSON.stringify({ revoke }))
  }
}

/** One event for one recipient, for publishEvents. */
export type OneEvent = { recipient: string; type: LiveEventType; data: LiveEventData }

/**
 * Many events, each its own recipient and data (a job's batch), in the transaction of the change: one
 * insert, then as few NOTIFYs as fit their rows (or, when the rows are too long, their ids).
 */
export async function publishEvents(tx: Db, events: readonly OneEvent[]): Promise<void> {
  const wanted = events.filter((event) => event.recipient.length > 0)
  if (wanted.length === 0) return
  const rows = await insertAppEvents(tx, [...wanted])
  await enqueueWebhooksForLiveEvents(tx, rows)
  let batch: typeof rows = []
  const flush = async () => {
    if (batch.length === 0) return
    const inline = JSON.stringify({ rows: batch })
    await notifyChannel(tx, EVENTS_CHANNEL, Buffer.byteLength(inline) < MAX_INLINE_PAYLOAD_BYTES ? inline : batch.map((row) => row.id).join(','))
    batch = []
  }
  for (const row of rows) {
    batch.push(row)
    // A uuid and its comma take 37 bytes: the ids of a full batch always fit in one NOTIFY.
    if (batch.length * 37 >= MAX_INLINE_PAYLOAD_BYTES - 100) await flush()
  }
  await flush()
}
