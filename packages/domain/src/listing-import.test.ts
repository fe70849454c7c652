import { describe, expect, it } from 'vitest'
import { ListingFieldsSchema } from './listing'
import {
  importProblem,
  importSkip,
  isListingImportStep,
  LISTING_IMPORT_LIMITS,
  LISTING_IMPORT_STEPS,
  listingImportPath,
  nextHighWater,
  RESO_FIELD_MAP,
  StartImportSchema,
} from './listing-import'
import { messageText } from './messages'

const at = (iso: string) => new Date(iso)

describe('the import wizard', () => {
  it('goes list, pick, map, progress, report', () => {
    expect(LISTING_IMPORT_STEPS).toEqual(['list', 'pick', 'map', 'progress', 'report'])
    expect(isListingImportStep('map')).toBe(true)
    expect(isListingImportStep('pricing')).toBe(false)
  })

  it('keeps the job in the address of every step after the list', () => {
    expect(listingImportPath('list')).toBe('/add-listing/import/list')
    expect(listingImportPath('pick', 'a b')).toBe('/add-listing/import/pick?job=a%20b')
  })

  it('starts with the picked keys and a visibility, and nothing else', () => {
    expect(StartImportSchema.safeParse({ listingKeys: ['k1'], visibility: 'unlisted' }).success).toBe(true)
    expect(StartImportSchema.safeParse({ listingKeys: ['k1'], visibility: 'everyone' }).success).toBe(false)
    expect(StartImportSchema.safeParse({ listingKeys: [''], visibility: 'public' }).success).toBe(false)
  })
})

describe('the limits in the messages', () => {
  it('say the size and record limits the API applies', () => {
    expect(messageText('listingImport.fileTooLarge')).toContain(`${LISTING_IMPORT_LIMITS.fileMaxBytes / 1024 / 1024} MB`)
    const records = LISTING_IMPORT_LIMITS.maxRecords.toLocaleString('en-US')
    expect(messageText('listingImport.tooManyRecords')).toContain(records)
    expect(messageText('listingImport.feedTooMany')).toContain(records)
  })

  it('place a broken file by line and column', () => {
    expect(messageText('listingImport.fileNotJson', { line: 3, column: 14 })).toBe('The file is not valid JSON: the error is at line 3, column 14. Nothing was imported.')
  })
})

describe("a record's problems", () => {
  it('carry the key, the parameters and the English text, and a skipped record keeps all three', () => {
    const problem = importProblem('ListingId', 'common.tooLong', { maximum: 255 })
    expect(problem).toEqual({ field: 'ListingId', key: 'common.tooLong', params: { maximum: 255 }, message: 'Must have at most 255 characters' })
    expect(importSkip('k1', 7, problem)).toEqual({ key: 'k1', reason: 'Must have at most 255 characters', reasonKey: 'common.tooLong', reasonParams: { maximum: 255 }, line: 7, field: 'ListingId' })
    expect(importProblem('ListPrice', 'common.tooShort', { minimum: 3, maximum: 9 }).params).toEqual({ minimum: 3 })
    expect(importSkip('#2', null, importProblem(null, 'listingImport.recordNotObject'))).toEqual({
      key: '#2',
      reason: 'This record is not a JSON object',
      reasonKey: 'listingImport.recordNotObject',
      line: null,
      field: null,
    })
  })
})

describe('the field map', () => {
  it('maps every RESO field onto a listing field of the same name, or onto the record itself', () => {
    const listingFields = Object.keys(ListingFieldsSchema.shape)
    const ours = ['ListingKey', 'ListingId', 'StandardStatus', 'UnparsedAddress', 'OriginatingSystemName', 'ModificationTimestamp', 'Media', 'MlgCanView']
    for (const { source, field } of RESO_FIELD_MAP) {
      expect(source).toBe(field)
      expect(listingFields.includes(field) || ours.includes(field), field).toBe(true)
    }
  })
})

describe('the feed high-water mark', () => {
  const cases: { behaviour: string; records: [string, boolean][]; mark: string }[] = [
    {
      behaviour: 'moves to the newest record when every record was dealt with',
      records: [['2024-05-02T10:00:00Z', true], ['2024-05-03T10:00:00Z', true], ['2024-05-01T10:00:00Z', true]],
      mark: '2024-05-03T10:00:00Z',
    },
    {
      behaviour: 'stops before a record that was left out or failed for a passing reason, so the next run offers it again',
      records: [['2024-05-01T10:00:00Z', true], ['2024-05-02T10:00:00Z', false], ['2024-05-03T10:00:00Z', true]],
      mark: '2024-05-01T10:00:00Z',
    },
    {
      behaviour: 'does not pass records of the same instant as an unsettled one',
      records: [['2024-05-01T10:00:00Z', true], ['2024-05-02T10:00:00Z', true], ['2024-05-02T10:00:00Z', false]],
      mark: '2024-05-01T10:00:00Z',
    },
  ]
  it.each(cases)('$behaviour', ({ records, mark }) => {
    expect(nextHighWater(records.map(([iso, settled]) => ({ timestamp: at(iso), settled })), null)).toEqual(at(mark))
  })

  it('keeps the previous mark when nothing newer was settled, and never goes back', () => {
    const previous = at('2024-04-30T00:00:00Z')
    expect(nextHighWater([{ timestamp: at('2024-05-01T10:00:00Z'), settled: false }], previous)).toBe(previous)
    expect(nextHighWater([], previous)).toBe(previous)
    expect(nextHighWater([{ timestamp: at('2024-04-01T00:00:00Z'), settled: true }], previous)).toBe(previous)
    expect(nextHighWater([{ timestamp: null, settled: true }], null)).toBeNull()
  })
})
