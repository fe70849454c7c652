import type { OfferView } from '@offerbook/domain/offer'
import type { ClosingSide, RecordClosing } from '@offerbook/domain/offer-closing'
import { closingDateProblem, closingPriceDifference } from '@offerbook/domain/offer-closing'
import type { StandardStatus } from '@offerbook/domain/listing'
import { canChangeListingStatus } from '@offerbook/domain/listing'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { canTransition } from '@offerbook/domain/offer-status'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { saved as savedListing } from '../listings/listings.service'
import type { OfferListingRow, OfferRow } from './offers.queries'
import { lockOffer, updateOffer } from './offers.queries'
import { expireShareLinks } from './offer-access.queries'
import { isOfferId, isSellerOf, offerNotFound, toOfferView } from './offers-access'
import type { Notice, NoticeContext } from './offers-notify'
import { notifyBuyerSide, notifySellerSide } from './offers-notify'
import type { OffersContext } from './offers.service'
import { listingOf, notAllowed, recordEvent } from './offers.service'

/**
 * Closing an accepted offer in two steps (issue #34 item 5, decision 061): one side records the
 * closing date and the final price, the other side confirms them (the offer is closed, the listing
 * Closed) or disputes them with a reason (the record is cleared and its side told). Each step is a
 * ledger entry with the figures, and the other side is told, in the same transaction.
 */

type Locked = { row: OfferRow; side: ClosingSide; listing: OfferListingRow }

/** The accepted offer locked for a closing step, with the side the actor takes: the offer's buyer side, or whoever manages its listing. */
async function lockForClosing(tx: Db, actor: User, id: string): Promise<Locked> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await lockOffer(tx, id.toLowerCase())
  if (!row) throw offerNotFound()
  const side: ClosingSide | null = row.buyerId === actor.uid ? 'buyer' : (await isSellerOf(tx, actor, row)) ? 'seller' : null
  if (!side) throw offerNotFound()
  const status = row.status as OfferStatus
  if (status === 'draft') throw new AppError('CONFLICT', 'offer.shareFirst')
  if (!canTransition(status, 'close', side)) throw notAllowed('close', status)
  return { row, side, listing: await listingOf(tx, row) }
}

const otherSide = (side: ClosingSide): ClosingSide => (side === 'buyer' ? 'seller' : 'buyer')

async function tellSide(tx: Db, ctx: NoticeContext, side: ClosingSide, notice: Notice): Promise<void> {
  if (side === 'buyer') await notifyBuyerSide(tx, ctx, notice)
  else await notifySellerSide(tx, ctx, notice)
}

/** One side records the closing date and final price; the other side is asked to confirm them. */
export async function recordClosing(db: Db, ctx: OffersContext, { actor, id, closingDate, finalPrice, confirmed }: { actor: User; id: string } & RecordClosing): Promise<OfferView> {
  const now = new Date()
  const { row, side } = await db.transaction(async (tx) => {
    const { row: locked, side, listing } = await lockForClosing(tx, actor, id)
    if (locked.closingRecordedAt) throw new AppError('CONFLICT', 'offer.closingAlreadyRecorded')
    if (!locked.bindingAgreementAt) throw new AppError('CONFLICT', 'offer.closingNotBinding')
    const zone = propertyTimeZone(listing.countyOrParish)
    const bindingDate = dateInZone(locked.bindingAgreementAt, zone)
    const dateProblem = closingDateProblem(closingDate, { today: dateInZone(now, zone), bindingDate })
    // The date travels as YYYY-MM-DD: the reader's language writes it out (CALENDAR_DATE_PARAMS).
    if (dateProblem) throw fieldError('closingDate', dateProblem, dateProblem === 'offer.closingDateBeforeBinding' ? { date: bindingDate } : undefined)
    // Far from the contract's price, the figure is asked again, as an unusual offer price is (decision 037).
    const difference = closingPriceDifference(finalPrice, locked.purchasePrice)
    if (difference !== null && !confirmed) throw fieldError('finalPrice', 'offer.closingPriceUnconfirmed', { percent: difference })
    const changed = await updateOffer(tx, locked.id, { closingDate, finalPrice, closingRecordedSide: side, closingRecordedBy: actor.uid, closingRecordedAt: now, updatedAt: now })
    await recordEvent(tx, changed, { type: 'closing-recorded', actor, from: 'accepted', to: 'accepted', at: now, details: { side, closingDate, finalPrice, contractPrice: locked.purchasePrice } })
    await tellSide(tx, { publicUrl: ctx.publicUrl, at: now }, otherSide(side), { row: changed, listing, event: 'closing-recorded', actorName: actor.name, date: closingDate, price: finalPrice })
    return { row: changed, side }
  })
  return toOfferView(db, row, side, { now, publicUrl: ctx.publicUrl })
}

