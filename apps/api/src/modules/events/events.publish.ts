import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appEvent } from '../../db/schema/conversations'

/**
 * The PostgreSQL channel every process listens on. The payload is the new rows themselves as JSON
 * (`{"rows":[{id,recipient,type,data}]}`) when they fit in a NOTIFY, so no process has to read them
 * back; otherwise their ids, comma-separated, and each hub reads them in one query.
 */
export const EVENTS_CHANNEL = 'offerbook_events'
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_INLINE_PAYLOAD_BYTES = 7800

export type LiveEventType = 'offer.changed' | 'notification.created' | 'signing.changed' | 'chat.message' | 'chat.read' | 'message.outcome' | 'team.changed'
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
  const rows = await tx
    .insert(appEvent)
    .values(unique.map((recipient) => ({ recipient, type, data })))
    .returning({ id: appEvent.id, recipient: appEvent.recipient, type: appEvent.type, data: appEvent.data })
  const inline = JSON.stringify({ rows })
  const payload = Buffer.byteLength(inline) < MAX_INLINE_PAYLOAD_BYTES ? inline : rows.map((row) => row.id).join(',')
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`)
}
