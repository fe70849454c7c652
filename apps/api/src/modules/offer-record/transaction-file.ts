import type { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { isOfferId } from '../offers/offers-access'
import { findOffer } from '../offers/offer-rows.service'
import { managesListing } from '../listings/listings.service'
import { findRecordListing } from './offer-record.queries'
import type { ManifestEntry } from './transaction-file-parts'
import { addHashedEntries, bufferStream, offerFileSources, sha256Sums } from './transaction-file-parts'

/**
 * An offer's transaction file (issue #18, decision 030): one ZIP with its terms, every document made
 * or attached (the offer forms, attachments, pre-approval letter, the signing packets' documents as
 * sent and as sealed, with their signature certificate and audit trail) and its events, with a
 * manifest of each file's SHA-256. It is what a Tennessee broker keeps for 3 years and produces within
 * 24 hours. Streamed: each stored file is read from the storage when its turn comes.
 *
 * Layout:
 *   offer.json                       the offer: status, stamps and terms as they are now
 *   documents/NN-<kind>-<name>       each attachment and the current offer form, oldest first
 *   superseded/NN-<kind>-vN-<name>   the offer forms of earlier versions (decision 036)
 *   signing/NN-<packet title>/       each signing packet, oldest first:
 *     original.pdf                   the documents as sent
 *     sealed-with-certificate.pdf    the sealed file as it is now: its newest version, after any archive update (decision 056)
 *     record.json                    the record embedded in that sealed file (decision 059), its very bytes read back out of it
 *     versions.json                  every version of the sealed file: SHA-256, size, PAdES level, timestamp; each earlier
 *                                    one is the newest file's first `size` bytes (an archive update only appends)
 *     audit-trail.json               the packet's signing events
 *   events/offer-record.csv          the offer's entries of the listing's offer record
 *   events/offer-record.json         the same entries with their sequence and hash
 *   events/offer-events.json         the offer's events as the offer page lists them
 *   manifest.json                    every other file: path, size, SHA-256 (written last)
 *   SHA256SUMS                       the same in `sha256sum -c` form
 */

export const fileNotFound = () => new AppError('NOT_FOUND', 'offerRecord.fileNotFound')

export type { ManifestEntry } from './transaction-file-parts'
export type Manifest = { offerId: string; listingId: string; address: string | null; generatedAt: string; files: ManifestEntry[] }

/** The offer, if the viewer is one of its parties: its buyer side, or its listing's seller side once shared. */
async function loadForParty(db: Db, viewer: User, offerId: string) {
  if (!isOfferId(offerId)) throw fileNotFound()
  const row = await findOffer(db, offerId.toLowerCase())
  if (!row) throw fileNotFound()
  const seller = row.status !== 'draft' && (await managesListing(db, viewer, row.listingId))
  if (row.buyerId !== viewer.uid && !seller) throw fileNotFound()
  const listing = await findRecordListing(db, row.listingId)
  if (!listing) throw fileNotFound()
  return { row, listing }
}

export async function openTransactionFile(db: Db, storage: FileStorage, { viewer, offerId, now = new Date() }: { viewer: User; offerId: string; now?: Date }): Promise<{ filename: string; stream: Readable }> {
  const { row, listing } = await loadForParty(db, viewer, offerId)
  const sources = await offerFileSources(db, storage, { row, listing })
  const zip = new ZipFile()
  const files: ManifestEntry[] = []
  // Its failure shows as the archive's: yazl ends the stream with the source's error.
  addHashedEntries(zip, sources, { mtime: now, files }).catch(() => {})
  // The manifest's turn comes after every file above was read: their hashes are known by then.
  const manifest = (): Manifest => ({ offerId: row.id, listingId: row.listingId, address: listing.address, generatedAt: now.toISOString(), files })
  zip.addReadStreamLazy('manifest.json', { mtime: now }, (callback) => callback(null, bufferStream(`${JSON.stringify(manifest(), null, 2)}\n`)))
  zip.addReadStreamLazy('SHA256SUMS', { mtime: now }, (callback) => callback(null, bufferStream(sha256Sums(files))))
  zip.end()
  return { filename: `Transaction-file-${row.id.slice(0, 8)}-v${row.version}.zip`, stream: zip.outputStream as unknown as Readable }
}
