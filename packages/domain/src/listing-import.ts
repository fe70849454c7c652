import { z } from 'zod'
import { FieldErrorSchema } from './api-error'
import { ListingVisibilitySchema } from './listing'
import type { MessageKey, MessageParams } from './messages'
import { CATALOGUE, message, messageText, templateParams } from './messages'
import { runCounts } from './run-counts'
import { freeText } from './validation'

/**
 * Importing an agent's listings from an MLS Grid feed (RESO Web API) or an uploaded RESO JSON file
 * (issue 5 item 2, ../shared/domain.md section 3). The wizard at /add-listing/import/{step} and the
 * API at /api/listing-import share this contract.
 *
 * An import is a job: checking the feed or uploading a file makes a pending job that holds the
 * records as they came; the agent picks, maps and confirms; starting the job imports them in the
 * background while the browser polls its progress.
 */

// ---------------------------------------------------------------------------------------------
// The wizard

/** The steps of /add-listing/import/{step}, in order. */
export const LISTING_IMPORT_STEPS = ['list', 'pick', 'map', 'progress', 'report'] as const
export const ListingImportStepSchema = z.enum(LISTING_IMPORT_STEPS)
export type ListingImportStep = z.infer<typeof ListingImportStepSchema>

export function isListingImportStep(value: string): value is ListingImportStep {
  return (LISTING_IMPORT_STEPS as readonly string[]).includes(value)
}

/** The wizard's address for a step; the job travels in the query string so reloads and back/forward keep it. */
export function listingImportPath(step: ListingImportStep, jobId?: string | null): string {
  return jobId ? `/add-listing/import/${step}?job=${encodeURIComponent(jobId)}` : `/add-listing/import/${step}`
}

export const IMPORT_SOURCES = ['mls-grid', 'reso-file'] as const
export const ImportSourceSchema = z.enum(IMPORT_SOURCES)
export type ImportSource = z.infer<typeof ImportSourceSchema>

export const IMPORT_JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const
export const ImportJobStatusSchema = z.enum(IMPORT_JOB_STATUSES)
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>

// ---------------------------------------------------------------------------------------------
// Limits

/** The messages listingImport.fileTooLarge, tooManyRecords and feedTooMany say these numbers (a test pins them). */
export const LISTING_IMPORT_LIMITS = {
  /** An uploaded RESO JSON file. */
  fileMaxBytes: 10 * 1024 * 1024,
  /** Records in one file or one feed check. */
  maxRecords: 2_000,
  /** MLS Grid: at most 1000 records a page when $expand is used. */
  feedPageSize: 1_000,
  /** MLS Grid allows 2 requests a second; more returns 429 and suspends the token. */
  feedRequestsPerSecond: 2,
} as const

// ---------------------------------------------------------------------------------------------
// The field map (the map step shows it)

/**
 * The RESO Property fields an import reads and what each fills here. Listing columns carry the RESO
 * names, so most map to themselves; Media becomes stored photos, MlgCanView=false deletes.
 */
