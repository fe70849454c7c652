import type { ListingFields, ResoListingFieldName, StandardStatus } from '@offerbook/domain/listing'
import { LISTING_LIMITS, PROPERTY_TYPES, RESO_LISTING_FIELDS, ResoListingFieldsSchema, STANDARD_STATUSES, unparsedAddress } from '@offerbook/domain/listing'
import type { ImportProblem, MappedValue } from '@offerbook/domain/listing-import'
import { importProblem, RESO_FIELD_MAP } from '@offerbook/domain/listing-import'
import type { MessageKey } from '@offerbook/domain/messages'
import { issueMessage } from '@offerbook/domain/messages'
import { hasUnstorableCharacters } from '@offerbook/domain/validation'

/**
 * One RESO Property record (as the Web API or a RESO JSON file gives it) checked with the listing
 * field rules of packages/domain/src/listing.ts and mapped onto a listing. Listing columns carry the
 * RESO names, so the map is mostly one to one; the few conversions are the ones a real feed needs:
 * numbers in text fields, lookup values with spaces ("Active Under Contract"), US phone numbers
 * written with punctuation, fractional living areas.
 */

/** Whether the field's rule takes a number; the others take text. */
const takesNumber = (field: ResoListingFieldName) => ResoListingFieldsSchema.shape[field].unwrap().def.type === 'number'

const IDENTITY_MAX_LENGTH = 255

export type ResoMedia = {
  MediaKey: string
  MediaURL: string
  /** 0 is the primary photo; the record's Orders are renumbered 0..n-1 in their order. */
  Order: number
  ModificationTimestamp: Date | null
}

export type MappedListing = {
  kind: 'listing'
  ListingKey: string
  ListingId: string | null | undefined
  StandardStatus: StandardStatus
  ModificationTimestamp: Date
  /** The record's own one-line address; undefined when it gave none (then built from the parts). */
  UnparsedAddress: string | null | undefined
  OriginatingSystemName: string | null | undefined
  /** Only the fields the record has: a field it leaves out stays as it is on an update. */
  fields: Partial<Pick<ListingFields, ResoListingFieldName>>
  /** The photos; null when the record has no Media (its photos are left alone). */
  media: ResoMedia[] | null
}

/** The record's one-line address, or the one its parts make. */
export function listingAddress(record: MappedListing): string {
  return record.UnparsedAddress || unparsedAddress(record.fields)
}

/** MlgCanView=false: the MLS no longer lets the listing be shown; it is deleted here. */
export type MappedDeletion = { kind: 'delete'; ListingKey: string; ModificationTimestamp: Date | null }

export type RecordCheck =
  | { ok: true; record: MappedListing | MappedDeletion; mapping: MappedValue[] }
  | { ok: false; ListingKey: string | null; ModificationTimestamp: Date | null; problems: ImportProblem[]; mapping: MappedValue[] }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** ISO 8601 date-time with a zone, as RESO timestamps are. */
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i

function parseTimestamp(value: unknown): Date | null {
  if (typeof value !== 'string' || !TIMESTAMP_PATTERN.test(value.trim())) return null
  const date = new Date(value.trim())
  return Number.isNaN(date.getTime()) ? null : date
}

/** "Active Under Contract" -> ActiveUnderContract: RESO lookups are written either way. */
function lookupValue<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  if (typeof value !== 'string') return null
  const compact = value.replace(/[\s_-]+/g, '').toLowerCase()
  return allowed.find((item) => item.toLowerCase() === compact) ?? null
}

