import type { WebhookEventType } from '@offerbook/domain/webhooks'
import type { Db } from '../../db/client'
import { anyEndpointWants, enqueueDeliveries, listingOwners } from './webhooks.queries'

/**
 * Where webhook deliveries are made (decision 079): from the live events a change already writes in
 * its transaction (decision 021), whose recipients are the people the change's own module decided may
 * see it. Each recipient's endpoints that want the event get one delivery row, committed or rolled back
 * with the change; the webhooks job sends it.
 */

/** Told when this process enqueued deliveries (the webhooks job's nudge; it runs after the commit, as the outbox's does). */
const enqueuedListeners = new Set<() => void>()

export function onDeliveryEnqueued(listener: () => void): () => void {
  enqueuedListeners.add(listener)
  return () => enqueuedListeners.delete(listener)
}

/** Wakes this process's webhooks job (a redelivery). */
export const nudgeWebhooks = () => tellEnqueued(1)

function tellEnqueued(count: number): void {
  if (count > 0) for (const listener of enqueuedListeners) listener()
}

/** Retries stop 3 days after the event. */
export const WEBHOOK_RETRY_MS = 3 * 24 * 60 * 60_000

type LiveRow = { recipient: string; type: string; data: unknown }

const OFFER_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  shared: 'offer.shared',
  revised: 'offer.revised',
  countered: 'offer.countered',
  accepted: 'offer.accepted',
  'counter-accepted': 'offer.accepted',
  declined: 'offer.declined',
  expired: 'offer.expired',
  withdrawn: 'offer.withdrawn',
}

const SIGNING_EVENTS: Readonly<Record<string, WebhookEventType>> = { sent: 'signing.sent', completed: 'signing.completed', declined: 'signing.declined', voided: 'signing.voided' }

type WebhookEvent = { type: WebhookEventType; resource: 'Offer' | 'SigningPacket' | 'Property'; key: string; ids: Record<string, string> }

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null)

/** The webhook event a live event row stands for, if any. */
function webhookEventOf(row: LiveRow): WebhookEvent | null {
  const data = (row.data ?? {}) as Record<string, unknown>
  if (row.type === 'offer.changed') {
    const type = OFFER_EVENTS[text(data.event) ?? '']
    const offerId = text(data.offerId)
    return type && offerId ? { type, resource: 'Offer', key: offerId, ids: { offerId, listingId: text(data.listingId) ?? '' } } : null
  }
  if (row.type === 'signing.changed') {
    const type = SIGNING_EVENTS[text(data.status) ?? '']
    const packetId = text(data.packetId)
    return type && packetId ? { type, resource: 'SigningPacket', key: packetId, ids: { packetId, offerId: text(data.offerId) ?? '' } } : null
  }
  if (row.type === 'notification.created' && data.type === 'offer.timeline-missed') {
    const offerId = text(data.offerId)
    return offerId ? { type: 'timeline.missed', resource: 'Offer', key: offerId, ids: { offerId, listingId: text(data.listingId) ?? '' } } : null
  }
  return null
}

function bodyOf(event: WebhookEvent, at: Date): string {
  return JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: { resource: event.resource, key: event.key, ...event.ids } })
}

/** The deliveries of live event rows just written (publishEvent, publishEvents), in their transaction. */
export async function enqueueWebhooksForLiveEvents(tx: Db, rows: readonly LiveRow[], at = new Date()): Promise<void> {
  // The rows of one change share their event: group the recipients by it.
  const groups = new Map<string, { event: WebhookEvent; users: string[] }>()
  for (const row of rows) {
    if (row.recipient.startsWith('visitor:')) continue
    const event = webhookEventOf(row)
    if (!event) continue
    const id = `${event.type}|${event.key}`
    const group = groups.get(id) ?? { event, users: [] }
    group.users.push(row.recipient)
    groups.set(id, group)
  }
  for (const { event, users } of groups.values()) {
    tellEnqueued(await enqueueDeliveries(tx, { userIds: users, type: event.type, body: bodyOf(event, at), resource: event.resource, resourceKey: event.key, retryMs: WEBHOOK_RETRY_MS }))
  }
}

/** What a listing write was: its creation, a change of its status, or any other change. */
export type ListingWebhookType = Extract<WebhookEventType, 'listing.created' | 'listing.status' | 'listing.changed'>

/** A listing was created, changed its status, or changed otherwise: its owner's endpoints that want that type, in the change's transaction. */
export async function enqueueWebhooksForListings(db: Db, ids: readonly string[], type: ListingWebhookType = 'listing.changed', at = new Date()): Promise<void> {
  // An import changes thousands of listings at once: one look first, nothing more when nobody listens.
  if (ids.length === 0 || !(await anyEndpointWants(db, type))) return
  for (const { id, ownerId } of await listingOwners(db, ids)) {
    const event: WebhookEvent = { type, resource: 'Property', key: id, ids: { listingId: id } }
    tellEnqueued(await enqueueDeliveries(db, { userIds: [ownerId], type: event.type, body: bodyOf(event, at), resource: event.resource, resourceKey: id, retryMs: WEBHOOK_RETRY_MS }))
  }
}

/** A contract date's 48 h or 24 h reminder went to these accounts (the reminders job, in its transaction): their endpoints that want `timeline.due`. */
export type TimelineDueHook = { offerId: string; listingId: string; item: string; due: string; userIds: readonly string[] }

export async function enqueueWebhooksForTimelineDue(tx: Db, hooks: readonly TimelineDueHook[], at = new Date()): Promise<void> {
  if (hooks.length === 0 || !(await anyEndpointWants(tx, 'timeline.due'))) return
  for (const hook of hooks) {
    const event: WebhookEvent = { type: 'timeline.due', resource: 'Offer', key: hook.offerId, ids: { offerId: hook.offerId, listingId: hook.listingId, item: hook.item, due: hook.due } }
    tellEnqueued(await enqueueDeliveries(tx, { userIds: [...hook.userIds], type: event.type, body: bodyOf(event, at), resource: event.resource, resourceKey: hook.offerId, retryMs: WEBHOOK_RETRY_MS }))
  }
}
