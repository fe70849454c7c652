import { randomUUID } from 'node:crypto'
import type { OfferView } from '@offerbook/domain/offer'
import { shareProblems } from '@offerbook/domain/offer'
import type { CounterOffer, HighestBestRequest, HighestBestResult } from '@offerbook/domain/offer-negotiation'
import { applyCounter, differingTerms } from '@offerbook/domain/offer-negotiation'
import type { OfferAction, OfferStatus, OfferTurn } from '@offerbook/domain/offer-status'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import { canTransition, effectiveOfferStatus, OFFER_TRANSITIONS, OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { managesListing, saved as savedListing } from '../listings/listings.service'
import type { OfferRow } from './offers.queries'
import { findOfferListing, lockListingOffers, lockOffer, offersWithAttachmentKind, updateOffer } from './offers.queries'
import { expireShareLinks } from './offer-access.queries'
import { isOfferId, isSellerOf, offerNotFound, termsOf, toOfferView } from './offers-access'
import { notifyBuyerSide, notifySellerSide } from './offers-notify'
import { refuseRevisionAfterDeadline } from './offers-revisions'
import { refuseExpired, refuseStaleVersion, versionChanged, writeNextVersion } from './offers-versions'
import type { OffersContext } from './offers.service'
import { badTerms, listingOf, makeCurrentForm, notAllowed, recordEvent, termColumns } from './offers.service'

/**
 * Negotiation (decision 029): counter-offers from either side as immutable versions, the buyer
 * side's answers to the seller side's counter, the seller side's highest-and-best request with a
 * deadline the server keeps, and the seller side's check of the pre-approval letter. Every change is
 * an audit event through recordEvent (the offer_event writer) and a notice to the other side, in the
 * transaction of the change.
 */

const otherSide = (side: OfferTurn): OfferTurn => (side === 'buyer' ? 'seller' : 'buyer')

/** The offer locked, and the side the actor is on; 404 for anyone on neither side (a draft's existence is never revealed). */
async function lockWithSide(tx: Db, actor: User, id: string): Promise<{ row: OfferRow; side: OfferTurn }> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await lockOffer(tx, id.toLowerCase())
  if (!row) throw offerNotFound()
  if (row.buyerId === actor.uid) return { row, side: 'buyer' }
  if (await isSellerOf(tx, actor, row)) return { row, side: 'seller' }
  throw offerNotFound()
}

/** Refuses an action of negotiation in the order a user would understand: draft, status, side, turn. */
function guard(row: OfferRow, side: OfferTurn, action: OfferAction): void {
  const status = row.status as OfferStatus
  if (status === 'draft') throw new AppError('CONFLICT', 'offer.shareFirst')
  const transition = OFFER_TRANSITIONS[action]
  if (!transition.from.includes(status)) throw notAllowed(action, status)
  if (!transition.by.includes(side)) throw new AppError('FORBIDDEN', action === 'counter' ? 'negotiation.onlySellerCounters' : 'negotiation.onlyBuyerAnswers')
  const turn = row.turn as OfferTurn | null
  if (!canTransition(status, action, side, { turn })) {
    // Only the seller side counters an offer nobody has countered yet.
    if (status !== 'countered' && side === 'buyer') throw new AppError('FORBIDDEN', action === 'counter' ? 'negotiation.onlySellerCounters' : 'negotiation.onlyBuyerAnswers')
    throw new AppError('CONFLICT', side === 'buyer' ? 'negotiation.waitingForSeller' : 'negotiation.waitingForBuyer')
  }
}

/**
 * A counter-offer: the seller side on an open offer, or the buyer side on the seller side's counter.
 * The latest terms with the chosen ones changed become the next version, which is sent: the offer is
 * countered, waiting on the other side, its terms and expiration the version's.
 */
