import { z } from 'zod'
import type { StandardStatus } from './listing-values'
import { STANDARD_STATUSES } from './listing-values'
import { RESO_FIELD_MAP } from './listing-import'
import { queryWholeNumber } from './paging'

/**
 * The event feed and the RESO Property export (issue #37 items 3 and 4, decision 080): what a
 * brokerage's own systems read with an API key.
 */

// ---------------------------------------------------------------------------------------------
// The event feed, in the shape of RESO EntityEvent (RCP-27)

export const FEED_MAX_LIMIT = 500
export const FEED_DEFAULT_LIMIT = 100

export const FeedQuerySchema = z.object({
  /** The EntityEventSequence of the last entry read; 0 (the default) reads from the start. */
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'feed.sinceInvalid')
    .default('0')
    .transform((value) => Number(value)),
  limit: queryWholeNumber(FEED_MAX_LIMIT, 'feed.limitRange').default(FEED_DEFAULT_LIMIT),
})
export type FeedQuery = z.infer<typeof FeedQuerySchema>

export const FEED_RESOURCES = ['Offer', 'SigningPacket', 'Property'] as const

/**
 * The live event types the feed serves (decision 080), in one place: the feed's sources are keyed by
 * them, the stream keeps them longer, and the sequencer's partial index names them (a new type there
 * takes a migration, which drizzle-kit writes from the schema).
 */
export const FEED_EVENT_TYPES = ['offer.changed', 'signing.changed', 'listing.changed'] as const
export type FeedEventType = (typeof FEED_EVENT_TYPES)[number]
export type FeedResource = (typeof FEED_RESOURCES)[number]

export const FeedEntrySchema = z.object({
  /** Only grows; the feed is read in its order. */
  EntityEventSequence: z.number().int(),
  ResourceName: z.enum(FEED_RESOURCES),
  ResourceRecordKey: z.string(),
  /** Where the entity itself is read (with the same key and its scope). */
  ResourceRecordURL: z.string(),
  /** What happened: the offer's new status (shared, countered, accepted…), the signing step (sent, completed…), or a listing's change (created, status, changed). */
  EventType: z.string(),
  ModificationTimestamp: z.string(),
})
export type FeedEntry = z.infer<typeof FeedEntrySchema>

export const FeedPageSchema = z.object({
  value: z.array(FeedEntrySchema),
  /** The since of the next read: the last entry's sequence, or the one given when there was none. */
  next: z.number().int(),
  /** Whether more entries were ready past this page (read again with since=next at once). */
  more: z.boolean(),
})
export type FeedPage = z.infer<typeof FeedPageSchema>

// ---------------------------------------------------------------------------------------------
// Listings in RESO shape: GET /api/reso/Property

export const RESO_MAX_TOP = 200
export const RESO_DEFAULT_TOP = 100
export const RESO_MAX_SKIP = 100_000

/**
 * The Property fields the export gives: every field the MLS import reads (RESO_FIELD_MAP, one shared
 * map), by the same Data Dictionary 2.0 names, but MlgCanView (MLS Grid's licence flag). Compensation
 * fields are in none of them and are never exported.
 */
export const RESO_EXPORT_FIELDS = RESO_FIELD_MAP.map((entry) => entry.source).filter((name) => name !== 'MlgCanView')
export type ResoExportField = (typeof RESO_EXPORT_FIELDS)[number]

export const ResoPropertyQuerySchema = z.object({
  $filter: z.string().max(1000, 'common.tooLong').optional(),
  $top: queryWholeNumber(RESO_MAX_TOP, 'reso.topRange').default(RESO_DEFAULT_TOP),
  $skip: z.coerce.number({ error: 'reso.skipRange' }).int('reso.skipRange').min(0, 'reso.skipRange').max(RESO_MAX_SKIP, 'reso.skipRange').default(0),
  $select: z.string().max(2000, 'common.tooLong').optional(),
})
export type ResoPropertyQuery = z.infer<typeof ResoPropertyQuerySchema>

export type ResoMediaRecord = { MediaKey: string; ResourceRecordKey: string; MediaURL: string; Order: number; MediaCategory: 'Photo'; ModificationTimestamp: string }

export const ResoPropertyPageSchema = z.object({
  '@odata.context': z.string(),
  /** Property records with the selected fields (all of RESO_EXPORT_FIELDS without $select). */
  value: z.array(z.record(z.string(), z.unknown())),
  '@odata.nextLink': z.string().optional(),
})
export type ResoPropertyPage = z.infer<typeof ResoPropertyPageSchema>

export type ResoCondition = { field: 'ModificationTimestamp'; op: 'gt' | 'ge' | 'lt' | 'le'; value: Date } | { field: 'StandardStatus'; op: 'eq'; value: StandardStatus }

/** ISO 8601 date-time with its zone, as RESO timestamps are written. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i

/**
 * The supported part of OData $filter: `ModificationTimestamp gt|ge|lt|le <instant>` and
 * `StandardStatus eq '<status>'`, joined with `and`. Anything else is refused, naming the clause.
 */
export function parseResoFilter(text: string | undefined): { ok: true; conditions: ResoCondition[] } | { ok: false; detail: string } {
  if (text === undefined || text.trim() === '') return { ok: true, conditions: [] }
  const conditions: ResoCondition[] = []
  for (const raw of text.trim().split(/\s+and\s+/i)) {
    const clause = raw.trim()
    const time = /^ModificationTimestamp\s+(gt|ge|lt|le)\s+(\S+)$/.exec(clause)
    if (time) {
      const value = new Date(time[2]!)
      if (!INSTANT.test(time[2]!) || Number.isNaN(value.getTime()) || value.getUTCFullYear() < 1 || value.getUTCFullYear() > 9999) return { ok: false, detail: `not an ISO 8601 instant: ${time[2]!.slice(0, 60)}` }
      conditions.push({ field: 'ModificationTimestamp', op: time[1] as 'gt' | 'ge' | 'lt' | 'le', value })
      continue
    }
    const status = /^StandardStatus\s+eq\s+'([A-Za-z]+)'$/.exec(clause)
    if (status) {
      const value = STANDARD_STATUSES.find((item) => item === status[1])
      if (!value) return { ok: false, detail: `not a StandardStatus: ${status[1]!.slice(0, 40)}` }
      conditions.push({ field: 'StandardStatus', op: 'eq', value })
      continue
    }
    return { ok: false, detail: clause.slice(0, 100) }
  }
  return { ok: true, conditions }
}

/** The fields $select names, or the names it gives that the export does not have. */
export function parseResoSelect(text: string | undefined): { ok: true; fields: readonly ResoExportField[] } | { ok: false; unknown: string[] } {
  if (text === undefined || text.trim() === '') return { ok: true, fields: RESO_EXPORT_FIELDS }
  const names = [...new Set(text.split(',').map((name) => name.trim()).filter((name) => name.length > 0))]
  const unknown = names.filter((name) => !(RESO_EXPORT_FIELDS as readonly string[]).includes(name))
  if (unknown.length > 0) return { ok: false, unknown: unknown.map((name) => name.slice(0, 60)).slice(0, 10) }
  return { ok: true, fields: names as ResoExportField[] }
}
