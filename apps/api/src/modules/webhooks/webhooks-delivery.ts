import type { Db } from '../../db/client'
import { RefusedHostError, safePost } from '../../http/safe-get'
import { listingAudienceNow, offerAudienceNow, packetAudienceNow } from '../events/events.service'
import type { JobContext, JobDefinition, JobLog } from '../jobs/job-runner'
import { enqueueEmail } from '../messaging/messaging.service'
import { getUser } from '../users/users.service'
import { onDeliveryEnqueued } from './webhooks.enqueue'
import type { ClaimedDelivery } from './webhooks.queries'
import { claimDueDeliveries, disableFailingEndpoint, finishDelivery, insertAttempt, releaseDeliveryClaims, scheduleDeliveryRetry } from './webhooks.queries'
import { findOfferParties } from './webhooks.access.queries'
import { openSecret, signWebhook } from './webhooks.secret'
import { privateAddressesAllowed } from './webhooks.settings'

/**
 * The webhooks job (decisions 045, 079): a queue every process drains, like the outbox. Each due
 * delivery is claimed, its owner checked as they are now (an account that cannot sign in, holds no role,
 * or may no longer see the record gets nothing: the delivery is cancelled), then POSTed through the
 * SSRF-safe client, signed per the Standard Webhooks specification. A failure is retried with an
 * exponential backoff until 3 days after the event; then the delivery fails, the endpoint is turned
 * off and its owner gets an email.
 */

const BATCH_SIZE = 20
const LEASE_MS = 2 * 60_000
const TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 64 * 1024

/** 10 s, 40 s, 2.7 min, 11 min, 43 min, 2.8 h, then every 6 h: about 14 attempts in the 3 days. */
export function webhookRetryDelayMs(attempt: number): number {
  return Math.min(10_000 * 4 ** Math.max(0, attempt - 1), 6 * 60 * 60_000)
}

export type WebhooksJobOptions = {
  db: Db
  log: JobLog
  publicUrl: string
  serverSecret: string
  /** Private addresses allowed while no admin has chosen (WEBHOOKS_ALLOW_PRIVATE); each run reads the admin's choice. */
  allowPrivateByDefault: boolean
  pollMs?: number
  retryDelayMs?: (attempt: number) => number
  releaseClaimsOnStart?: boolean
}

/** Whether the endpoint's owner may still have this delivery: an account that signs in, with a role, that sees the record. */
async function ownerMayHave(db: Db, delivery: ClaimedDelivery): Promise<string | null> {
  const owner = await getUser(db, delivery.endpoint.userId)
  if (!owner || owner.roles.length === 0) return 'the endpoint owner can no longer sign in'
  let audience: readonly string[] = []
  if (delivery.resource === 'Offer') {
    const parties = await findOfferParties(db, delivery.resourceKey)
    audience = parties ? await offerAudienceNow(db, parties) : []
  } else if (delivery.resource === 'SigningPacket') {
    audience = await packetAudienceNow(db, delivery.resourceKey)
  } else if (delivery.resource === 'Property') {
    audience = await listingAudienceNow(db, delivery.resourceKey)
  }
  return audience.includes(owner.uid) ? null : 'the endpoint owner may no longer see this record'
}

export function webhooksJob({ db, log, publicUrl, serverSecret, allowPrivateByDefault, pollMs = 2000, retryDelayMs = webhookRetryDelayMs, releaseClaimsOnStart = false }: WebhooksJobOptions): JobDefinition<number> {
  async function fail(delivery: ClaimedDelivery, statusCode: number | null, error: string): Promise<void> {
    await insertAttempt(db, { deliveryId: delivery.id, statusCode, error })
    const delayMs = retryDelayMs(delivery.attempts)
    if (Date.now() + delayMs <= delivery.retryUntil.getTime()) {
      await scheduleDeliveryRetry(db, delivery.id, delayMs)
      return
    }
    await finishDelivery(db, delivery.id, 'failed')
    if (await disableFailingEndpoint(db, delivery.endpoint.id)) {
      const owner = await getUser(db, delivery.endpoint.userId)
      if (owner) await enqueueEmail(db, 'webhook-disabled', { url: delivery.endpoint.url }, { to: owner.email, locale: owner.language, publicUrl })
      log.warn({ endpointId: delivery.endpoint.id }, 'webhooks: an endpoint failed for 3 days and is turned off')
    }
  }

  async function deliver(delivery: ClaimedDelivery, allowPrivate: boolean): Promise<boolean> {
    if (!delivery.endpoint.enabled) {
      // Turned off after the claim's read began: the delivery waits, pending, for the endpoint to come back or a redelivery.
      await scheduleDeliveryRetry(db, delivery.id, retryDelayMs(delivery.attempts))
      return false
    }
    const refused = await ownerMayHave(db, delivery)
    if (refused) {
      await insertAttempt(db, { deliveryId: delivery.id, statusCode: null, error: refused })
      await finishDelivery(db, delivery.id, 'cancelled')
      return false
    }
    const timestamp = Math.floor(Date.now() / 1000)
    const signature = signWebhook(openSecret(delivery.endpoint.secret, serverSecret), { id: delivery.id, timestamp, body: delivery.body })
    try {
      const answer = await safePost(new URL(delivery.endpoint.url), {
        body: delivery.body,
        headers: { 'content-type': 'application/json', 'user-agent': 'Offerbook-Webhooks/1', 'webhook-id': delivery.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        publicOnly: !allowPrivate,
      })
      if (answer.status >= 200 && answer.status < 300) {
        await insertAttempt(db, { deliveryId: delivery.id, statusCode: answer.status, error: null })
        await finishDelivery(db, delivery.id, 'delivered')
        return true
      }
      await fail(delivery, answer.status, `HTTP ${answer.status}`)
    } catch (error) {
      const reason = error instanceof RefusedHostError ? 'refused: not a public address' : error instanceof Error ? error.message.slice(0, 200) : 'failed'
      await fail(delivery, null, reason)
    }
    return false
  }

  async function drainOnce({ stopping }: JobContext): Promise<number> {
    let sent = 0
    while (!stopping()) {
      const batch = await claimDueDeliveries(db, { limit: BATCH_SIZE, leaseMs: LEASE_MS })
      if (batch.length === 0) break
      // Read for each batch: an admin's change holds from the next batch, in every process.
      const allowPrivate = await privateAddressesAllowed(db, allowPrivateByDefault)
      const results = await Promise.all(
        batch.map((delivery) =>
          deliver(delivery, allowPrivate).catch((error: unknown) => {
            log.error({ deliveryId: delivery.id, err: error }, 'webhooks: could not record a delivery attempt')
            return false
          }),
        ),
      )
      sent += results.filter(Boolean).length
      if (batch.length < BATCH_SIZE) break
    }
    return sent
  }

  return {
    name: 'webhooks',
    kind: 'queue',
    everyMs: pollMs,
    nudgeDelayMs: 50,
    run: drainOnce,
    attach: (nudge) => onDeliveryEnqueued(nudge),
    async prepare(nudge) {
      if (!releaseClaimsOnStart) return
      if ((await releaseDeliveryClaims(db)) > 0) nudge()
    },
  }
}
