import type { ImportProblem, ImportRecordPreview } from '@offerbook/domain/listing-import'
import { importProblem } from '@offerbook/domain/listing-import'
import type { Db } from '../../db/client'
import { findListingsByKeys } from './listing-import.queries'
import type { MappedListing, RecordCheck } from './reso-record'
import { checkResoRecord, listingAddress } from './reso-record'

/**
 * The plan of an import: each record of a pending job checked, mapped and matched with the listings
 * here. The pick and map steps show it; starting the job runs it.
 */

/** A record of a pending job as it came, with the line of the file it starts on (null for the feed). */
export type StoredRecord = { raw: unknown; line: number | null }

export type PlannedRecord = {
  index: number
  line: number | null
  check: RecordCheck
  action: ImportRecordPreview['action']
  problems: ImportProblem[]
  /** The listing here the record updates or deletes. */
  listingId: string | null
  /** A MlgCanView=false record for a listing that is not here: nothing to do. */
  ignored: boolean
}

export const keyOf = (check: RecordCheck) => (check.ok ? check.record.ListingKey : check.ListingKey)
export const timestampOf = (check: RecordCheck) => (check.ok ? check.record.ModificationTimestamp : check.ModificationTimestamp)
/** The listing a record would write; null for a deletion or a record that does not pass. */
export const listingOf = (entry: PlannedRecord): MappedListing | null => (entry.check.ok && entry.check.record.kind === 'listing' ? entry.check.record : null)

/** What the import would do with each record now: create, update, delete, or skip (with the problems why). */
export async function planRecords(db: Db, userId: string, records: readonly StoredRecord[]): Promise<PlannedRecord[]> {
  const checks = records.map((record) => checkResoRecord(record.raw))
  // A key given twice (a feed modified while it was paged, a file with a repeat): the newest wins.
  const newest = new Map<string, number>()
  for (const [index, check] of checks.entries()) {
    const key = keyOf(check)
    if (!check.ok || key === null) continue
    const best = newest.get(key)
    const time = timestampOf(check)?.getTime() ?? 0
    if (best === undefined || time > (timestampOf(checks[best]!)?.getTime() ?? 0)) newest.set(key, index)
  }
  const existing = new Map((await findListingsByKeys(db, [...newest.keys()])).map((row) => [row.listingKey, row]))

  return checks.map((check, index): PlannedRecord => {
    const line = records[index]!.line
    const base = { index, line, check, listingId: null, ignored: false }
    if (!check.ok) return { ...base, action: 'skip', problems: check.problems }
    const key = check.record.ListingKey
    if (newest.get(key) !== index) return { ...base, action: 'skip', problems: [importProblem('ListingKey', 'listingImport.duplicateKey')] }
    const here = existing.get(key)
    if (check.record.kind === 'delete') {
      if (!here || here.ownerId !== userId) return { ...base, action: 'delete', problems: [], ignored: true }
      return { ...base, action: 'delete', problems: [], listingId: here.id }
    }
    if (here && here.ownerId !== userId) return { ...base, action: 'skip', problems: [importProblem('ListingKey', 'listingImport.ownedByOther')] }
    return { ...base, action: here ? 'update' : 'create', problems: [], listingId: here?.id ?? null }
  })
}

/** The records as the pick and map steps show them; deletions of listings that are not here are left out. */
export function previewsOf(plan: readonly PlannedRecord[]): ImportRecordPreview[] {
  return plan
    .filter((entry) => !entry.ignored)
    .map((entry) => {
      const { check } = entry
      const listing = listingOf(entry)
      const number = (source: string) => {
        const value = check.mapping.find((row) => row.source === source)?.value
        return typeof value === 'number' ? value : null
      }
      const text = (source: string) => {
        const value = check.mapping.find((row) => row.source === source)?.value
        return value === null || value === undefined ? null : String(value)
      }
      return {
        ref: `#${entry.index + 1}`,
        ListingKey: keyOf(check),
        ListingId: text('ListingId'),
        UnparsedAddress: listing ? listingAddress(listing) : (text('UnparsedAddress') ?? ''),
        ListPrice: number('ListPrice'),
        StandardStatus: text('StandardStatus'),
        photoCount: listing?.media?.length ?? number('Media') ?? 0,
        line: entry.line,
        action: entry.action,
        problems: entry.problems,
        listingId: entry.listingId,
        mapping: check.mapping,
      }
    })
}
