import type { OfferStatus } from '@offerbook/domain/offer-status'
import { effectiveOfferStatus } from '@offerbook/domain/offer-status'
import { formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { OfferVersionKind } from '@offerbook/domain/offer'
import { insertOfferVersion, insertOfferVersionOnce } from './negotiation.queries'
import type { OfferRow } from './offers.queries'
import { findOfferListing } from './offers.queries'
import { termsOf } from './offers-access'

/**
 * Versions and expiry at the instant of an action (decision 036): every answer names the version it
 * answers, an action on an offer past its expiration is refused, and every sent version is a row
 * of offer_version (version 1 written at sharing).
 */

/** The 409 of an answer to a version the offer has moved on from: nothing is written; the body carries the current version. */
export function versionChanged(row: Pick<OfferRow, 'version' | 'status' | 'terms'>): AppError {
  return new AppError('CONFLICT', 'offer.versionChanged', {
    params: { version: row.version },
    current: { version: row.version, status: row.status, terms: termsOf(row) as unknown as Record<string, unknown> },
  })
}

/** Refuses an answer to any version but the offer's current one. */
export function refuseStaleVersion(row: Pick<OfferRow, 'version' | 'status' | 'terms'>, version: number): void {
  if (version !== row.version) throw versionChanged(row)
}

/** The expiration as the property's parties read it: in the property's zone, named. */
export async function expiryInPropertyZone(db: Db, row: Pick<OfferRow, 'listingId'>, expiresAt: Date): Promise<string> {
  const listing = await findOfferListing(db, row.listingId)
  return formatZonedDateTime(expiresAt, propertyTimeZone(listing?.countyOrParish ?? null))
}

/** The 409 offer.expired of an action on an offer whose expiration has passed (or that the job already expired). */
export async function refuseExpired(db: Db, row: Pick<OfferRow, 'listingId' | 'status' | 'expiresAt' | 'decidedAt'>, now: Date): Promise<void> {
  if (effectiveOfferStatus(row.status as OfferStatus, row.expiresAt, now) !== 'expired') return
  const at = row.expiresAt ?? row.decidedAt ?? now
  throw new AppError('CONFLICT', 'offer.expired', { params: { expiresAt: await expiryInPropertyZone(db, row, at) } })
}

/** Version 1, the offer as shared; written at sharing, or first thing for an offer shared before versions were kept then. */
export async function writeFirstVersion(tx: Db, row: OfferRow): Promise<void> {
  await insertOfferVersionOnce(tx, {
    offerId: row.id,
    number: 1,
    kind: 'offer',
    side: 'buyer',
    actorId: row.buyerId,
    actorName: null,
    message: '',
    terms: termsOf(row),
    expiresAt: row.expiresAt,
    createdAt: row.sharedAt ?? row.updatedAt,
  })
}

/** Writes the offer's next version (its number is the offer's version + 1; the row is locked by the caller). */
export async function writeNextVersion(
  tx: Db,
  row: OfferRow,
  { kind, side, actorId, actorName, message, terms, at }: { kind: Exclude<OfferVersionKind, 'offer'>; side: 'buyer' | 'seller'; actorId: string; actorName: string | null; message: string; terms: OfferRow['terms']; at: Date },
): Promise<number> {
  if (row.version === 1) await writeFirstVersion(tx, row)
  const number = row.version + 1
  await insertOfferVersion(tx, { offerId: row.id, number, kind, side, actorId, actorName, message, terms, expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null, createdAt: at })
  return number
}