export async function counterOffer(db: Db, ctx: OffersContext, { actor, id, counter }: { actor: User; id: string; counter: CounterOffer }): Promise<OfferView> {
  const now = new Date()
  const { row, side } = await db.transaction(async (tx) => {
    const { row: locked, side } = await lockWithSide(tx, actor, id)
    await refuseExpired(tx, locked, now)
    guard(locked, side, 'counter')
    refuseStaleVersion(locked, counter.version)
    if (side === 'buyer') await refuseRevisionAfterDeadline(tx, locked, now)
    const latest = termsOf(locked)
    const next = applyCounter(latest, counter.terms)
    const changed = differingTerms(latest, next)
    if (changed.length === 0) throw new AppError('BAD_REQUEST', 'negotiation.counterUnchanged')
    const [problem, ...more] = shareProblems(next, now)
    if (problem) throw badTerms([problem, ...more])

    const from = locked.status as OfferStatus
    const number = await writeNextVersion(tx, locked, { kind: 'counter', side, actorId: actor.uid, actorName: actor.name, message: counter.message, terms: next, at: now })
    const changes = {
      status: 'countered' as const,
      turn: otherSide(side),
      version: number,
      terms: next,
      ...termColumns(next),
      // A sent version ends the buyer side's unsent working copy: it was written on an earlier version.
      workingTerms: null,
      updatedAt: now,
      // The seller side's counter reopens the negotiation: an earlier highest-and-best deadline no longer binds.
      ...(side === 'seller' ? { bestDeadline: null } : {}),
    }
    const countered = await updateOffer(tx, locked.id, changes)
    await recordEvent(tx, countered, { type: 'countered', actor, from, to: 'countered', at: now, details: { version: number, side, message: counter.message, changed } })
    const notice = { row: countered, listing: await listingOf(tx, countered), event: 'countered' as const, actorName: actor.name, note: counter.message || null }
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    if (side === 'seller') await notifyBuyerSide(tx, noticeContext, notice)
    else await notifySellerSide(tx, noticeContext, notice)
    return { row: countered, side }
  })
  await makeCurrentForm(db, ctx, row.id, now)
  return toOfferView(db, row, side, { now, publicUrl: ctx.publicUrl })
}

/**
 * The buyer side accepts the seller side's counter: the offer is accepted at that version's terms
 * (already the offer's), and its PDF and signing packet are made from them. The listing's other open
 * offers stay open as back-ups (the seller side did not choose to decline them); an Active listing
 * goes under contract. Locked as the seller's accept is, so two acceptances on one listing queue.
 */
export async function acceptCounter(db: Db, ctx: OffersContext, { actor, id, version }: { actor: User; id: string; version: number }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const { row: peek } = await lockWithSide(tx, actor, id)
    const open = await lockListingOffers(tx, { listingId: peek.listingId, statuses: [...OPEN_OFFER_STATUSES, 'accepted'] })
    const { row: target, side } = await lockWithSide(tx, actor, peek.id)
    await refuseExpired(tx, target, now)
    guard(target, side, 'acceptCounter')
    refuseStaleVersion(target, version)
    if (open.some((offer) => offer.status === 'accepted' && offer.id !== target.id)) throw new AppError('CONFLICT', 'offer.alreadyAccepted')
    const accepted = await updateOffer(tx, target.id, { status: 'accepted', turn: null, decidedAt: now, updatedAt: now })
    await recordEvent(tx, accepted, { type: 'counter-accepted', actor, from: 'countered', to: 'accepted', at: now, details: { version: accepted.version } })
    const listing = await listingOf(tx, accepted)
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    await notifySellerSide(tx, noticeContext, { row: accepted, listing, event: 'counter-accepted', actorName: actor.name })
    for (const other of open) {
      const status = other.status as OfferStatus
      if (other.id === target.id || !canTransition(status, 'keepAsBackup', 'system')) continue
      const kept = await updateOffer(tx, other.id, { status: 'backup', turn: null, decidedAt: now, updatedAt: now })
      await recordEvent(tx, kept, { type: 'backup', actor, from: status, to: 'backup', at: now, details: { acceptedOfferId: accepted.id } })
      await notifyBuyerSide(tx, noticeContext, { row: kept, listing, event: 'backup', actorName: actor.name, path: '/submitted-offers/active' })
    }
    if (listing.standardStatus === 'Active') await savedListing(tx, listing.id, { standardStatus: 'ActiveUnderContract' })
    return accepted
  })
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

/** The buyer side declines the seller side's counter: the negotiation ends, the offer is declined. */
export async function declineCounter(db: Db, ctx: OffersContext, { actor, id, version }: { actor: User; id: string; version: number }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const { row: locked, side } = await lockWithSide(tx, actor, id)
    await refuseExpired(tx, locked, now)
    guard(locked, side, 'declineCounter')
    refuseStaleVersion(locked, version)
    const declined = await updateOffer(tx, locked.id, { status: 'declined', turn: null, decidedAt: now, updatedAt: now })
    await recordEvent(tx, declined, { type: 'counter-declined', actor, from: 'countered', to: 'declined', at: now, details: { version: declined.version } })
    await expireShareLinks(tx, { offerId: declined.id, now })
    await notifySellerSide(tx, { publicUrl: ctx.publicUrl, at: now }, { row: declined, listing: await listingOf(tx, declined), event: 'counter-declined', actorName: actor.name })
    return declined
  })
  return toOfferView(db, row, 'buyer', { now, publicUrl: ctx.publicUrl })
}

