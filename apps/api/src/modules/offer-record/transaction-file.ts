import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { PassThrough, Transform } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { ZipFile } from 'yazl'
import type { User } from '@offerbook/domain/user'
import { cleanFileName } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { isOfferId, termsOf } from '../offers/offers-access'
import { documentStanding } from '../offer-documents/offer-document-standing'
import { findOffer, listOfferEvents } from '../offers/offer-rows.service'
import { managesListing } from '../listings/listings.service'
import { embeddedFileOf } from '../signing/signing-record'
import { offerRecordCsv } from './offer-record-export'
import type { SealVersionListing } from './offer-record.queries'
import { findRecordListing, listLedgerRows, listOfferPackets, listPacketEvents, listSealVersions, listTransactionAttachments, storedFileKeys } from './offer-record.queries'
import { offerLabel, toEntries } from './offer-record.service'
import { propertyTimeZone } from '@offerbook/domain/property-time'

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

export type ManifestEntry = { path: string; size: number; sha256: string }
export type Manifest = { offerId: string; listingId: string; address: string | null; generatedAt: string; files: ManifestEntry[] }

type FileSource = { path: string; open: () => Promise<Readable | Buffer | null> }

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

const two = (index: number) => String(index + 1).padStart(2, '0')
const safeName = (name: string) => cleanFileName(name, 'file').replace(/[/\\]/g, '_')

