import type { FastifyBaseLogger } from 'fastify'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { canTransition, OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { Db } from '../../db/client'
import type { JobDefinition } from '../jobs/job-runner'
import { lockDueOffers, updateOffer } from './offers.queries'
import { expireShareLinks } from './offer-access.queries'
import type { OffersContext } from './offers.service'
import { listingOf, recordEvent } from './offers.service'
import { notifyBuyerSide, notifySellerSide } from './offers-notify'

/**
 * Offers expire by themselves at their expiration time (issue #6 part 5): a job, not a check at read
 * time. The job runner runs it in one process at a time, and each batch also locks its rows with SKIP LOCKED.
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

/** Offer expiry as an entry of the job runner (decision 045): at start, then 30 s after each run ends; one process at a time. */
export function offerExpiryJob({ db, log, publicUrl, everyMs = 30_000 }: { db: Db; log: Pick<FastifyBaseLogger, 'info'>; publicUrl: string; everyMs?: number }): JobDefinition<number> {
  return {
    name: 'offer-expiry',
    kind: 'schedule',
    everyMs,
    runAtStart: true,
    async run() {
      const count = await expireDueOffers(db, { publicUrl })
      if (count > 0) log.info({ count }, 'offers expired')
      return count
    },
  }
}