/** US numbers written any way ((615) 555-0100, 615.555.0100, 16155550100) become E.164; others are left to the rule. */
function phoneValue(value: string): string {
  const trimmed = value.trim()
  if (trimmed === '' || trimmed.startsWith('+')) return trimmed.replace(/[\s().-]/g, '')
  const digits = trimmed.replace(/\D/g, '')
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`
  return trimmed
}

const NUMBER_TEXT = /^\s*-?\d+(?:\.\d+)?\s*$/

/** The record's value prepared for the field's rule, or a problem when it is of the wrong kind. */
function prepared(field: ResoListingFieldName, value: unknown): { value: unknown } | { problem: MessageKey } {
  if (value === null) return { value: null }
  if (!takesNumber(field)) {
    if (typeof value === 'number' && Number.isFinite(value)) value = String(value)
    if (typeof value !== 'string') return { problem: 'listingImport.expectedText' }
    const text = value.trim()
    if (text === '') return { value: null }
    if (field === 'PropertyType') return { value: lookupValue(text, PROPERTY_TYPES) ?? text }
    if (field === 'StateOrProvince') return { value: text.toUpperCase() }
    if (field === 'ListAgentDirectPhone') return { value: phoneValue(text) }
    return { value: text }
  }
  // Numeric fields: numbers written as text are taken; the rule refuses anything else with its own message.
  if (typeof value === 'string' && NUMBER_TEXT.test(value)) value = Number(value)
  // RESO allows a fractional living area; the listing keeps whole square feet.
  if (field === 'LivingArea' && typeof value === 'number' && Number.isFinite(value)) value = Math.round(value)
  return { value }
}

function identityText(record: Record<string, unknown>, field: string, problems: ImportProblem[], { required }: { required: boolean }): string | null | undefined {
  let value = record[field]
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (required) problems.push(importProblem(field, 'common.required'))
    return value === undefined ? undefined : null
  }
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value)
  if (typeof value !== 'string') {
    problems.push(importProblem(field, 'listingImport.expectedText'))
    return null
  }
  const text = value.trim()
  if (hasUnstorableCharacters(text)) {
    problems.push(importProblem(field, 'common.unstorableText'))
    return null
  }
  if (text.length > IDENTITY_MAX_LENGTH) {
    problems.push(importProblem(field, 'common.tooLong', { maximum: IDENTITY_MAX_LENGTH }))
    return null
  }
  return text
}

function checkMedia(value: unknown, problems: ImportProblem[]): ResoMedia[] | null {
  if (value === undefined) return null
  if (value === null) return []
  if (!Array.isArray(value)) {
    problems.push(importProblem('Media', 'listingImport.mediaInvalid'))
    return null
  }
  const photos: (ResoMedia & { index: number })[] = []
  for (const [index, item] of value.entries()) {
    if (!isObject(item)) {
      problems.push(importProblem('Media', 'listingImport.mediaInvalid'))
      return null
    }
    // Only photos: RESO Media also carries documents, videos and virtual tours.
    const category = typeof item.MediaCategory === 'string' ? item.MediaCategory.trim().toLowerCase() : null
    if (category && category !== 'photo' && category !== 'photos') continue
    const key = typeof item.MediaKey === 'number' ? String(item.MediaKey) : item.MediaKey
    const url = item.MediaURL
    const order = item.Order === undefined || item.Order === null ? index : item.Order
    const urlOk = typeof url === 'string' && url.length <= 8000 && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)
    if (typeof key !== 'string' || key.trim() === '' || key.length > IDENTITY_MAX_LENGTH || !urlOk || typeof order !== 'number' || !Number.isInteger(order) || order < 0) {
      problems.push(importProblem('Media', 'listingImport.mediaInvalid'))
      return null
    }
    const stamp = item.ModificationTimestamp === undefined || item.ModificationTimestamp === null ? null : parseTimestamp(item.ModificationTimestamp)
    if (item.ModificationTimestamp !== undefined && item.ModificationTimestamp !== null && !stamp) {
      problems.push(importProblem('Media', 'listingImport.timestampInvalid'))
      return null
    }
    photos.push({ MediaKey: key.trim(), MediaURL: url as string, Order: order, ModificationTimestamp: stamp, index })
  }
  const seen = new Set<string>()
  const unique = photos.filter((photo) => !seen.has(photo.MediaKey) && seen.add(photo.MediaKey))
  // A listing keeps at most 50 photos: the first 50 in the record's order.
  return unique
    .sort((a, b) => a.Order - b.Order || a.index - b.index)
    .slice(0, LISTING_LIMITS.maxPhotos)
    .map(({ MediaKey, MediaURL, ModificationTimestamp }, order) => ({ MediaKey, MediaURL, Order: order, ModificationTimestamp }))
}

function displayValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (value instanceof Date) return value.toISOString()
  return JSON.stringify(value).slice(0, 200)
}

/** What each RESO field of the record becomes here, for the map step. */
function mappingOf(record: Record<string, unknown>, mapped: Partial<Record<string, unknown>>): MappedValue[] {
  const rows: MappedValue[] = []
  for (const { source, field } of RESO_FIELD_MAP) {
    if (!(source in record)) continue
    const value = source === 'Media' ? (Array.isArray(record.Media) ? record.Media.length : 0) : source in mapped ? mapped[source] : record[source]
    rows.push({ source, field, value: displayValue(value) })
  }
  return rows
}

/** Checks and maps one record; every problem is named with its RESO field. */
export function checkResoRecord(raw: unknown): RecordCheck {
  if (!isObject(raw)) return { ok: false, ListingKey: null, ModificationTimestamp: null, problems: [importProblem(null, 'listingImport.recordNotObject')], mapping: [] }
  const problems: ImportProblem[] = []
  const mapped: Record<string, unknown> = {}

  const listingKey = identityText(raw, 'ListingKey', problems, { required: true }) ?? null
  const stampGiven = raw.ModificationTimestamp !== undefined && raw.ModificationTimestamp !== null
  const timestamp = parseTimestamp(raw.ModificationTimestamp)

  const canView = raw.MlgCanView
  if (canView !== undefined && canView !== null && typeof canView !== 'boolean') problems.push(importProblem('MlgCanView', 'listingImport.expectedYesNo'))
  if (canView === false) {
    if (stampGiven && !timestamp) problems.push(importProblem('ModificationTimestamp', 'listingImport.timestampInvalid'))
    const mapping = mappingOf(raw, {})
    if (problems.length > 0 || !listingKey) return { ok: false, ListingKey: listingKey, ModificationTimestamp: timestamp, problems, mapping }
    return { ok: true, record: { kind: 'delete', ListingKey: listingKey, ModificationTimestamp: timestamp }, mapping }
  }

  if (!stampGiven) problems.push(importProblem('ModificationTimestamp', 'common.required'))
  else if (!timestamp) problems.push(importProblem('ModificationTimestamp', 'listingImport.timestampInvalid'))

  const status = lookupValue(raw.StandardStatus, STANDARD_STATUSES)
  if (raw.StandardStatus === undefined || raw.StandardStatus === null || raw.StandardStatus === '') problems.push(importProblem('StandardStatus', 'common.required'))
  else if (!status) problems.push(importProblem('StandardStatus', 'listingImport.statusUnknown'))
  else mapped.StandardStatus = status

  const listingId = identityText(raw, 'ListingId', problems, { required: false })
  const address = identityText(raw, 'UnparsedAddress', problems, { required: false })
  const system = identityText(raw, 'OriginatingSystemName', problems, { required: false })

  const fields: Record<string, unknown> = {}
  for (const field of RESO_LISTING_FIELDS) {
    if (!(field in raw)) continue
    const ready = prepared(field, raw[field])
    if ('problem' in ready) {
      problems.push(importProblem(field, ready.problem))
      continue
    }
    const result = ResoListingFieldsSchema.shape[field].safeParse(ready.value)
    if (!result.success) {
      const { key, params } = issueMessage(result.error.issues[0] ?? {})
      problems.push(importProblem(field, key, params))
      continue
    }
    fields[field] = result.data
    mapped[field] = result.data
  }

  const media = checkMedia(raw.Media, problems)
  const mapping = mappingOf(raw, mapped)
  if (problems.length > 0 || !listingKey || !status || !timestamp) return { ok: false, ListingKey: listingKey, ModificationTimestamp: timestamp, problems, mapping }
  return {
    ok: true,
    mapping,
    record: {
      kind: 'listing',
      ListingKey: listingKey,
      ListingId: listingId,
      StandardStatus: status,
      ModificationTimestamp: timestamp,
      UnparsedAddress: address,
      OriginatingSystemName: system,
      fields: fields as MappedListing['fields'],
      media,
    },
  }
}