export const RESO_FIELD_MAP = [
  { source: 'ListingKey', field: 'ListingKey' },
  { source: 'ListingId', field: 'ListingId' },
  { source: 'StandardStatus', field: 'StandardStatus' },
  { source: 'ListPrice', field: 'ListPrice' },
  { source: 'UnparsedAddress', field: 'UnparsedAddress' },
  { source: 'StreetNumber', field: 'StreetNumber' },
  { source: 'StreetName', field: 'StreetName' },
  { source: 'StreetSuffix', field: 'StreetSuffix' },
  { source: 'UnitNumber', field: 'UnitNumber' },
  { source: 'City', field: 'City' },
  { source: 'StateOrProvince', field: 'StateOrProvince' },
  { source: 'PostalCode', field: 'PostalCode' },
  { source: 'CountyOrParish', field: 'CountyOrParish' },
  { source: 'PropertyType', field: 'PropertyType' },
  { source: 'BedroomsTotal', field: 'BedroomsTotal' },
  { source: 'BathroomsTotalInteger', field: 'BathroomsTotalInteger' },
  { source: 'LivingArea', field: 'LivingArea' },
  { source: 'LotSizeAcres', field: 'LotSizeAcres' },
  { source: 'YearBuilt', field: 'YearBuilt' },
  { source: 'PublicRemarks', field: 'PublicRemarks' },
  { source: 'ParcelNumber', field: 'ParcelNumber' },
  { source: 'TaxLegalDescription', field: 'TaxLegalDescription' },
  { source: 'ListAgentFullName', field: 'ListAgentFullName' },
  { source: 'ListAgentEmail', field: 'ListAgentEmail' },
  { source: 'ListAgentDirectPhone', field: 'ListAgentDirectPhone' },
  { source: 'ListAgentMlsId', field: 'ListAgentMlsId' },
  { source: 'ListOfficeName', field: 'ListOfficeName' },
  { source: 'OriginatingSystemName', field: 'OriginatingSystemName' },
  { source: 'ModificationTimestamp', field: 'ModificationTimestamp' },
  { source: 'Media', field: 'Media' },
  { source: 'MlgCanView', field: 'MlgCanView' },
] as const
export type ResoSourceField = (typeof RESO_FIELD_MAP)[number]['source']
export type ImportTargetField = (typeof RESO_FIELD_MAP)[number]['field']

// ---------------------------------------------------------------------------------------------
// The replication cursor

/**
 * The feed's next high-water mark: the newest ModificationTimestamp below which every record of the
 * run was dealt with (imported, updated, deleted, or skipped for a reason that a retry would not
 * change). A record left out or that failed for a passing reason (a photo that would not download)
 * stops it, so the next run, which asks only for newer records, still offers that record.
 */
export function nextHighWater(records: readonly { timestamp: Date | null; settled: boolean }[], previous: Date | null): Date | null {
  const dated = records.filter((record): record is { timestamp: Date; settled: boolean } => record.timestamp !== null)
  const firstUnsettled = dated.filter((record) => !record.settled).reduce<number | null>((first, record) => Math.min(first ?? Infinity, record.timestamp.getTime()), null)
  // Everything strictly older than the oldest unsettled record is done; records of its very instant come back with it.
  const done = dated.filter((record) => firstUnsettled === null || record.timestamp.getTime() < firstUnsettled)
  const newest = done.reduce<number | null>((max, record) => Math.max(max ?? -Infinity, record.timestamp.getTime()), null)
  if (newest === null) return previous
  return previous && previous.getTime() >= newest ? previous : new Date(newest)
}

// ---------------------------------------------------------------------------------------------
// What the API takes and answers

/**
 * Where a record's problem is and what it is: the field (a RESO name; null for the whole record), the
 * message's catalogue key and parameters, which the browser translates, and its English text.
 */
export const ImportProblemSchema = FieldErrorSchema.omit({ path: true }).extend({ field: z.string().nullable() })
export type ImportProblem = z.infer<typeof ImportProblemSchema>

/** A record's problem; only the parameters its message names are kept (a zod rule gives its bounds too). */
export function importProblem(field: string | null, key: MessageKey, params: MessageParams = {}): ImportProblem {
  const used = Object.fromEntries(templateParams(CATALOGUE[key]).flatMap((name) => (Object.hasOwn(params, name) ? [[name, params[name]!]] : [])))
  return { field, ...message(key, used), message: messageText(key, used) }
}

export const IMPORT_ACTIONS = ['create', 'update', 'delete', 'skip'] as const
export type ImportAction = (typeof IMPORT_ACTIONS)[number]

export const MappedValueSchema = z.object({
  source: z.string(),
  field: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
})
export type MappedValue = z.infer<typeof MappedValueSchema>

