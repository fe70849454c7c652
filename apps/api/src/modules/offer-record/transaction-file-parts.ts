import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { PassThrough, Transform } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { ZipFile } from 'yazl'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import { cleanFileName } from '@offerbook/domain/validation'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { termsOf } from '../offers/offers-access'
import { documentStanding } from '../offer-documents/offer-document-standing'
import type { OfferRow } from '../offers/offer-rows.service'
import { findOffer, listOfferEvents } from '../offers/offer-rows.service'
import { embeddedFileOf } from '../signing/signing-record'
import { offerRecordCsv } from './offer-record-export'
import type { RecordListingRow, SealVersionListing } from './offer-record.queries'
import { findRecordListing, listLedgerRows, listOfferPackets, listPacketEvents, listSealVersions, listTransactionAttachments, storedFileKeys } from './offer-record.queries'
import { offerLabel, toEntries } from './offer-record.service'

/**
 * The pieces of a transaction file (decision 030) that one offer's ZIP and the brokerage's export
 * (decision 071) share: the files of an offer, each opened from the storage only when its turn comes,
 * and the ZIP entries that hash and count each file's bytes on their way in, for the manifest.
 */

export type ManifestEntry = { path: string; size: number; sha256: string }

/** A file of the ZIP: its path, and how its bytes are read when the archive reaches it (null: empty). */
export type FileSource = { path: string; open: () => Promise<Readable | Buffer | null> }

const two = (index: number) => String(index + 1).padStart(2, '0')
export const safeName = (name: string) => cleanFileName(name, 'file').replace(/[/\\]/g, '_')

/** The offer and its listing, as a transaction file reads them; null when either is gone. Whoever calls it has checked the reader. */
export async function loadOfferForFile(db: Db, offerId: string): Promise<{ row: OfferRow; listing: RecordListingRow } | null> {
  const row = await findOffer(db, offerId)
  const listing = row ? await findRecordListing(db, row.listingId) : null
  return row && listing ? { row, listing } : null
}

/** The files of one offer's transaction file, in their order, paths relative to its folder (manifest apart). */
export async function offerFileSources(db: Db, storage: FileStorage, { row, listing }: { row: OfferRow; listing: RecordListingRow }): Promise<FileSource[]> {
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

  // The current documents, and the offer forms of earlier versions apart; a form made on the draft and never shared is not part of the file (decision 036).
  const standings = attachments.map((item) => ({ item, standing: documentStanding(item, row) }))
  const current = standings.filter(({ standing }) => standing === 'file' || standing === 'current').map(({ item }) => item)
  const superseded = standings.filter(({ standing }) => standing === 'superseded').map(({ item }) => item)
  const terms = termsOf(row)
  const access = { listing, scope: 'own-offers' as const, offers: [{ id: row.id, buyerId: row.buyerId, status: row.status, terms, sharedAt: row.sharedAt, bindingAgreementAt: row.bindingAgreementAt, createdAt: row.createdAt }], timeZone }
  const entries = toEntries(ledger, access)
  return [
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
}

/** A file of JSON, pretty-printed, opened when its turn comes. */
export const json = (value: unknown) => async () => Buffer.from(`${JSON.stringify(value, null, 2)}\n`)

/**
 * Adds the sources to the ZIP under `prefix`, each read only when the archive reaches it, hashed and
 * counted on its way in; each file's entry is pushed to `files` (its size and SHA-256 are complete once
 * its bytes are all in). Resolves when the last source has gone in, rejects on the first that fails: a
 * caller that waits before adding more keeps one batch of files in flight, whatever the archive's size.
 */
export function addHashedEntries(zip: ZipFile, sources: readonly FileSource[], { mtime, prefix = '', files }: { mtime: Date; prefix?: string; files: ManifestEntry[] }): Promise<void> {
  if (sources.length === 0) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    let left = sources.length
    const doneOne = () => {
      left -= 1
      if (left === 0) resolve()
    }
    for (const source of sources) {
      const path = `${prefix}${source.path}`
      zip.addReadStreamLazy(path, { mtime }, (callback) => {
        source
          .open()
          .then((content) => {
            const entry: ManifestEntry = { path, size: 0, sha256: '' }
            files.push(entry)
            const hash = createHash('sha256')
            const counted = new Transform({
              transform(chunk: Buffer, _encoding, done) {
                hash.update(chunk)
                entry.size += chunk.length
                done(null, chunk)
              },
              flush(done) {
                entry.sha256 = hash.digest('hex')
                done()
                doneOne()
              },
            })
            if (content === null) counted.end(Buffer.from(''))
            else if (Buffer.isBuffer(content)) counted.end(content)
            else
              content
                .on('error', (error) => {
                  counted.destroy(error)
                  reject(error)
                })
                .pipe(counted)
            callback(null, counted)
          })
          .catch((error: unknown) => {
            const failure = error instanceof Error ? error : new Error(String(error))
            reject(failure)
            callback(failure, null as unknown as Readable)
          })
      })
    }
  })
}

/** The manifest's files in `sha256sum -c` form. */
export const sha256Sums = (files: readonly ManifestEntry[]) => files.map((file) => `${file.sha256}  ${file.path}\n`).join('')

export function bufferStream(text: string): Readable {
  const stream = new PassThrough()
  stream.end(Buffer.from(text))
  return stream
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
