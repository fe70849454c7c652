import { createHash } from 'node:crypto'
import type { OfferAttachmentKind, OfferProperty, OfferTerms, OfferView, OfferViewer } from '@offerbook/domain/offer'
import { OfferTermsSchema, offerDeadlines, shareProblems } from '@offerbook/domain/offer'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import { stipulationClausesText } from '@offerbook/domain/offer-clauses'
import type { OfferClosing } from '@offerbook/domain/offer-closing'
import type { OfferEventType, OfferStatus, OfferTurn } from '@offerbook/domain/offer-status'
import { allowedOfferActions, effectiveOfferStatus } from '@offerbook/domain/offer-status'
import type { User } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { fileUrl } from '../files/files.service'
import { managesListing } from '../listings/listings.service'
import { seesOfferThroughTeam } from '../teams/team-access'
import type { OfferListingRow, OfferRow } from './offers.queries'
import { findOffer, findOfferListing, listOfferEvents, lockOffer } from './offers.queries'
import { findShareLink, listOfferAttachments } from './offer-access.queries'
import { negotiationOf } from './offers-negotiation-view'
import { documentStanding } from '../offer-documents/offer-document-standing'

/**
 * Who may see and change an offer (issue #6, "Who sees what"): the buyer side sees its own offers
 * in any status; the seller side (whoever manages the listing) sees them once shared; the holder of
 * a share link sees one offer, read-only, until the link expires. Everyone else gets 404, so a
 * draft's existence is never revealed.
 */

export const offerNotFound = () => new AppError('NOT_FOUND', 'offer.notFound')

export function isOfferId(id: string): boolean {
  return isUuid(id)
}

/** Only the token's SHA-256 is stored; the token itself travels in the link. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The stored terms with every default filled in (a row written before a field existed reads the same). */
export function termsOf(row: Pick<OfferRow, 'terms'>): OfferTerms {
  const parsed = OfferTermsSchema.safeParse(row.terms)
  return parsed.success ? parsed.data : row.terms
}

/** Whether the user is on the seller side of an offer they may see: they manage its listing and it was shared. */
export async function isSellerOf(db: Db, user: User, row: Pick<OfferRow, 'listingId' | 'status'>): Promise<boolean> {
  return (row.status as OfferStatus) !== 'draft' && (await managesListing(db, user, row.listingId))
}

export async function loadOfferForViewer(
  db: Db,
  { viewer, id, token, now = new Date() }: { viewer: User | null; id: string; token?: string | null | undefined; now?: Date },
): Promise<{ row: OfferRow; viewer: OfferViewer }> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await findOffer(db, id.toLowerCase())
  if (!row) throw offerNotFound()
  if (viewer) {
    if (row.buyerId === viewer.uid) return { row, viewer: 'buyer' }
    if (await isSellerOf(db, viewer, row)) return { row, viewer: 'seller' }
    // A member of the buyer side's team reads the leader's offer as a link holder does: no changes, no packets (issue #16).
    if (await seesOfferThroughTeam(db, viewer.uid, row)) return { row, viewer: 'link' }
  }
  if (token && (row.status as OfferStatus) !== 'draft') {
    const link = await findShareLink(db, { offerId: row.id, tokenHash: hashShareToken(token) })
    if (link) {
      if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('FORBIDDEN', 'offer.linkExpired')
      return { row, viewer: 'link' }
    }
  }
  throw offerNotFound()
}

/** The offer locked for a change by its buyer side: 404 when there is none, 403 when the actor is not its buyer. */
export async function lockOfferForBuyer(tx: Db, actor: User, id: string): Promise<OfferRow> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await lockOffer(tx, id.toLowerCase())
  if (!row) throw offerNotFound()
  if (row.buyerId !== actor.uid) {
    // The seller side may know the offer exists once it is shared; anyone else may not.
    if (await isSellerOf(tx, actor, row)) throw new AppError('FORBIDDEN', 'offer.notYourOffer')
    throw offerNotFound()
  }
  return row
}

// ---------------------------------------------------------------------------------------------
// The answer

