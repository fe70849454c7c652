import { isIP } from 'node:net'
import type { CreatedWebhook, Webhook, WebhookDeliveries, WebhookEventType } from '@offerbook/domain/webhooks'
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES } from '@offerbook/domain/webhooks'
import type { User } from '@offerbook/domain/user'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { isPrivateAddress } from '../../http/safe-get'
import type { WebhookEndpointRow } from './webhooks.queries'
import {
  countUserEndpoints,
  deleteUserEndpoint,
  findUserEndpoint,
  insertEndpoint,
  listDeliveryAttempts,
  listEndpointDeliveries,
  listUserEndpoints,
  redeliver,
  updateUserEndpoint,
} from './webhooks.queries'
import { newWebhookSecret, sealSecret } from './webhooks.secret'
import { nudgeWebhooks, WEBHOOK_RETRY_MS } from './webhooks.enqueue'
import { privateAddressesAllowed } from './webhooks.settings'

/**
 * What the webhook routes need of the server: the key secrets are sealed with, and whether private
 * addresses are allowed while no admin has chosen (WEBHOOKS_ALLOW_PRIVATE; webhooks.settings.ts).
 */
export type WebhooksContext = { serverSecret: string; allowPrivateByDefault: boolean }

/** Deliveries the log shows per endpoint. */
const LOG_SIZE = 50

function view(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: WEBHOOK_EVENT_TYPES.filter((type) => row.events.includes(type)),
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * A URL written as a private address is refused at once; a name is resolved at each delivery by the
 * SSRF-safe client, which refuses it then if it points at a private address.
 */
function checkAddress(url: string, allowPrivate: boolean): void {
  if (allowPrivate) return
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host))) throw fieldError('url', 'webhook.privateAddress')
}

export async function listWebhooks(db: Db, { actor }: { actor: User }): Promise<{ items: Webhook[] }> {
  return { items: (await listUserEndpoints(db, actor.uid)).map(view) }
}

export async function createWebhook(db: Db, ctx: WebhooksContext, { actor, url, events }: { actor: User; url: string; events: readonly WebhookEventType[] }): Promise<CreatedWebhook> {
  checkAddress(url, await privateAddressesAllowed(db, ctx.allowPrivateByDefault))
  if ((await countUserEndpoints(db, actor.uid)) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('CONFLICT', 'webhook.tooMany', { params: { maximum: MAX_WEBHOOK_ENDPOINTS } })
  const secret = newWebhookSecret()
  const row = await insertEndpoint(db, { userId: actor.uid, url, events: [...events], secret: sealSecret(secret, ctx.serverSecret) })
  return { webhook: view(row), secret }
}

export async function updateWebhook(db: Db, { actor, id, events, enabled }: { actor: User; id: string; events?: readonly WebhookEventType[]; enabled?: boolean }): Promise<Webhook> {
  const row = await updateUserEndpoint(db, { userId: actor.uid, id, ...(events ? { events: [...events] } : {}), enabled })
  if (!row) throw new AppError('NOT_FOUND', 'webhook.notFound')
  return view(row)
}

export async function deleteWebhook(db: Db, { actor, id }: { actor: User; id: string }): Promise<void> {
  if (!(await deleteUserEndpoint(db, { userId: actor.uid, id }))) throw new AppError('NOT_FOUND', 'webhook.notFound')
}

async function ownEndpoint(db: Db, actor: User, id: string): Promise<WebhookEndpointRow> {
  const row = await findUserEndpoint(db, { userId: actor.uid, id })
  if (!row) throw new AppError('NOT_FOUND', 'webhook.notFound')
  return row
}

/** An endpoint's latest deliveries, newest first, each with its attempts. */
export async function listDeliveries(db: Db, { actor, id }: { actor: User; id: string }): Promise<WebhookDeliveries> {
  const endpoint = await ownEndpoint(db, actor, id)
  const deliveries = await listEndpointDeliveries(db, endpoint.id, LOG_SIZE)
  const attempts = await listDeliveryAttempts(
    db,
    deliveries.map((row) => row.id),
  )
  return {
    items: deliveries.map((row) => ({
      id: row.id,
      type: row.type as WebhookEventType,
      status: row.status as WebhookDeliveries['items'][number]['status'],
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      attempts: attempts.filter((attempt) => attempt.deliveryId === row.id).map((attempt) => ({ at: attempt.at.toISOString(), status: attempt.statusCode, error: attempt.error })),
    })),
  }
}

/** Sends a delivery again, with the same webhook-id, whatever became of it. */
export async function redeliverWebhook(db: Db, { actor, id, deliveryId }: { actor: User; id: string; deliveryId: string }): Promise<void> {
  const endpoint = await ownEndpoint(db, actor, id)
  if (!(await redeliver(db, { endpointId: endpoint.id, id: deliveryId, retryMs: WEBHOOK_RETRY_MS }))) throw new AppError('NOT_FOUND', 'webhook.deliveryNotFound')
  nudgeWebhooks()
}