// ---------------------------------------------------------------------------------------------
// Highest and best

/**
 * The seller side asks the listing's open offers (all, or the chosen ones) for their highest and
 * best by a deadline: one transaction, one instant, the same words to every buyer side, each an
 * audit event. Until the deadline the buyer sides may revise; after it the server refuses.
 */
export async function askHighestAndBest(db: Db, ctx: OffersContext, { actor, listingId, request }: { actor: User; listingId: string; request: HighestBestRequest }): Promise<HighestBestResult> {
  const now = new Date()
  const id = listingId.trim().toLowerCase()
  const listing = isOfferId(id) ? await findOfferListing(db, id) : null
  if (!listing) throw new AppError('NOT_FOUND', 'listing.notFound')
  if (!(await managesListing(db, actor, listing.id))) throw new AppError('FORBIDDEN', 'listing.notYours')
  const deadline = new Date(request.deadline)
  if (deadline.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', 'negotiation.bestDeadlinePast', { errors: [{ path: 'deadline', key: 'negotiation.bestDeadlinePast' }] })
  const wanted = request.offerIds?.map((offerId) => offerId.trim().toLowerCase())
  return db.transaction(async (tx) => {
    const open = await lockListingOffers(tx, { listingId: listing.id, statuses: OPEN_OFFER_STATUSES })
    if (wanted && wanted.some((offerId) => !open.some((offer) => offer.id === offerId)))
      throw new AppError('BAD_REQUEST', 'negotiation.bestOfferNotOpen', { errors: [{ path: 'offerIds', key: 'negotiation.bestOfferNotOpen' }] })
    const asked = (wanted && wanted.length > 0 ? open.filter((offer) => wanted.includes(offer.id)) : open).filter((offer) => effectiveOfferStatus(offer.status as OfferStatus, offer.expiresAt, now) !== 'expired')
    if (asked.length === 0) throw new AppError('CONFLICT', 'negotiation.bestNoOffers')
    // Every asked offer as the seller side saw it (decision 036): one that moved on, or arrived unseen, refuses the whole request.
    const versions = new Map(Object.entries(request.versions).map(([offerId, version]) => [offerId.trim().toLowerCase(), version]))
    const moved = asked.find((offer) => versions.get(offer.id) !== offer.version)
    if (moved) throw versionChanged(moved)
    const requestId = randomUUID()
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    // The notice names the deadline in the property's time zone, with the zone (issue #28).
    const date = formatZonedDateTime(deadline, propertyTimeZone(listing.countyOrParish))
    for (const offer of asked) {
      const status = offer.status as OfferStatus
      const changed = await updateOffer(tx, offer.id, { bestDeadline: deadline, updatedAt: now })
      await recordEvent(tx, changed, { type: 'best-requested', actor, from: status, to: status, at: now, details: { requestId, deadline: deadline.toISOString(), message: request.message, offers: asked.length } })
      await notifyBuyerSide(tx, noticeContext, { row: changed, listing, event: 'best-requested', actorName: actor.name, note: request.message, date })
    }
    return { requestId, at: now.toISOString(), deadline: deadline.toISOString(), offerIds: asked.map((offer) => offer.id) }
  })
}

// ---------------------------------------------------------------------------------------------
// The pre-approval letter

/** The seller side marks the offer's pre-approval letter verified (once; a new letter clears it). */
export async function verifyPreApproval(db: Db, ctx: OffersContext, { actor, id }: { actor: User; id: string }): Promise<OfferView> {
  const now = new Date()
  const row = await db.transaction(async (tx) => {
    const { row: locked, side } = await lockWithSide(tx, actor, id)
    if (side !== 'seller') throw new AppError('FORBIDDEN', 'negotiation.onlySellerVerifies')
    const letters = await offersWithAttachmentKind(tx, { offerIds: [locked.id], kind: 'pre-approval' })
    if (!letters.has(locked.id)) throw new AppError('CONFLICT', 'negotiation.noPreApproval')
    if (locked.preApprovalVerifiedAt) return locked
    const status = locked.status as OfferStatus
    const verified = await updateOffer(tx, locked.id, { preApprovalVerifiedAt: now, updatedAt: now })
    await recordEvent(tx, verified, { type: 'pre-approval-verified', actor, from: status, to: status, at: now })
    await notifyBuyerSide(tx, { publicUrl: ctx.publicUrl, at: now }, { row: verified, listing: await listingOf(tx, verified), event: 'pre-approval-verified', actorName: actor.name })
    return verified
  })
  return toOfferView(db, row, 'seller', { now, publicUrl: ctx.publicUrl })
}