export function propertyOf(listing: OfferListingRow): OfferProperty {
  return {
    id: listing.id,
    address: listing.unparsedAddress,
    city: listing.city,
    listPrice: listing.listPrice,
    primaryPhotoURL: listing.primaryFileId ? fileUrl(listing.primaryFileId) : null,
    standardStatus: listing.standardStatus,
    timeZone: propertyTimeZone(listing.countyOrParish),
  }
}

export function offerPagePath(row: Pick<OfferRow, 'id' | 'listingId'>): string {
  return `/property/${row.listingId}/offers/${row.id}`
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)

/** The reason the seller side gave with the offer's last decline, if it gave one. */
function declineReasonOf(events: readonly { type: string; details: Record<string, unknown> }[]): string | null {
  const declined = events.filter((event) => event.type === 'declined').at(-1)
  const reason = declined?.details.reason
  return typeof reason === 'string' && reason !== '' ? reason : null
}

/** The closing recorded on the offer (decision 061): its figures, the side and person who recorded them, and the confirmation's time once closed. */
function closingOf(row: OfferRow, events: readonly { type: string; actorName: string | null }[]): OfferClosing | null {
  const side = row.closingRecordedSide
  if (row.closingDate === null || row.finalPrice === null || row.closingRecordedAt === null || (side !== 'buyer' && side !== 'seller')) return null
  const recorded = events.filter((event) => event.type === 'closing-recorded').at(-1)
  return {
    closingDate: row.closingDate,
    finalPrice: row.finalPrice,
    recordedSide: side,
    recordedByName: recorded?.actorName ?? null,
    recordedAt: row.closingRecordedAt.toISOString(),
    confirmedAt: row.status === 'closed' ? iso(row.decidedAt) : null,
  }
}

export async function toOfferView(db: Db, row: OfferRow, viewer: OfferViewer, { now = new Date(), publicUrl }: { now?: Date; publicUrl: string }): Promise<OfferView> {
  const [listing, attachments, events] = await Promise.all([findOfferListing(db, row.listingId), listOfferAttachments(db, row.id), listOfferEvents(db, row.id)])
  if (!listing) throw offerNotFound()
  // An open offer past its expiration reads as expired from that instant, with no answer left (decision 036).
  const status = effectiveOfferStatus(row.status as OfferStatus, row.expiresAt, now)
  const terms = termsOf(row)
  const side = viewer === 'link' ? null : viewer
  const negotiation = await negotiationOf(db, row, events)
  return {
    id: row.id,
    status,
    terms,
    property: propertyOf(listing),
    attachments: attachments.flatMap((attachment) => {
      const standing = documentStanding(attachment, row)
      if (standing === 'abandoned' && viewer !== 'buyer') return []
      return [
        {
          id: attachment.id,
          kind: attachment.kind as OfferAttachmentKind,
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: attachment.size,
          createdAt: attachment.createdAt.toISOString(),
          version: attachment.version,
          superseded: standing === 'superseded' || standing === 'abandoned',
        },
      ]
    }),
    events: events.map((event) => ({ type: event.type as OfferEventType, at: event.at.toISOString(), actorName: event.actorName })),
    viewer,
    actions: side ? allowedOfferActions(status, side, { acknowledged: row.bindingAgreementAt !== null, turn: row.turn as OfferTurn | null }) : [],
    shareProblems: status === 'draft' && viewer === 'buyer' ? shareProblems(terms, now) : [],
    stipulationClauses: stipulationClausesText(terms),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sharedAt: iso(row.sharedAt),
    decidedAt: iso(row.decidedAt),
    declineReason: status === 'declined' ? declineReasonOf(events) : null,
    bindingAgreementAt: iso(row.bindingAgreementAt),
    signedAt: iso(row.signedAt),
    deadlines: row.bindingAgreementAt ? offerDeadlines(terms, dateInZone(row.bindingAgreementAt, propertyTimeZone(listing.countyOrParish))) : null,
    // The token itself is only in the listing agent's email (only its hash is kept); signed in, the seller side opens this page without it.
    shareUrl: viewer === 'buyer' && row.sharedAt ? new URL(offerPagePath(row), `${publicUrl.replace(/\/+$/, '')}/`).toString() : null,
    negotiation,
    workingTerms: viewer === 'buyer' && row.workingTerms ? termsOf({ terms: row.workingTerms }) : null,
    closing: closingOf(row, events),
  }
}
