import type { FastifyBaseLogger } from 'fastify'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { canTransition, OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { Db } from '../../db/client'
import { lockDueOffers, updateOffer } from './offers.queries'
import { expireShareLinks } from './offer-access.queries'
import type { OffersContext } from './offers.service'
import { listingOf, recordEvent } from './offers.service'
import { notifyBuyerSide, notifySellerSide } from './offers-notify'

/**
 * Offers expire by themselves at their expiration time (issue #6 part 5): a job, not a check at read
 * time. Any number of API processes may run it: each batch locks its rows with SKIP LOCKED.
 */

/**
 * Expires the open offers whose expires_at is at or before `now`, a batch per transaction. Each gets
 * its audit event, its share links end, and both sides are told, in its batch's transaction.
 * Returns how many expired.
 */
export async function expireDueOffers(db: Db, ctx: OffersContext, { now = new Date(), batchSize = 100 }: { now?: Date; batchSize?: number } = {}): Promise<number> {
  let total = 0
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = await lockDueOffers(tx, { now, statuses: OPEN_OFFER_STATUSES, limit: batchSize })
      const noticeContext = { publicUrl: ctx.publicUrl, at: now }
      for (const offer of due) {
        const from = offer.status as OfferStatus
        if (!canTransition(from, 'expire', 'system')) continue
        const changed = await updateOffer(tx, offer.id, { status: 'expired', decidedAt: now, updatedAt: now })
        await recordEvent(tx, changed, { type: 'expired', actor: null, from, to: 'expired', at: now })
        await expireShareLinks(tx, { offerId: changed.id, now })
        const notice = { row: changed, listing: await listingOf(tx, changed), event: 'expired' as const, actorName: null }
        await notifyBuyerSide(tx, noticeContext, notice)
        await notifySellerSide(tx, noticeContext, notice)
      }
      return due.length
    })
    total += expired
    if (expired < batchSize) return total
  }
}

export type OfferExpiryJob = { stop: () => Promise<void> }

/** Runs expireDueOffers now and then every `intervalMs`; stop() waits for a run in progress. */
export function startOfferExpiryJob({ db, log, publicUrl, intervalMs = 30_000 }: { db: Db; log: Pick<FastifyBaseLogger, 'info' | 'error'>; publicUrl: string; intervalMs?: number }): OfferExpiryJob {
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | null = null

  const run = async () => {
    try {
      const count = await expireDueOffers(db, { publicUrl })
      if (count > 0) log.info({ count }, 'offers expired')
    } catch (error) {
      log.error({ err: error }, 'the offer expiry job failed; it runs again at its next interval')
    }
  }
  const tick = () => {
    if (stopped) return
    running = run().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs)
    })
  }
  tick()

  return {
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
