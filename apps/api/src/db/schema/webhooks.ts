import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { WEBHOOK_DELIVERY_STATUSES } from '@offerbook/domain/webhooks'
import { cascadeUuid, counter, createdAt, isOneOf, timestamptz, updatedAt, uuidPrimaryKey } from './columns'
import { user } from './users'

/**
 * A user's webhook endpoints (issue #37 item 2, decision 079). The signing secret is kept sealed with a
 * key derived from AUTH_SECRET (`enc1:` ...) when the server has one, as written otherwise.
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event type names (see @offerbook/domain/webhooks), in their fixed order. */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing' when the server turned it off after 3 days of failed deliveries. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoint_user_idx').on(table.userId, table.createdAt), check('webhook_endpoint_events_check', sql`cardinality(${table.events}) > 0`)],
)

/**
 * One event for one endpoint: its id is the `webhook-id` of every attempt and of a redelivery; `body`
 * is the exact JSON signed and sent. Claimed by the webhooks job like the outbox's messages (decision 006).
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: uuidPrimaryKey(),
    endpointId: cascadeUuid('endpoint_id', () => webhookEndpoint.id),
    type: text('type').notNull(),
    body: text('body').notNull(),
    /** What the record is, to check at delivery time that the owner may still see it. */
    resource: text('resource').notNull(),
    resourceKey: text('resource_key').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: counter('attempts'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    /** Retries stop here (3 days after the event, or after a redelivery). */
    retryUntil: timestamptz('retry_until').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    index('webhook_delivery_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_delivery_endpoint_idx').on(table.endpointId, table.createdAt),
    check('webhook_delivery_status_check', isOneOf(table.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
)

/** Each attempt of a delivery: when, and what the receiver answered. */
export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: uuidPrimaryKey(),
    deliveryId: cascadeUuid('delivery_id', () => webhookDelivery.id),
    at: timestamptz('at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (table) => [index('webhook_attempt_delivery_idx').on(table.deliveryId, table.at)],
)
