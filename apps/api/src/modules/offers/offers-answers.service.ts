import type { AcceptOffer, OfferView } from '@offerbook/domain/offer'
import type { OfferAction, OfferStatus, OfferTurn } from '@offerbook/domain/offer-status'
import { canTransition, nextStatus, OFFER_TRANSITIONS, OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { StandardStatus } from '@offerbook/domain/listing'
import { canChangeListingStatus } from '@offerbook/domain/listing'
import { changeListingSettings, saved as savedListing } from '../listings/listings.service'
import type { OfferRow } from './offers.queries'
import { findOffer, lockListingOffers, lockOffer, updateOffer } from './offers.queries'
import { expireShareLinks } from './offer-access.queries'
import { isOfferId, isSellerOf, offerNotFound, toOfferView } from './offers-access'
import { notifyBuyerSide, notifySellerSide } from './offers-notify'
import { refuseExpired, refuseStaleVersion } from './offers-versions'
import type { OffersContext } from './offers.service'
import { listingOf, notAllowed, recordEvent } from './offers.service'

/**
 * The answers to a shared offer and the contract's life: withdraw, decline, acknowledge, terminate,
 * and accept (which settles the listing's other open offers).
 */

/** Closing is two steps of its own (offers-closing.service.ts, decision 061), not one of these. */
export type SimpleAction = Extract<OfferAction, 'withdraw' | 'decline' | 'acknowledge' | 'terminate'>

/** The offer locked for an action, and which side the actor takes it as; refused in the order a user would understand. */
async function lockForAction(tx: Db, actor: User, id: string, action: OfferAction, now: Date): Promise<{ row: OfferRow; side: 'buyer' | 'seller' }> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await lockOffer(tx, id.toLowerCase())
  if (!row) throw offerNotFound()
  const status = row.status as OfferStatus
  const isBuyer = row.buyerId === actor.uid
  const isSeller = !isBuyer || OFFER_TRANSITIONS[action].by.includes('seller') ? await isSellerOf(tx, actor, row) : false
  if (!isBuyer && !isSeller) throw offerNotFound()
  if (status === 'draft') throw new AppError('CONFLICT', 'offer.shareFirst')
  // Past its expiration an offer takes no answer, whether or not the expiry job came (decision 036).
  await refuseExpired(tx, row, now)
  const by = OFFER_TRANSITIONS[action].by
  const side = isBuyer && by.includes('buyer') ? 'buyer' : isSeller && by.includes('seller') ? 'seller' : null
  if (!side) throw new AppError('FORBIDDEN', isBuyer ? 'offer.notSellerOfOffer' : 'offer.notYourOffer')
  if (action === 'acknowledge' && status === 'accepted' && row.bindingAgreementAt) throw new AppError('CONFLICT', 'offer.alreadyAcknowledged')
  // A binding contract ends by a signed notice of termination under a named ground (decision 065), not in one step.
  if (action === 'terminate' && status === 'accepted' && row.bindingAgreementAt) throw new AppError('CONFLICT', 'notice.terminateByNotice')
  const turn = row.turn as OfferTurn | null
  if (!canTransition(status, action, side, { turn })) {
    // A countered offer waiting on the buyer side: the seller side cannot accept its own counter (decision 029).
    if (status === 'countered' && OFFER_TRANSITIONS[action].from.includes(status)) throw new AppError('CONFLICT', side === 'seller' ? 'negotiation.waitingForBuyer' : 'negotiation.waitingForSeller')
    throw notAllowed(action, status)
  }
  return { row, side }
}

/** Withdraw (buyer), decline (seller), acknowledge the acceptance (buyer), terminate (either). */
export async function actOnOffer(db: Db, ctx: OffersContext, { actor, id, action, version, reason }: { actor: User; id: string; action: SimpleAction; version?: number | undefined; reason?: string | undefined }): Promise<OfferView> {
  const now = new Date()
  const { row, side } = await db.transaction(async (tx) => {
    const locked = await lockForAction(tx, actor, id, action, now)
    // An answer names the version it answers (decision 036); withdrawing one's own offer, or the contract's steps, do not.
    if (version !== undefined) refuseStaleVersion(locked.row, version)
    const from = locked.row.status as OfferStatus
    const to = nextStatus(action)
    const changed =
      action === 'acknowledge'
        ? await updateOffer(tx, locked.row.id, { bindingAgreementAt: now, updatedAt: now })
        : await updateOffer(tx, locked.row.id, { status: to, decidedAt: now, updatedAt: now })
    const type: 'acknowledged' | 'withdrawn' | 'declined' | 'terminated' = action === 'acknowledge' ? 'acknowledged' : (to as 'withdrawn' | 'declined' | 'terminated')
    // A decline's reason is kept in its ledger entry, where the buyer side's view reads it (offers-access.ts).
    await recordEvent(tx, changed, { type, actor, from, to, at: now, ...(type === 'declined' && reason ? { details: { reason } } : {}) })
    if (!OPEN_OFFER_STATUSES.includes(to) && to !== 'accepted') await expireShareLinks(tx, { offerId: changed.id, now })
    const notice = { row: changed, listing: await listingOf(tx, changed), event: type, actorName: actor.name }
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    if (locked.side === 'buyer') await notifySellerSide(tx, noticeContext, notice)
    else await notifyBuyerSide(tx, noticeContext, notice)
    return { row: changed, side: locked.side }
  })
  return toOfferView(db, row, side, { now, publicUrl: ctx.publicUrl })
}