/** The lock for the other side's answer: a closing is recorded, and not by the actor's own side. */
async function lockRecorded(tx: Db, actor: User, id: string): Promise<Locked & { recordedSide: ClosingSide }> {
  const locked = await lockForClosing(tx, actor, id)
  const recordedSide = locked.row.closingRecordedSide as ClosingSide | null
  if (!locked.row.closingRecordedAt || !recordedSide) throw new AppError('CONFLICT', 'offer.closingNothingRecorded')
  if (recordedSide === locked.side) throw new AppError('CONFLICT', 'offer.closingOwnRecord')
  return { ...locked, recordedSide }
}

/** The other side confirms the recorded closing: the offer is closed at those figures, both sides are told, and the listing is Closed. */
export async function confirmClosing(db: Db, ctx: OffersContext, { actor, id }: { actor: User; id: string }): Promise<OfferView> {
  const now = new Date()
  const { row, side } = await db.transaction(async (tx) => {
    const { row: locked, side, listing, recordedSide } = await lockRecorded(tx, actor, id)
    const changed = await updateOffer(tx, locked.id, { status: 'closed', decidedAt: now, updatedAt: now })
    const figures = { closingDate: locked.closingDate, finalPrice: locked.finalPrice }
    await recordEvent(tx, changed, { type: 'closed', actor, from: 'accepted', to: 'closed', at: now, details: { ...figures, recordedSide, confirmedSide: side } })
    await expireShareLinks(tx, { offerId: changed.id, now })
    const from = listing.standardStatus as StandardStatus
    if (from !== 'Closed' && canChangeListingStatus(from, 'Closed')) await savedListing(tx, listing.id, { standardStatus: 'Closed' })
    const notice = { row: changed, listing, event: 'closed' as const, actorName: actor.name, date: locked.closingDate, price: locked.finalPrice }
    const noticeContext = { publicUrl: ctx.publicUrl, at: now }
    await notifyBuyerSide(tx, noticeContext, notice)
    await notifySellerSide(tx, noticeContext, notice)
    return { row: changed, side }
  })
  return toOfferView(db, row, side, { now, publicUrl: ctx.publicUrl })
}

/** The other side disputes the recorded closing: the record is cleared, and the side that made it is told why. */
export async function disputeClosing(db: Db, ctx: OffersContext, { actor, id, reason }: { actor: User; id: string; reason: string }): Promise<OfferView> {
  const now = new Date()
  const { row, side } = await db.transaction(async (tx) => {
    const { row: locked, side, listing, recordedSide } = await lockRecorded(tx, actor, id)
    const figures = { closingDate: locked.closingDate, finalPrice: locked.finalPrice }
    const changed = await updateOffer(tx, locked.id, { closingDate: null, finalPrice: null, closingRecordedSide: null, closingRecordedBy: null, closingRecordedAt: null, updatedAt: now })
    await recordEvent(tx, changed, { type: 'closing-disputed', actor, from: 'accepted', to: 'accepted', at: now, details: { ...figures, recordedSide, reason } })
    await tellSide(tx, { publicUrl: ctx.publicUrl, at: now }, recordedSide, { row: changed, listing, event: 'closing-disputed', actorName: actor.name, note: reason, date: figures.closingDate, price: figures.finalPrice })
    return { row: changed, side }
  })
  return toOfferView(db, row, side, { now, publicUrl: ctx.publicUrl })
}
