import { createHash } from 'node:crypto'
import type { LedgerEntry, LedgerVerification, OfferRecord } from '@offerbook/domain/offer-record'
import { firstBrokenLedgerLink } from '@offerbook/domain/offer-record'
import type { OfferEventType, OfferStatus } from '@offerbook/domain/offer-status'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { managesListing } from '../listings/listings.service'
import type { LedgerRow, RecordListingRow, RecordOfferRow } from './offer-record.queries'
import { findRecordListing, listChainLinks, listLedgerRows, listRecordOffers } from './offer-record.queries'

/**
 * The offer record of a listing (issue #18, decision 030). Its parties read it: the seller side (who
 * manages the listing) every entry of every offer it was shown; a buyer side the entries of its own
 * offers. Anyone else gets 404, so a listing's offers are never revealed.
 */

export const recordNotFound = () => new AppError('NOT_FOUND', 'offerRecord.notFound')

export const sha256Hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex')

export type RecordAccess = {
  listing: RecordListingRow
  scope: OfferRecord['scope']
  /** The offers whose entries the viewer sees. */
  offers: RecordOfferRow[]
  timeZone: string
}

export async function loadRecordAccess(db: Db, viewer: User, listingId: string): Promise<RecordAccess> {
  if (!isUuid(listingId)) throw recordNotFound()
  const listing = await findRecordListing(db, listingId.toLowerCase())
  if (!listing) throw recordNotFound()
  const timeZone = propertyTimeZone(listing.county)
  if (await managesListing(db, viewer, listing.id)) return { listing, scope: 'listing', offers: await listRecordOffers(db, { listingId: listing.id }), timeZone }
  const own = await listRecordOffers(db, { listingId: listing.id, buyerId: viewer.uid })
  if (own.length === 0) throw recordNotFound()
  return { listing, scope: 'own-offers', offers: own, timeZone }
}

/** "Jane Buyer and John Buyer", or the offer's short id when no buyer is named yet. */
export function offerLabel(row: Pick<RecordOfferRow, 'id' | 'terms'>): string {
  const names = (row.terms.buyers ?? []).map((buyer) => buyer.fullName.trim()).filter(Boolean)
  if (names.length === 0) return `Offer ${row.id.slice(0, 8)}`
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

export async function ledgerRowsOf(db: Db, access: RecordAccess): Promise<LedgerRow[]> {
  return listLedgerRows(db, { listingId: access.listing.id, offerIds: access.offers.map((row) => row.id) })
}

export function toEntries(rows: readonly LedgerRow[], access: RecordAccess): LedgerEntry[] {
  const labels = new Map(access.offers.map((row) => [row.id, offerLabel(row)]))
  // A buyer side numbers its own entries from 1: the ledger's numbers would tell how many entries other offers made.
  const own = access.scope === 'own-offers'
  return rows.map((row, index) => ({
    seq: own ? index + 1 : row.seq,
    id: row.id,
    offerId: row.offerId,
    offerLabel: labels.get(row.offerId) ?? row.offerId,
    type: row.type as OfferEventType,
    actorName: row.actorName,
    fromStatus: row.fromStatus as OfferStatus | null,
    toStatus: row.toStatus as OfferStatus | null,
    details: row.details,
    at: row.at.toISOString(),
    hash: row.hash,
  }))
}

/**
 * Checks the listing's whole chain (a buyer side's entries are links of it too). A buyer side is told
 * whether it holds, and which of its own entries broke, not how many entries the listing has.
 */
export async function verifyLedger(db: Db, listingId: string): Promise<LedgerVerification> {
  const links = await listChainLinks(db, listingId)
  const broken = firstBrokenLedgerLink(links, sha256Hex)
  return { ok: broken === null, checked: links.length, broken }
}

/** The viewer's entries of the listing's record, without checking the chain (the CSV export). */
export async function getOfferRecordEntries(db: Db, { viewer, listingId }: { viewer: User; listingId: string }): Promise<OfferRecord> {
  const access = await loadRecordAccess(db, viewer, listingId)
  const entries = toEntries(await ledgerRowsOf(db, access), access)
  return { listingId: access.listing.id, address: access.listing.address, timeZone: access.timeZone, scope: access.scope, entries }
}

export async function getOfferRecord(db: Db, { viewer, listingId }: { viewer: User; listingId: string }): Promise<{ record: OfferRecord; verification: LedgerVerification }> {
  const access = await loadRecordAccess(db, viewer, listingId)
  const [rows, verification] = await Promise.all([ledgerRowsOf(db, access), verifyLedger(db, access.listing.id)])
  const entries = toEntries(rows, access)
  const ownBroken = entries.find((entry) => entry.id === verification.broken?.id)
  const seen = verification.broken && access.scope === 'own-offers' ? { ...verification.broken, id: ownBroken?.id ?? '', seq: ownBroken?.seq ?? 0 } : verification.broken
  return {
    record: { listingId: access.listing.id, address: access.listing.address, timeZone: access.timeZone, scope: access.scope, entries },
    verification: access.scope === 'listing' ? verification : { ok: verification.ok, checked: entries.length, broken: seen },
  }
}