/**
 * Accepts one offer. The listing's other open offers are declined or kept as back-ups in the same
 * transaction, at the same instant, and every buyer side affected is told in the same words; an
 * Active listing goes under contract. The listing's open offers are locked in id order first, so
 * two accepts on one listing queue and the second finds the first.
 */
export async function acceptOffer(db: Db, ctx: OffersContext, { actor, id, others, version }: { actor: User; id: string } & AcceptOffer): Promise<OfferView> {
  if (!isOfferId(id)) throw offerNotFound()
  const peek = await findOffer(db, id.toLowerCase())
  if (!peek) throw offerNotFound()
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const open = await lockListingOffers(tx, { listingId: peek.listingId, statuses: [...OPEN_OFFER_STATUSES, 'accepted'] })
    const { row: target } = await lockForAction(tx, actor, peek.id, 'accept', now)
    // The seller side accepts the terms it saw, never a version sent since (decision 036).
    refuseStaleVersion(target, version)
    if (open.some((offer) => offer.status === 'accepted' && offer.id !== target.id)) throw new AppError('CONFLICT', 'offer.alreadyAccepted')
    const from = target.status as OfferStatus
    const accepted = await updateOffer(tx, target.id, { status: 'accepted', turn: null, decidedAt: now, updatedAt: now })
    await recordEvent(tx, accepted, { type: 'accepted', actor, from, to: 'accepted', at: now, details: { others, version: accepted.version } })
    const listing = await listingOf(tx, accepted)
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    await notifyBuyerSide(tx, noticeContext, { row: accepted, listing, event: 'accepted', actorName: actor.name })

    const action: OfferAction = others === 'backup' ? 'keepAsBackup' : 'decline'
    const to = nextStatus(action)
    // The same words for all: the link is the tab of the buyer's list, not one offer.
    const path = to === 'backup' ? '/submitted-offers/active' : '/submitted-offers/inactive'
    for (const other of open) {
      const status = other.status as OfferStatus
      if (other.id === target.id || status === to || !canTransition(status, action, 'system')) continue
      const changed = await updateOffer(tx, other.id, { status: to, decidedAt: now, updatedAt: now })
      await recordEvent(tx, changed, { type: to === 'backup' ? 'backup' : 'declined', actor, from: status, to, at: now, details: { acceptedOfferId: accepted.id } })
      if (to === 'declined') await expireShareLinks(tx, { offerId: changed.id, now })
      await notifyBuyerSide(tx, noticeContext, { row: changed, listing, event: to === 'backup' ? 'backup' : 'declined', actorName: actor.name, path })
    }
    if (listing.standardStatus === 'Active') await changeListingSettings(tx, { actor, id: listing.id, patch: { StandardStatus: 'ActiveUnderContract' } })
    return accepted
  })
  return toOfferView(db, row, 'seller', { now, publicUrl: ctx.publicUrl })
}

/**
 * Ends a binding contract by its signed notice of termination (decision 065), in the signing job's
 * transaction, by the transition rules of 'terminate' for the side that sent it: the offer is
 * terminated with its ground and reason, the other side is told, an under-contract listing goes back
 * to Active, and every back-up offer's buyer side is told the contract ended, so the seller side may
 * take one up. An offer no longer accepted (closed meanwhile) is left as it is: returns false.
 */
export async function terminateByNotice(
  tx: Db,
  ctx: Pick<OffersContext, 'publicUrl'>,
  { offerId, side, actorName, details, now }: { offerId: string; side: 'buyer' | 'seller'; actorName: string | null; details: { noticeId: string; packetId: string; ground: string; reason: string }; now: Date },
): Promise<boolean> {
  const row = await lockOffer(tx, offerId)
  if (!row) throw offerNotFound()
  const from = row.status as OfferStatus
  if (!canTransition(from, 'terminate', side)) return false
  const changed = await updateOffer(tx, row.id, { status: 'terminated', decidedAt: now, updatedAt: now })
  await recordEvent(tx, changed, { type: 'terminated', actor: null, from, to: 'terminated', at: now, details: { ...details, side } })
  await expireShareLinks(tx, { offerId: changed.id, now })
  const listing = await listingOf(tx, changed)
  const noticeContext = { publicUrl: ctx.publicUrl, at: now }
  const notice = { row: changed, listing, event: 'terminated' as const, actorName, note: details.reason }
  if (side === 'buyer') await notifySellerSide(tx, noticeContext, notice)
  else await notifyBuyerSide(tx, noticeContext, notice)
  const status = listing.standardStatus as StandardStatus
  if ((status === 'ActiveUnderContract' || status === 'Pending') && canChangeListingStatus(status, 'Active')) await savedListing(tx, listing.id, { standardStatus: 'Active' })
  for (const backup of await lockListingOffers(tx, { listingId: listing.id, statuses: ['backup'] })) {
    await recordEvent(tx, backup, { type: 'contract-ended', actor: null, from: 'backup', to: 'backup', at: now, details: { terminatedOfferId: changed.id } })
    await notifyBuyerSide(tx, noticeContext, { row: backup, listing, event: 'contract-ended', actorName: null })
  }
  return true
}