export async function openTransactionFile(db: Db, storage: FileStorage, { viewer, offerId, now = new Date() }: { viewer: User; offerId: string; now?: Date }): Promise<{ filename: string; stream: Readable }> {
  const { row, listing } = await loadForParty(db, viewer, offerId)
  const timeZone = propertyTimeZone(listing.county)
  const [attachments, packets, events, ledger] = await Promise.all([
    listTransactionAttachments(db, row.id),
    listOfferPackets(db, row.id),
    listOfferEvents(db, row.id),
    listLedgerRows(db, { listingId: row.listingId, offerIds: [row.id] }),
  ])
  const fileIds = packets.flatMap((packet) => [packet.originalFileId, packet.signedFileId]).filter((id): id is string => id !== null)
  const packetIds = packets.map((packet) => packet.id)
  const [keys, audit, versions] = await Promise.all([
    fileIds.length === 0 ? [] : storedFileKeys(db, fileIds),
    packetIds.length === 0 ? [] : listPacketEvents(db, packetIds),
    packetIds.length === 0 ? [] : listSealVersions(db, packetIds),
  ])
  const keyOf = new Map(keys.map((item) => [item.id, item.key]))
  const fromStorage = (key: string | undefined) => async () => (key ? ((await storage.get(key))?.body ?? null) : null)
  // The record is kept only inside the sealed file: the ZIP carries the bytes read back out of it.
  const recordIn = (key: string | undefined) => async () => {
    const stored = key ? await storage.get(key) : null
    const record = stored ? await embeddedFileOf(await buffer(stored.body)) : null
    if (!record) throw new Error(`the sealed file ${key ?? '(none)'} carries no record`)
    return Buffer.from(record)
  }
  const json = (value: unknown) => async () => Buffer.from(`${JSON.stringify(value, null, 2)}\n`)

  // The current documents, and the offer forms of earlier versions apart; a form made on the draft and never shared is not part of the file (decision 036).
  const standings = attachments.map((item) => ({ item, standing: documentStanding(item, row) }))
  const current = standings.filter(({ standing }) => standing === 'file' || standing === 'current').map(({ item }) => item)
  const superseded = standings.filter(({ standing }) => standing === 'superseded').map(({ item }) => item)
  const terms = termsOf(row)
  const access = { listing, scope: 'own-offers' as const, offers: [{ id: row.id, buyerId: row.buyerId, status: row.status, terms, sharedAt: row.sharedAt, bindingAgreementAt: row.bindingAgreementAt, createdAt: row.createdAt }], timeZone }
  const entries = toEntries(ledger, access)
  const sources: FileSource[] = [
    {
      path: 'offer.json',
      open: json({
        id: row.id,
        listingId: row.listingId,
        property: listing.address,
        timeZone,
        buyers: offerLabel({ id: row.id, terms }),
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        sharedAt: row.sharedAt?.toISOString() ?? null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        bindingAgreementAt: row.bindingAgreementAt?.toISOString() ?? null,
        signedAt: row.signedAt?.toISOString() ?? null,
        version: row.version,
        terms,
      }),
    },
    ...current.map((item, index) => ({ path: `documents/${two(index)}-${item.kind}-${safeName(item.filename)}`, open: fromStorage(item.key) })),
    ...superseded.map((item, index) => ({ path: `superseded/${two(index)}-${item.kind}-v${item.version ?? 0}-${safeName(item.filename)}`, open: fromStorage(item.key) })),
    ...packets.flatMap((packet, index) => {
      const folder = `signing/${two(index)}-${safeName(packet.title)}`
      const trail = audit.filter((event) => event.packetId === packet.id)
      const sealed = versions.filter((version) => version.packetId === packet.id)
      const sealedKey = packet.signedFileId ? keyOf.get(packet.signedFileId) : undefined
      return [
        ...(packet.originalFileId ? [{ path: `${folder}/original.pdf`, open: fromStorage(keyOf.get(packet.originalFileId)) }] : []),
        ...(packet.signedFileId ? [{ path: `${folder}/sealed-with-certificate.pdf`, open: fromStorage(sealedKey) }] : []),
        // Files sealed before decision 059 carry no record, and packets sealed before the versions were kept list none.
        ...(packet.signedFileId && sealed.at(-1)?.recordSha256 ? [{ path: `${folder}/record.json`, open: recordIn(sealedKey) }] : []),
        ...(sealed.length > 0 ? [{ path: `${folder}/versions.json`, open: json({ packetId: packet.id, file: 'sealed-with-certificate.pdf', versions: sealed.map(versionEntry) }) }] : []),
        {
          path: `${folder}/audit-trail.json`,
          open: json({ packetId: packet.id, kind: packet.kind, status: packet.status, signedSha256: packet.signedSha256, completedAt: packet.completedAt?.toISOString() ?? null, events: trail }),
        },
      ]
    }),
    { path: 'events/offer-record.csv', open: async () => Buffer.from(offerRecordCsv(entries, timeZone)) },
    { path: 'events/offer-record.json', open: json(entries) },
    { path: 'events/offer-events.json', open: json(events.map((event) => ({ type: event.type, at: event.at.toISOString(), actorName: event.actorName, fromStatus: event.fromStatus, toStatus: event.toStatus, details: event.details }))) },
  ]

  const zip = new ZipFile()
  const files: ManifestEntry[] = []
  for (const source of sources) {
    zip.addReadStreamLazy(source.path, { mtime: now }, (callback) => {
      source
        .open()
        .then((content) => {
          const entry: ManifestEntry = { path: source.path, size: 0, sha256: '' }
          files.push(entry)
          const hash = createHash('sha256')
          // Hashes and counts the bytes on their way into the archive.
          const counted = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk)
              entry.size += chunk.length
              done(null, chunk)
            },
            flush(done) {
              entry.sha256 = hash.digest('hex')
              done()
            },
          })
          if (content === null) counted.end(Buffer.from(''))
          else if (Buffer.isBuffer(content)) counted.end(content)
          else content.on('error', (error) => counted.destroy(error)).pipe(counted)
          callback(null, counted)
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null as unknown as Readable))
    })
  }
  // The manifest's turn comes after every file above was read: their hashes are known by then.
  const manifest = (): Manifest => ({ offerId: row.id, listingId: row.listingId, address: listing.address, generatedAt: now.toISOString(), files })
  zip.addReadStreamLazy('manifest.json', { mtime: now }, (callback) => callback(null, bufferStream(`${JSON.stringify(manifest(), null, 2)}\n`)))
  zip.addReadStreamLazy('SHA256SUMS', { mtime: now }, (callback) => callback(null, bufferStream(files.map((file) => `${file.sha256}  ${file.path}\n`).join(''))))
  zip.end()
  return { filename: `Transaction-file-${row.id.slice(0, 8)}-v${row.version}.zip`, stream: zip.outputStream as unknown as Readable }
}

/** One version of a sealed file as versions.json lists it. */
function versionEntry(version: SealVersionListing) {
  return {
    seq: version.seq,
    sha256: version.sha256,
    size: version.size,
    previousSha256: version.previousSha256,
    level: version.level,
    timestampAt: version.timestampAt?.toISOString() ?? null,
    tsaName: version.tsaName,
    tsaExpiresAt: version.tsaExpiresAt?.toISOString() ?? null,
    recordSha256: version.recordSha256,
    createdAt: version.createdAt.toISOString(),
  }
}

function bufferStream(text: string): Readable {
  const stream = new PassThrough()
  stream.end(Buffer.from(text))
  return stream
}