/** One record of a pending import as the pick and map steps show it. */
export const ImportRecordPreviewSchema = z.object({
  /** The record's position in the feed or the file, from 1 ("#3"): unique even when keys are missing or repeated. */
  ref: z.string(),
  ListingKey: z.string().nullable(),
  ListingId: z.string().nullable(),
  UnparsedAddress: z.string(),
  ListPrice: z.number().nullable(),
  StandardStatus: z.string().nullable(),
  photoCount: z.number().int(),
  /** For a file: the line where the record starts. */
  line: z.number().int().nullable(),
  /** create or update when picked; delete is done in any case (MlgCanView=false); skip names its problems. */
  action: z.enum(IMPORT_ACTIONS),
  problems: z.array(ImportProblemSchema),
  /** The listing here that the record updates or deletes. */
  listingId: z.string().nullable(),
  /** Each RESO field the record has and where it goes. */
  mapping: z.array(MappedValueSchema),
})
export type ImportRecordPreview = z.infer<typeof ImportRecordPreviewSchema>

/**
 * A record the import did not write, where it is and why: `key` is its ListingKey (or #n), `reason` the
 * English text and `reasonKey`/`reasonParams` its catalogue message (absent on imports made before
 * messages had keys, when the text is no fixed message).
 */
export const ImportSkipSchema = z.object({
  key: z.string(),
  reason: z.string(),
  reasonKey: z.string().optional(),
  reasonParams: FieldErrorSchema.shape.params,
  line: z.number().int().nullable(),
  field: z.string().nullable(),
})
export type ImportSkip = z.infer<typeof ImportSkipSchema>

/** How a job keeps a record's problem. */
export function importSkip(key: string, line: number | null, problem: ImportProblem): ImportSkip {
  const skip: ImportSkip = { key, reason: problem.message, reasonKey: problem.key, line, field: problem.field }
  return problem.params ? { ...skip, reasonParams: problem.params } : skip
}

export const ImportedListingSchema = z.object({ id: z.string(), ListingKey: z.string(), UnparsedAddress: z.string() })
export type ImportedListing = z.infer<typeof ImportedListingSchema>

export const ImportJobSchema = z.object({
  id: z.string(),
  source: ImportSourceSchema,
  status: ImportJobStatusSchema,
  /** The uploaded file's name; null for the feed. */
  fileName: z.string().nullable(),
  ...runCounts(['total', 'processed', 'imported', 'updated', 'deleted']),
  skipped: z.array(ImportSkipSchema),
  /** Why a failed import stopped: the English text and its catalogue key. */
  error: z.string().nullable(),
  errorKey: z.string().nullable(),
  /** The listings this import created or updated, for the report's links. */
  listings: z.array(ImportedListingSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ImportJob = z.infer<typeof ImportJobSchema>

/** A pending import: its job and its records. */
export const ImportPreviewSchema = z.object({
  job: ImportJobSchema,
  /** For the feed: the high-water mark the feed was asked from (null on a first load). */
  since: z.string().nullable(),
  records: z.array(ImportRecordPreviewSchema),
})
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

/** GET /api/listing-import/sources: what the list step can offer. */
export const ImportSourcesSchema = z.object({
  feed: z.object({ configured: z.boolean(), originatingSystem: z.string().nullable() }),
  /** The agent's MLS ID from their profile (the feed is asked for ListAgentMlsId eq this). */
  mlsId: z.string().nullable(),
  /** The newest ModificationTimestamp already taken from the feed; null before the first import. */
  lastFeedTimestamp: z.string().nullable(),
  fileMaxBytes: z.number().int(),
})
export type ImportSources = z.infer<typeof ImportSourcesSchema>

/** POST /api/listing-import/jobs/{id}/start: the picked records and the visibility of new listings. */
export const StartImportSchema = z.object({
  listingKeys: z.array(freeText().min(1, 'common.required').max(255, 'common.tooLong')).max(LISTING_IMPORT_LIMITS.maxRecords, 'common.invalidValue'),
  visibility: ListingVisibilitySchema,
})
export type StartImport = z.infer<typeof StartImportSchema>

export const ImportJobParamsSchema = z.object({ id: freeText().min(1, 'common.required').max(100, 'common.tooLong') })
