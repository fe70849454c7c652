import { z } from 'zod'
import { ListingVisibilitySchema } from './listing'
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
// Limits and messages

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

/** The API's messages about imports, word for word; the web translates each. */
export const LISTING_IMPORT_MESSAGES = {
  feedNotConfigured: 'The MLS feed is not set up on this site. You can upload a RESO JSON file instead.',
  noMlsId: 'Your profile has no MLS ID, so the feed cannot find your listings. Add your MLS ID to your profile, or upload a RESO JSON file.',
  feedUnauthorized: "The MLS feed did not accept this site's access token. Ask the site administrator to renew it; meanwhile you can upload a RESO JSON file.",
  feedUnavailable: 'The MLS feed is not answering right now. Try again in a few minutes.',
  feedRateLimited: 'The MLS feed asked us to slow down. Try again in a few minutes.',
  feedError: 'The MLS feed answered with an error. Try again in a few minutes.',
  feedMalformed: 'The MLS feed sent a page that is not RESO JSON, so nothing was imported. Try again later.',
  feedTooMany: 'The MLS feed has more than 2,000 changed listings for you; ask the site administrator to import them in parts.',
  fileTooLarge: 'The file is larger than 10 MB',
  fileMissing: 'Choose a RESO JSON file to upload',
  fileOnlyOne: 'Send one file, in the form field file, and nothing else',
  fileNotMultipart: 'Send the file as multipart/form-data',
  /** Where JSON.parse would stop, as a person counts lines and columns (from 1). */
  fileNotJson: (line: number, column: number) => `The file is not valid JSON: the error is at line ${line}, column ${column}. Nothing was imported.`,
  fileShape: 'The file must hold RESO Property records: an object with a "value" array, or an array. Nothing was imported.',
  fileEmpty: 'The file has no records',
  tooManyRecords: 'A file can hold at most 2,000 records',
  recordNotObject: 'This record is not a JSON object',
  statusUnknown: 'Not a RESO StandardStatus such as Active, Pending or Closed',
  timestampInvalid: 'Must be a date and time such as 2024-05-01T14:30:00Z',
  expectedText: 'Must be text',
  expectedYesNo: 'Must be true or false',
  duplicateKey: 'This ListingKey appears more than once; only the most recently modified one is imported',
  ownedByOther: 'This listing was already imported by another account',
  mediaInvalid: 'Each photo needs a MediaKey and an http or https MediaURL',
  photoDownload: 'A photo could not be downloaded; the listing will be tried again on the next import',
  photoHostRefused: 'Photos can only be downloaded from public web addresses',
  jobNotFound: 'Import not found',
  jobStarted: 'This import has already started',
  jobRunning: 'Another import of yours is still running; wait for it to finish',
  nothingChosen: 'Choose at least one listing to import',
  notInImport: 'Choose listings from the list of this import',
  recordFailed: 'This listing could not be saved because of an error on our side; it will be tried again on the next import',
  jobFailed: 'The import stopped because of an error on our side. Try again.',
  jobInterrupted: 'The import stopped before it finished because the server restarted. Check the feed or upload the file again.',
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

/** Where a record's problem is: the field (a RESO name) and the message; field null for the whole record. */
export const ImportProblemSchema = z.object({ field: z.string().nullable(), message: z.string() })
export type ImportProblem = z.infer<typeof ImportProblemSchema>

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

/** A record the import did not write, where it is and why. */
export const ImportSkipSchema = z.object({
  key: z.string(),
  reason: z.string(),
  line: z.number().int().nullable(),
  field: z.string().nullable(),
})
export type ImportSkip = z.infer<typeof ImportSkipSchema>

export const ImportedListingSchema = z.object({ id: z.string(), ListingKey: z.string(), UnparsedAddress: z.string() })
export type ImportedListing = z.infer<typeof ImportedListingSchema>

export const ImportJobSchema = z.object({
  id: z.string(),
  source: ImportSourceSchema,
  status: ImportJobStatusSchema,
  /** The uploaded file's name; null for the feed. */
  fileName: z.string().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  skipped: z.array(ImportSkipSchema),
  error: z.string().nullable(),
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
  listingKeys: z.array(freeText().min(1).max(255)).max(LISTING_IMPORT_LIMITS.maxRecords),
  visibility: ListingVisibilitySchema,
})
export type StartImport = z.infer<typeof StartImportSchema>

export const ImportJobParamsSchema = z.object({ id: freeText().min(1).max(100) })
