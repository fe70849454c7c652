import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ImportJob, ImportPreview } from '@offerbook/domain/listing-import'
import { LISTING_IMPORT_LIMITS } from '@offerbook/domain/listing-import'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import { resoRecord } from '../../../test/world'
import { listing, listingImportJob } from '../../db/schema/listings'
import { multipart } from '../files/files.test-helpers'

type Who = { id: string; headers: { authorization: string } }

/** The world's RESO record under this file's keys, each with its own modification time. */
const record = (n: number, extra: Record<string, unknown> = {}) => ({
  ...resoRecord(n),
  ListingKey: `file-${n}`,
  ListingId: `F${n}`,
  ModificationTimestamp: `2024-07-0${n}T10:00:00Z`,
  ...extra,
})

/** The line a record starts on: the line before its ListingKey (written first). */
function lineOf(text: string, key: string): number {
  return text.split('\n').findIndex((line) => line.includes(`"ListingKey": "${key}"`))
}

describe('importing a RESO JSON file', () => {
  let t: TestApp & { closeAll: () => Promise<void> }
  let agent: Who

  beforeAll(async () => {
    const files = await mkdtemp(join(tmpdir(), 'offerbook-import-file-test-'))
    const app = await buildTestApp({ config: { storage: { kind: 'disk', directory: files } } })
    t = { ...app, closeAll: async () => (await app.close(), await rm(files, { recursive: true, force: true })) }
    const created = await createUser(t, { roles: ['BUYER_AGENT'] })
    const { accessToken } = await signIn(t.app, created.email, created.password)
    agent = { id: created.id, headers: bearer(accessToken) }
  })
  afterAll(async () => t.closeAll())

  function call(options: InjectOptions, who: Who | null = agent): Promise<LightMyRequestResponse> {
    return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who?.headers ?? {}) } })
  }

  async function upload(text: string | Buffer, { field = 'file', filename = 'listings.json' } = {}): Promise<LightMyRequestResponse> {
    const { payload, headers } = await multipart([{ name: field, value: Buffer.isBuffer(text) ? text : Buffer.from(text), filename, type: 'application/json' }])
    return call({ method: 'POST', url: '/api/listing-import/jobs/from-file', payload, headers })
  }

  async function finished(jobId: string): Promise<ImportJob> {
    for (let tries = 0; tries < 400; tries++) {
      const { job } = (await call({ method: 'GET', url: `/api/listing-import/jobs/${jobId}` })).json<{ job: ImportJob }>()
      if (job.status === 'done' || job.status === 'failed') return job
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('the import did not finish')
  }

  it('reports a bad record by the line it starts on, and imports the others', async () => {
    const text = JSON.stringify({ '@odata.context': 'Property', value: [record(1), record(2, { ListPrice: 250, YearBuilt: 1650 }), record(3, { StandardStatus: 'Active Under Contract' })] }, null, 2)
    const response = await upload(text)
    expect(response.statusCode, response.body).toBe(200)
    const preview = response.json<ImportPreview>()
    expect(preview.job).toMatchObject({ source: 'reso-file', status: 'pending', fileName: 'listings.json', total: 3 })
    expect(preview.records.map((item) => [item.ref, item.ListingKey, item.line, item.action])).toEqual([
      ['#1', 'file-1', lineOf(text, 'file-1'), 'create'],
      ['#2', 'file-2', lineOf(text, 'file-2'), 'skip'],
      ['#3', 'file-3', lineOf(text, 'file-3'), 'create'],
    ])
    expect(preview.records[1]!.problems).toEqual([
      { field: 'ListPrice', key: 'listing.priceRange', message: 'Price must be between $1,000 and $1,000,000,000' },
      { field: 'YearBuilt', key: 'listing.yearBuiltRange', message: 'Year built must be between 1700 and 2100' },
    ])

    const start = await call({ method: 'POST', url: `/api/listing-import/jobs/${preview.job.id}/start`, payload: { listingKeys: ['file-1', 'file-3'], visibility: 'unlisted' } })
    expect(start.statusCode, start.body).toBe(202)
    const job = await finished(preview.job.id)
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, imported: 2, updated: 0, deleted: 0 })
    expect(job.skipped).toEqual([
      { key: 'file-2', reason: 'Price must be between $1,000 and $1,000,000,000', reasonKey: 'listing.priceRange', line: lineOf(text, 'file-2'), field: 'ListPrice' },
      { key: 'file-2', reason: 'Year built must be between 1700 and 2100', reasonKey: 'listing.yearBuiltRange', line: lineOf(text, 'file-2'), field: 'YearBuilt' },
    ])
    const rows = await t.db.select().from(listing).where(eq(listing.ownerId, agent.id))
    expect(rows.map((row) => [row.listingKey, row.source, row.visibility, row.standardStatus]).sort()).toEqual([
      ['file-1', 'reso-file', 'unlisted', 'Active'],
      ['file-3', 'reso-file', 'unlisted', 'ActiveUnderContract'],
    ])
    expect(job.listings.map((item) => item.ListingKey).sort()).toEqual(['file-1', 'file-3'])
    expect(job.listings.find((item) => item.ListingKey === 'file-1')!.UnparsedAddress).toBe('101 Church St, Nashville, TN 37201')
    // The agent is the listing agent: their details fill what the file leaves out.
    expect(rows[0]).toMatchObject({ listAgentUserId: agent.id, listAgentFullName: expect.any(String), listAgentEmail: expect.stringContaining('@') })
  })

  it('takes a bare array, updates what it imported before, and tells records that are not objects', async () => {
    const text = JSON.stringify([record(1, { ListPrice: 333000, ModificationTimestamp: '2024-08-01T10:00:00Z' }), 42], null, 2)
    const response = await upload(text, { filename: 'export.json' })
    expect(response.statusCode, response.body).toBe(200)
    const preview = response.json<ImportPreview>()
    const line42 = text.split('\n').indexOf('  42') + 1
    expect(preview.records.map((item) => [item.ListingKey, item.action, item.line])).toEqual([
      ['file-1', 'update', 2],
      [null, 'skip', line42],
    ])
    expect(preview.records[1]!.problems).toEqual([{ field: null, key: 'listingImport.recordNotObject', message: 'This record is not a JSON object' }])
    await call({ method: 'POST', url: `/api/listing-import/jobs/${preview.job.id}/start`, payload: { listingKeys: ['file-1'], visibility: 'public' } })
    const job = await finished(preview.job.id)
    expect(job).toMatchObject({ imported: 0, updated: 1, skipped: [{ key: '#2', reason: 'This record is not a JSON object', reasonKey: 'listingImport.recordNotObject', line: line42, field: null }] })
    const [row] = await t.db.select().from(listing).where(eq(listing.listingKey, 'file-1'))
    // An update keeps the visibility the listing has.
    expect(row).toMatchObject({ listPrice: 333000, visibility: 'unlisted' })
  })

  it('refuses a file that is not JSON, saying where it breaks, and imports nothing', async () => {
    const text = '{\n  "value": [\n    { "ListingKey": "x", }\n  ]\n}'
    const response = await upload(text)
    expect(response.statusCode).toBe(400)
    const notJson = {
      key: 'listingImport.fileNotJson',
      params: { line: 3, column: 26 },
      message: 'The file is not valid JSON: the error is at line 3, column 26. Nothing was imported.',
    }
    expect(response.json<ApiError>()).toMatchObject({ ...notJson, errors: [{ path: 'file', ...notJson }] })
    const shape = { key: 'listingImport.fileShape', message: 'The file must hold RESO Property records: an object with a "value" array, or an array. Nothing was imported.' }
    const cases: [string, { key: string; message: string }][] = [
      ['{"records": []}', shape],
      ['"just text"', shape],
      ['{"value": []}', { key: 'listingImport.fileEmpty', message: 'The file has no records' }],
      ['', { key: 'listingImport.fileMissing', message: 'Choose a RESO JSON file to upload' }],
    ]
    for (const [body, message] of cases) {
      const refused = await upload(body)
      expect(refused.statusCode, body).toBe(400)
      expect(refused.json<ApiError>(), body).toMatchObject(message)
    }
    const tooMany = await upload(JSON.stringify(Array.from({ length: LISTING_IMPORT_LIMITS.maxRecords + 1 }, () => ({}))))
    expect(tooMany.json<ApiError>()).toMatchObject({ key: 'listingImport.tooManyRecords', message: 'A file can hold at most 2,000 records' })
    // Refused uploads leave no import behind.
    const jobs = await t.db.select().from(listingImportJob).where(eq(listingImportJob.userId, agent.id))
    expect(jobs.filter((job) => job.status === 'pending')).toEqual([])
  })

  it('says the size limit when the file is too large, and what to send when the form is wrong', async () => {
    const large = await upload(Buffer.alloc(LISTING_IMPORT_LIMITS.fileMaxBytes + 1, 0x20))
    expect(large.statusCode).toBe(413)
    expect(large.json<ApiError>()).toMatchObject({ key: 'listingImport.fileTooLarge', message: 'The file is larger than 10 MB' })

    const wrongField = await upload('[]', { field: 'photo' })
    expect(wrongField.json<ApiError>()).toMatchObject({ key: 'listingImport.fileOnlyOne', message: 'Send one file, in the form field file, and nothing else' })
    const json = await call({ method: 'POST', url: '/api/listing-import/jobs/from-file', payload: { value: [] } })
    expect(json.statusCode).toBe(415)
    expect(json.json<ApiError>()).toMatchObject({ key: 'listingImport.fileNotMultipart', message: 'Send the file as multipart/form-data' })
  })

  it('does not fetch photos a file names on private addresses', async () => {
    const text = JSON.stringify({ value: [record(4, { Media: [{ MediaKey: 'p1', MediaURL: 'http://127.0.0.1:9/secret.png', Order: 0 }] }), record(5, { Media: [{ MediaKey: 'p2', MediaURL: 'http://169.254.169.254/latest/meta-data', Order: 0 }] })] }, null, 2)
    const preview = (await upload(text)).json<ImportPreview>()
    expect(preview.records.map((item) => item.photoCount)).toEqual([1, 1])
    await call({ method: 'POST', url: `/api/listing-import/jobs/${preview.job.id}/start`, payload: { listingKeys: ['file-4', 'file-5'], visibility: 'public' } })
    const job = await finished(preview.job.id)
    expect(job.imported).toBe(0)
    const refused = { reason: 'Photos can only be downloaded from public web addresses', reasonKey: 'listingImport.photoHostRefused', field: 'Media' }
    expect(job.skipped).toEqual([
      { key: 'file-4', line: lineOf(text, 'file-4'), ...refused },
      { key: 'file-5', line: lineOf(text, 'file-5'), ...refused },
    ])
    expect(await t.db.select().from(listing).where(eq(listing.listingKey, 'file-4'))).toEqual([])
  })

  it('names the rule a record breaks with the field it is in', async () => {
    const text = JSON.stringify([
      record(6, { ListingKey: undefined, ModificationTimestamp: 'yesterday', StandardStatus: 'Sold-ish', ListAgentEmail: 'not an email', City: { name: 'Nashville' } }),
    ])
    const preview = (await upload(text)).json<ImportPreview>()
    expect(preview.records[0]!.problems).toEqual([
      { field: 'ListingKey', key: 'common.required', message: 'Required' },
      { field: 'ModificationTimestamp', key: 'listingImport.timestampInvalid', message: 'Must be a date and time such as 2024-05-01T14:30:00Z' },
      { field: 'StandardStatus', key: 'listingImport.statusUnknown', message: 'Not a RESO StandardStatus such as Active, Pending or Closed' },
      { field: 'City', key: 'listingImport.expectedText', message: 'Must be text' },
      { field: 'ListAgentEmail', key: 'common.invalidEmail', message: 'Invalid email' },
    ])
    const start = await call({ method: 'POST', url: `/api/listing-import/jobs/${preview.job.id}/start`, payload: { listingKeys: [], visibility: 'public' } })
    expect(start.json<ApiError>()).toMatchObject({ key: 'listingImport.nothingChosen', message: 'Choose at least one listing to import' })
  })
})
