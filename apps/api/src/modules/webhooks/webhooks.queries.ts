import { and, arrayContains, count, desc, eq, inArray, isNotNull, lt, lte, or, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { listing } from '../../db/schema/listings'
import { webhookAttempt, webhookDelivery, webhookEndpoint } from '../../db/schema/webhooks'

/** A user's webhook endpoints, their deliveries and attempts (decision 079). */

export type WebhookEndpointRow = typeof webhookEndpoint.$inferSelect
export type WebhookDeliveryRow = typeof webhookDelivery.$inferSelect
export type WebhookAttemptRow = typeof webhookAttempt.$inferSelect

export async function insertEndpoint(db: Db, values: { userId: string; url: string; events: string[]; secret: string }): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoint).values(values).returning()
  if (!row) throw new Error('webhook endpoint insert returned no row')
  return row
}

export function listUserEndpoints(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoint).where(eq(webhookEndpoint.userId, userId)).orderBy(desc(webhookEndpoint.createdAt), desc(webhookEndpoint.id))
}

export async function countUserEndpoints(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoint).where(eq(webhookEndpoint.userId, userId))
  return row?.n ?? 0
}

export async function findUserEndpoint(db: Db, { userId, id }: { userId: string; id: string }): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function updateUserEndpoint(db: Db, { userId, id, events, enabled }: { userId: string; id: string; events?: string[]; enabled?: boolean }): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoint)
    .set({ ...(events ? { events } : {}), ...(enabled === undefined ? {} : { enabled, disabledReason: null }), updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.userId, userId)))
    .returning()
  return row ?? null
}

export async function deleteUserEndpoint(db: Db, { userId, id }: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.userId, userId)))
    .returning({ id: webhookEndpoint.id })
  return rows.length > 0
}

/** One event's deliveries: a row for every enabled endpoint of these users that wants this type, in the caller's transaction. */
export async function enqueueDeliveries(
  db: Db,
  { userIds, type, body, resource, resourceKey, retryMs }: { userIds: readonly string[]; type: string; body: string; resource: string; resourceKey: string; retryMs: number },
): Promise<number> {
  if (userIds.length === 0) return 0
  const rows = await db
    .insert(webhookDelivery)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          endpointId: webhookEndpoint.id,
          type: sql`${type}`.as('type'),
          body: sql`${body}`.as('body'),
          resource: sql`${resource}`.as('resource'),
          resourceKey: sql`${resourceKey}`.as('resource_key'),
          status: sql`'pending'`.as('status'),
          attempts: sql`0`.as('attempts'),
          nextAttemptAt: sql`now()`.as('next_attempt_at'),
          lockedUntil: sql`null::timestamptz`.as('locked_until'),
          retryUntil: sql`now() + ${retryMs} * interval '1 millisecond'`.as('retry_until'),
          createdAt: sql`now()`.as('created_at'),
          deliveredAt: sql`null::timestamptz`.as('delivered_at'),
        })
        .from(webhookEndpoint)
        .where(and(inArray(webhookEndpoint.userId, [...userIds]), eq(webhookEndpoint.enabled, true), arrayContains(webhookEndpoint.events, [type]))),
    )
    .returning({ id: webhookDelivery.id })
  return rows.length
}

/** The owners of these listings, for a listing's events. */
export async function listingOwners(db: Db, ids: readonly string[]): Promise<{ id: string; ownerId: string }[]> {
  if (ids.length === 0) return []
  return db.select({ id: listing.id, ownerId: listing.ownerId }).from(listing).where(inArray(listing.id, [...ids]))
}

/** Whether any enabled endpoint wants this type (a cheap check before building an event's body). */
export async function anyEndpointWants(db: Db, type: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.enabled, true), arrayContains(webhookEndpoint.events, [type])))
    .limit(1)
  return row !== undefined
}

export type ClaimedDelivery = WebhookDeliveryRow & { endpoint: WebhookEndpointRow }

/** Claims due deliveries, counting the attempt at claim time, as the outbox does (decision 006). */
export async function claimDueDeliveries(db: Db, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDelivery.id })
    .from(webhookDelivery)
    .where(
      and(
        eq(webhookDelivery.status, 'pending'),
        lte(webhookDelivery.nextAttemptAt, sql`now()`),
        or(isNull(webhookDelivery.lockedUntil), lt(webhookDelivery.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(webhookDelivery.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  const claimed = await db
    .update(webhookDelivery)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${webhookDelivery.attempts} + 1` })
    .where(inArray(webhookDelivery.id, due))
    .returning()
  if (claimed.length === 0) return []
  const endpoints = await db
    .select()
    .from(webhookEndpoint)
    .where(
      inArray(
        webhookEndpoint.id,
        claimed.map((row) => row.endpointId),
      ),
    )
  const byId = new Map(endpoints.map((row) => [row.id, row]))
  return claimed.flatMap((row) => {
    const endpoint = byId.get(row.endpointId)
    return endpoint ? [{ ...row, endpoint }] : []
  })
}

export async function insertAttempt(db: Db, values: { deliveryId: string; statusCode: number | null; error: string | null }): Promise<void> {
  await db.insert(webhookAttempt).values(values)
}

/** A delivery's end: delivered, failed (retries ran out) or cancelled (its owner may no longer have it). */
export async function finishDelivery(db: Db, id: string, status: 'delivered' | 'failed' | 'cancelled'): Promise<void> {
  await db
    .update(webhookDelivery)
    .set({ status, lockedUntil: null, ...(status === 'delivered' ? { deliveredAt: sql`now()` } : {}) })
    .where(eq(webhookDelivery.id, id))
}

export async function scheduleDeliveryRetry(db: Db, id: string, delayMs: number): Promise<void> {
  await db
    .update(webhookDelivery)
    .set({ lockedUntil: null, nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'` })
    .where(eq(webhookDelivery.id, id))
}

/** Turns an endpoint off after its retries ran out; true when this call turned it off (so its owner is told once). */
export async function disableFailingEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoint)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.enabled, true)))
    .returning({ id: webhookEndpoint.id })
  return rows.length > 0
}

/** An endpoint's latest deliveries, newest first. */
export function listEndpointDeliveries(db: Db, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.endpointId, endpointId))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(limit)
}

export function listDeliveryAttempts(db: Db, deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(webhookAttempt)
    .where(inArray(webhookAttempt.deliveryId, [...deliveryIds]))
    .orderBy(webhookAttempt.at, webhookAttempt.id)
}

/** Makes a delivery of this endpoint due again at once, with a new 3-day window; null when there is no such delivery. */
export async function redeliver(db: Db, { endpointId, id, retryMs }: { endpointId: string; id: string; retryMs: number }): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDelivery)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null, retryUntil: sql`now() + ${retryMs} * interval '1 millisecond'` })
    .where(and(eq(webhookDelivery.id, id), eq(webhookDelivery.endpointId, endpointId)))
    .returning()
  return row ?? null
}

/** Only on the embedded PGlite: claims a killed process left are due again at start. */
export async function releaseDeliveryClaims(db: Db): Promise<number> {
  const rows = await db
    .update(webhookDelivery)
    .set({ lockedUntil: null })
    .where(and(eq(webhookDelivery.status, 'pending'), isNotNull(webhookDelivery.lockedUntil)))
    .returning({ id: webhookDelivery.id })
  return rows.length
}
