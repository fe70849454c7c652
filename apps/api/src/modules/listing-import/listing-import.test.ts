import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { LISTING_MESSAGES } from '@offerbook/domain/listing'
import type { ImportJob, ImportPreview, ImportSources } from '@offerbook/domain/listing-import'
import { LISTING_IMPORT_MESSAGES } from '@offerbook/domain/listing-import'
import type { Role } from '@offerbook/domain/roles'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import type { MlsGridServer } from '../../../test/mls-grid-server'
import { photoBytes, startMlsGridServer } from '../../../test/mls-grid-server'
import { storedFile } from '../../db/schema/files'
import { listing, listingImportJob, listingMedia, mlsFeedCursor } from '../../db/schema/listings'
import { user } from '../../db/schema/users'
import { createDiskStorage } from '../../storage/disk-storage'
import type { FileStorage } from '../../storage/storage'
import { getUser } from '../users/users.service'
import { checkFeed as checkFeedService, startImport } from './listing-import.service'
import { createMlsGridClient } from './mls-grid-client'

type Who = { id: string; headers: { authorization: string } }

const SYSTEM = 'testmls'
const FIRST_LOAD_FILTER = "OriginatingSystemName eq 'testmls' and ListAgentMlsId eq 'TN-200001' and MlgCanView eq true"

async function appWith(mlsGrid: { url: string; token: string } | null) {
  const files = await mkdtemp(join(tmpdir(), 'offerbook-import-test-'))
  const t = await buildTestApp({ config: { storage: { kind: 'disk', directory: files }, mlsGrid: mlsGrid ? { ...mlsGrid, originatingSystem: SYSTEM } : null } })
  return { ...t, closeAll: async () => (await t.close(), await rm(files, { recursive: true, force: true })) }
}

async function signedIn(t: TestApp, roles: Role[], mlsId: string | null = 'TN-200001'): Promise<Who> {
  const created = await createUser(t, { roles })
  if (mlsId) await t.db.update(user).set({ sellerAgentId: mlsId }).where(eq(user.id, created.id))
  const { accessToken } = await signIn(t.app, created.email, created.password)
  return { id: created.id, headers: bearer(accessToken) }
}

function call(t: TestApp, who: Who | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who?.headers ?? {}) } })
}

async function checkFeed(t: TestApp, who: Who): Promise<ImportPreview> {
  const response = await call(t, who, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ImportPreview>()
}

async function start(t: TestApp, who: Who, jobId: string, listingKeys: string[], visibility = 'public'): Promise<LightMyRequestResponse> {
  return call(t, who, { method: 'POST', url: `/api/listing-import/jobs/${jobId}/start`, payload: { listingKeys, visibility } })
}

/** Polls the job as the browser does until it has finished. */
async function finished(t: TestApp, who: Who, jobId: string): Promise<ImportJob> {
  const deadline = Date.now() + 25_000
  for (;;) {
    const response = await call(t, who, { method: 'GET', url: `/api/listing-import/jobs/${jobId}` })
    expect(response.statusCode, response.body).toBe(200)
    const { job } = response.json<{ job: ImportJob }>()
    if (job.status === 'done' || job.status === 'failed') return job
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function importAll(t: TestApp, who: Who, preview: ImportPreview): Promise<ImportJob> {
  const keys = preview.records.filter((record) => record.action === 'create' || record.action === 'update').map((record) => record.ListingKey!)
  const response = await start(t, who, preview.job.id, keys)
  expect(response.statusCode, response.body).toBe(202)
  return finished(t, who, preview.job.id)
}

async function listingByKey(t: TestApp, key: string) {
  const [row] = await t.db.select().from(listing).where(eq(listing.listingKey, key))
  return row ?? null
}

async function mediaOf(t: TestApp, listingId: string) {
  const rows = await t.db.select().from(listingMedia).where(eq(listingMedia.listingId, listingId))
  return rows.sort((a, b) => a.order - b.order)
}

/** The smallest gap between the arrivals of consecutive requests; 2 a second is 500 ms, less up to 20 ms of loopback jitter. */
function smallestGap(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return Math.min(...sorted.slice(1).map((time, index) => time - sorted[index]!))
}

const problemsOf = (preview: ImportPreview, key: string) => preview.records.find((record) => record.ListingKey === key)?.problems

describe('importing from the MLS Grid feed', () => {
  let server: MlsGridServer
  let t: Awaited<ReturnType<typeof appWith>>
  let agent: Who

  beforeAll(async () => {
    server = await startMlsGridServer()
    t = await appWith({ url: server.url, token: server.token })
    agent = await signedIn(t, ['SELLER_AGENT'])
  })
  afterAll(async () => {
    await t.closeAll()
    await server.close()
  })

  it('reads every page of a first load, gzip and bearer token, no faster than 2 requests a second, and lists what it would do', async () => {
    await server.play('first-load')
    const preview = await checkFeed(t, agent)

    const requests = await server.propertyRequests()
    expect(requests.map((request) => request.skiptoken)).toEqual([null, 'page-2', 'page-3'])
    for (const request of requests) {
      expect(request.authorization).toBe(`Bearer ${server.token}`)
      expect(request.acceptEncoding).toContain('gzip')
      expect(request.filter).toBe(FIRST_LOAD_FILTER)
      expect(request.expand).toBe('Media')
      expect(request.status).toBe(200)
    }
    expect(smallestGap(requests.map((request) => request.at))).toBeGreaterThanOrEqual(480)

    expect(preview.since).toBeNull()
    expect(preview.records.map((record) => [record.ListingKey, record.action])).toEqual([
      ['testmls-1001', 'create'],
      ['testmls-1002', 'create'],
      ['testmls-1003', 'skip'],
      ['testmls-1004', 'create'],
      ['testmls-1005', 'create'],
    ])
    expect(problemsOf(preview, 'testmls-1003')).toEqual([
      { field: 'PostalCode', message: LISTING_MESSAGES.zipCode },
      { field: 'BedroomsTotal', message: LISTING_MESSAGES.roomsRange },
    ])
    const first = preview.records[0]!
    expect(first).toMatchObject({ ListingId: '1001', UnparsedAddress: '412 Belmont Blvd, Nashville, TN 37212', ListPrice: 425000, StandardStatus: 'Active', photoCount: 2 })
    expect(first.mapping).toContainEqual({ source: 'ListPrice', field: 'ListPrice', value: 425000 })
    expect(first.mapping).toContainEqual({ source: 'ListAgentDirectPhone', field: 'ListAgentDirectPhone', value: '+16155550142' })
    // The document of 1005 is not a photo.
    expect(preview.records[4]!.photoCount).toBe(1)
  })

  it('imports the picked listings with their photos stored here, reports the bad record, and keeps the high-water mark', async () => {
    const preview = await checkFeed(t, agent)
    const mediaBefore = (await server.mediaRequests()).length
    const job = await importAll(t, agent, preview)

    expect(job).toMatchObject({ status: 'done', source: 'mls-grid', total: 5, processed: 5, imported: 4, updated: 0, deleted: 0, error: null })
    expect(job.skipped).toEqual([
      { key: 'testmls-1003', reason: LISTING_MESSAGES.zipCode, line: null, field: 'PostalCode' },
      { key: 'testmls-1003', reason: LISTING_MESSAGES.roomsRange, line: null, field: 'BedroomsTotal' },
    ])
    expect(job.listings.map((item) => item.ListingKey).sort()).toEqual(['testmls-1001', 'testmls-1002', 'testmls-1004', 'testmls-1005'])
    expect(await listingByKey(t, 'testmls-1003')).toBeNull()

    const belmont = (await listingByKey(t, 'testmls-1001'))!
    expect(belmont).toMatchObject({
      ownerId: agent.id,
      listAgentUserId: agent.id,
      source: 'mls-grid',
      originatingSystemName: SYSTEM,
      listingId: '1001',
      standardStatus: 'Active',
      listPrice: 425000,
      unparsedAddress: '412 Belmont Blvd, Nashville, TN 37212',
      bedroomsTotal: 3,
      lotSizeAcres: 0.21,
      listAgentDirectPhone: '+16155550142',
      visibility: 'public',
      draftStep: null,
    })
    expect(belmont.modificationTimestamp.toISOString()).toBe('2024-05-01T14:30:00.000Z')
    expect(belmont.publishedAt).not.toBeNull()

    const riverside = (await listingByKey(t, 'testmls-1002'))!
    expect(riverside).toMatchObject({ standardStatus: 'ActiveUnderContract', streetNumber: '77', unparsedAddress: '77 Riverside Dr, Chattanooga, TN 37405', livingArea: 1205 })
    expect((await listingByKey(t, 'testmls-1005'))!.standardStatus).toBe('ComingSoon')

    // Photos: downloaded with a User-Agent and without the token, stored, served from /api/files.
    const downloads = (await server.mediaRequests()).slice(mediaBefore)
    expect(downloads.map((request) => request.path).sort()).toEqual(['/media/testmls/1001/1.png', '/media/testmls/1001/2.png', '/media/testmls/1002/1.png', '/media/testmls/1005/1.png'])
    for (const request of downloads) {
      expect(request.userAgent).toBeTruthy()
      expect(request.authorization).toBeUndefined()
    }
    const media = await mediaOf(t, belmont.id)
    expect(media.map((item) => [item.mediaKey, item.order])).toEqual([
      ['testmls-1001-m1', 0],
      ['testmls-1001-m2', 1],
    ])
    const served = await t.app.inject({ method: 'GET', url: `/api/files/${media[0]!.fileId}` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.rawPayload.equals(photoBytes('/media/testmls/1001/1.png'))).toBe(true)

    // The media downloads share the feed host's limit with the API calls.
    const sameHost = (await server.requests()).filter((request) => request.kind !== 'other').slice(-downloads.length - 3)
    expect(smallestGap(sameHost.map((request) => request.at))).toBeGreaterThanOrEqual(480)

    const [cursor] = await t.db.select().from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, agent.id))
    expect(cursor!.highWater.toISOString()).toBe('2024-05-05T12:00:00.000Z')
  })

  it('asks a second run only for newer records: updates what it has, deletes what may no longer be shown, skips unchanged photos', async () => {
    const belmontBefore = (await listingByKey(t, 'testmls-1001'))!
    const [m1Before, m2Before] = await mediaOf(t, belmontBefore.id)
    const riverside = (await listingByKey(t, 'testmls-1002'))!
    const [riversidePhoto] = await mediaOf(t, riverside.id)

    await server.play('second-run')
    const propertyBefore = (await server.propertyRequests()).length
    const mediaBefore = (await server.mediaRequests()).length
    const preview = await checkFeed(t, agent)
    const [asked] = (await server.propertyRequests()).slice(propertyBefore)
    expect(asked!.filter).toBe("OriginatingSystemName eq 'testmls' and ListAgentMlsId eq 'TN-200001' and ModificationTimestamp gt 2024-05-05T12:00:00.000Z")
    expect(preview.since).toBe('2024-05-05T12:00:00.000Z')
    expect(preview.records.map((record) => [record.ListingKey, record.action, record.listingId])).toEqual([
      ['testmls-1001', 'update', belmontBefore.id],
      ['testmls-1002', 'delete', riverside.id],
      ['testmls-1006', 'create', null],
    ])

    const job = await importAll(t, agent, preview)
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, imported: 1, updated: 1, deleted: 1, skipped: [] })

    const belmont = (await listingByKey(t, 'testmls-1001'))!
    expect(belmont.id).toBe(belmontBefore.id)
    expect(belmont.listPrice).toBe(415000)
    expect(belmont.modificationTimestamp.toISOString()).toBe('2024-06-01T09:00:00.000Z')
    const media = await mediaOf(t, belmont.id)
    expect(media.map((item) => [item.mediaKey, item.order])).toEqual([
      ['testmls-1001-m3', 0],
      ['testmls-1001-m1', 1],
      ['testmls-1001-m2', 2],
    ])
    // m1 is the same photo: not downloaded again, same stored file. m2 changed: new file, the old one gone.
    const downloads = (await server.mediaRequests())
      .slice(mediaBefore)
      .map((request) => request.path)
      .sort()
    expect(downloads).toEqual(['/media/testmls/1001/2-v2.png', '/media/testmls/1001/3.png'])
    expect(media[1]!.fileId).toBe(m1Before!.fileId)
    expect(media[2]!.fileId).not.toBe(m2Before!.fileId)
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${m2Before!.fileId}` })).statusCode).toBe(404)

    expect(await listingByKey(t, 'testmls-1002')).toBeNull()
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${riversidePhoto!.fileId}` })).statusCode).toBe(404)
    expect(await t.db.select().from(storedFile).where(eq(storedFile.id, riversidePhoto!.fileId))).toEqual([])
    expect(await listingByKey(t, 'testmls-1006')).toMatchObject({ ownerId: agent.id, standardStatus: 'Active' })

    const [cursor] = await t.db.select().from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, agent.id))
    expect(cursor!.highWater.toISOString()).toBe('2024-06-02T08:00:00.000Z')
  })

  it('waits out a 429 for as long as Retry-After says, then carries on', async () => {
    const other = await signedIn(t, ['BUYER_AGENT'])
    await server.play('second-run')
    await server.failNext({ status: 429, retryAfter: '1' })
    const before = (await server.propertyRequests()).length
    const preview = await checkFeed(t, other)
    const [refused, retried] = (await server.propertyRequests()).slice(before)
    expect(refused!.status).toBe(429)
    expect(retried!.status).toBe(200)
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(980)
    expect(preview.records).toHaveLength(2)
  })

  it('gives up after a few 429s with a message the agent understands', async () => {
    await server.play('second-run')
    await server.failNext({ status: 429, retryAfter: '0' }, 4)
    const response = await call(t, agent, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
    expect(response.statusCode).toBe(503)
    expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.feedRateLimited)
  })

  it('says so clearly when the feed refuses the token', async () => {
    await server.setToken('a-token-the-feed-revoked-since')
    try {
      await server.play('second-run')
      const response = await call(t, agent, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
      expect(response.statusCode).toBe(503)
      expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.feedUnauthorized)
      expect((await server.propertyRequests()).at(-1)!.status).toBe(401)
    } finally {
      await server.setToken(server.token)
    }
  })

  it('imports nothing from a feed that sends a broken page or a page of the wrong shape', async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    for (const recording of ['malformed', 'wrong-shape']) {
      await server.play(recording)
      const response = await call(t, other, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
      expect(response.statusCode, recording).toBe(503)
      expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.feedMalformed)
    }
    expect(await t.db.select().from(listingImportJob).where(eq(listingImportJob.userId, other.id))).toEqual([])
    expect(await t.db.select().from(listing).where(eq(listing.ownerId, other.id))).toEqual([])
  })

  it('writes nothing of a record whose photo fails, and offers it again next time', async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    await server.play('photo-trouble')
    const preview = await checkFeed(t, other)
    const job = await importAll(t, other, preview)
    expect(job).toMatchObject({ status: 'done', imported: 1 })
    expect(job.skipped).toEqual([
      { key: 'testmls-2001', reason: LISTING_IMPORT_MESSAGES.photoDownload, line: null, field: 'Media' },
      { key: 'testmls-2002', reason: LISTING_MESSAGES.photoType, line: null, field: 'Media' },
    ])
    expect(await listingByKey(t, 'testmls-2001')).toBeNull()
    expect(await listingByKey(t, 'testmls-2002')).toBeNull()
    const good = (await listingByKey(t, 'testmls-2003'))!
    expect(await mediaOf(t, good.id)).toHaveLength(1)
    const files = await t.db.select().from(storedFile).where(eq(storedFile.ownerId, other.id))
    expect(files).toHaveLength(1)
    // 2001 failed for a passing reason and is the oldest: the next run starts from the beginning again.
    expect(await t.db.select().from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, other.id))).toEqual([])
    const again = await checkFeed(t, other)
    expect((await server.propertyRequests()).at(-1)!.filter).toBe(FIRST_LOAD_FILTER)
    expect(again.records.find((record) => record.ListingKey === 'testmls-2001')!.action).toBe('create')
    expect(again.records.find((record) => record.ListingKey === 'testmls-2003')!.action).toBe('update')
  })

  it('shows an import whose process stopped as interrupted, and lets the next one start', async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
    const [stale] = await t.db
      .insert(listingImportJob)
      .values({ userId: other.id, source: 'mls-grid', status: 'running', total: 5, processed: 2, request: { heartbeatAt: hourAgo.toISOString() }, createdAt: hourAgo })
      .returning()
    const response = await call(t, other, { method: 'GET', url: `/api/listing-import/jobs/${stale!.id}` })
    expect(response.json<{ job: ImportJob }>().job).toMatchObject({ status: 'failed', error: LISTING_IMPORT_MESSAGES.jobInterrupted, processed: 2 })

    await server.play('second-run')
    const preview = await checkFeed(t, other)
    // Not blocked by the interrupted import: refused only for choosing nothing.
    expect((await start(t, other, preview.job.id, [])).json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.nothingChosen)
    // An import whose process is still writing blocks the next.
    await t.db.insert(listingImportJob).values({ userId: other.id, source: 'mls-grid', status: 'running', request: { heartbeatAt: new Date().toISOString() } })
    const blocked = await start(t, other, preview.job.id, [])
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.jobRunning)
  })

  it("skips a listing another account already imported, and leaves it as it is", async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    await server.play('second-run')
    const preview = await checkFeed(t, other)
    expect(preview.records.find((record) => record.ListingKey === 'testmls-1001')).toMatchObject({
      action: 'skip',
      problems: [{ field: 'ListingKey', message: LISTING_IMPORT_MESSAGES.ownedByOther }],
    })
    // Only its owner deletes it; for anyone else a MlgCanView=false record is nothing to do.
    expect(preview.records.map((record) => record.ListingKey)).not.toContain('testmls-1002')
  })

  it('refuses starts that are not the pending import of the caller', async () => {
    // 1002 left this feed's agent when the MLS hid it; to a new agent the first load offers it.
    await server.play('first-load')
    const other = await signedIn(t, ['SELLER_AGENT'])
    const preview = await checkFeed(t, other)
    const stranger = await signedIn(t, ['SELLER_AGENT'])
    for (const url of [`/api/listing-import/jobs/${preview.job.id}`, `/api/listing-import/jobs/${preview.job.id}/preview`]) {
      const response = await call(t, stranger, { method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.jobNotFound)
    }
    expect((await start(t, stranger, preview.job.id, ['testmls-1002'])).statusCode).toBe(404)
    expect((await call(t, other, { method: 'GET', url: '/api/listing-import/jobs/not-a-job' })).statusCode).toBe(404)

    const unknown = await start(t, other, preview.job.id, ['testmls-9999'])
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.notInImport)
    const someoneElses = await start(t, other, preview.job.id, ['testmls-1001'])
    expect(someoneElses.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.notInImport)
    const none = await start(t, other, preview.job.id, [])
    expect(none.statusCode).toBe(400)
    expect(none.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.nothingChosen)
    expect((await start(t, other, preview.job.id, ['testmls-1002'], 'everyone')).statusCode).toBe(400)

    expect((await start(t, other, preview.job.id, ['testmls-1002'], 'private')).statusCode).toBe(202)
    const twice = await start(t, other, preview.job.id, ['testmls-1002'])
    expect(twice.statusCode).toBe(409)
    expect(twice.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.jobStarted)
    const job = await finished(t, other, preview.job.id)
    expect(job.imported).toBe(1)
    expect(job.skipped.map((skip) => [skip.key, skip.reason])).toEqual([
      ['testmls-1001', LISTING_IMPORT_MESSAGES.ownedByOther],
      ['testmls-1003', LISTING_MESSAGES.zipCode],
      ['testmls-1003', LISTING_MESSAGES.roomsRange],
      ['testmls-1004', LISTING_IMPORT_MESSAGES.ownedByOther],
      ['testmls-1005', LISTING_IMPORT_MESSAGES.ownedByOther],
    ])
    expect(await listingByKey(t, 'testmls-1002')).toMatchObject({ ownerId: other.id, visibility: 'private' })
  })

  it('asks for an MLS ID before reading the feed', async () => {
    const noId = await signedIn(t, ['SELLER_AGENT'], null)
    const sources = await call(t, noId, { method: 'GET', url: '/api/listing-import/sources' })
    expect(sources.json<ImportSources>()).toMatchObject({ feed: { configured: true, originatingSystem: SYSTEM }, mlsId: null, lastFeedTimestamp: null })
    const response = await call(t, noId, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.noMlsId)
  })

  it('is for seller and buyer agents only', async () => {
    const urls: InjectOptions[] = [
      { method: 'GET', url: '/api/listing-import/sources' },
      { method: 'POST', url: '/api/listing-import/jobs/from-feed' },
      { method: 'GET', url: '/api/listing-import/jobs/00000000-0000-4000-8000-000000000000' },
      { method: 'POST', url: '/api/listing-import/jobs/00000000-0000-4000-8000-000000000000/start', payload: { listingKeys: [], visibility: 'public' } },
      { method: 'POST', url: '/api/listing-import/jobs/from-file', payload: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    ]
    for (const roles of [['SELLER_OWNER'], ['BUYER_SIMPLE'], ['SELLER_SIMPLE'], ['ADMIN']] as Role[][]) {
      const who = await signedIn(t, roles)
      for (const options of urls) expect((await call(t, who, options)).statusCode, `${roles[0]} ${options.url}`).toBe(403)
    }
    for (const options of urls) expect((await call(t, null, options)).statusCode, `anonymous ${options.url}`).toBe(401)
    const buyerAgent = await signedIn(t, ['BUYER_AGENT'])
    expect((await call(t, buyerAgent, urls[0]!)).statusCode).toBe(200)
  })
})

describe('a record whose photos cannot all be stored', () => {
  let server: MlsGridServer
  let t: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => {
    server = await startMlsGridServer()
    t = await appWith({ url: server.url, token: server.token })
  })
  afterAll(async () => {
    await t.closeAll()
    await server.close()
  })

  it('writes nothing of it, and removes the photos it had stored already', async () => {
    const files = await mkdtemp(join(tmpdir(), 'offerbook-import-full-disk-'))
    try {
      // A disk that fills up at the second photo of the first listing.
      const disk = createDiskStorage(files)
      let puts = 0
      const storage: FileStorage = {
        ...disk,
        put: async (key, body, options) => {
          puts++
          if (puts === 2) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
          return disk.put(key, body, options)
        },
      }
      const agent = await signedIn(t, ['SELLER_AGENT'])
      const actor = (await getUser(t.db, agent.id))!
      const quiet = { error: () => {}, warn: () => {} }
      const ctx = { db: t.db, storage, feed: { client: createMlsGridClient({ url: server.url, token: server.token, originatingSystem: SYSTEM }), originatingSystem: SYSTEM }, log: quiet, lookahead: 1 }
      await server.play('first-load')
      const preview = await checkFeedService(ctx, { actor })
      const { done } = await startImport(ctx, { actor, id: preview.job.id, input: { listingKeys: ['testmls-1001', 'testmls-1004'], visibility: 'public' } })
      await done
      const job = await finished(t, agent, preview.job.id)
      expect(job).toMatchObject({ status: 'done', imported: 1 })
      expect(job.skipped).toContainEqual({ key: 'testmls-1001', reason: LISTING_IMPORT_MESSAGES.recordFailed, line: null, field: null })
      expect(await listingByKey(t, 'testmls-1001')).toBeNull()
      expect(await listingByKey(t, 'testmls-1004')).not.toBeNull()
      expect(await t.db.select().from(storedFile).where(eq(storedFile.ownerId, agent.id))).toEqual([])
      // The first photo's bytes went with the transaction that would have used them.
      const left = await readdir(files, { recursive: true })
      expect(left.filter((name) => name.endsWith('.png'))).toEqual([])
      // A passing failure: the next run offers 1001 again.
      expect(await t.db.select().from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, agent.id))).toEqual([])
    } finally {
      await rm(files, { recursive: true, force: true })
    }
  })
})

describe('a feed that is not set up', () => {
  let t: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => {
    t = await appWith(null)
  })
  afterAll(async () => t.closeAll())

  it('says the feed is not set up, and still offers files', async () => {
    const agent = await signedIn(t, ['SELLER_AGENT'])
    const sources = await call(t, agent, { method: 'GET', url: '/api/listing-import/sources' })
    expect(sources.json<ImportSources>()).toMatchObject({ feed: { configured: false, originatingSystem: null }, mlsId: 'TN-200001', fileMaxBytes: 10 * 1024 * 1024 })
    const response = await call(t, agent, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.feedNotConfigured)
  })
})

describe('a feed that is down', () => {
  let t: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => {
    const server = await startMlsGridServer()
    await server.close()
    t = await appWith({ url: server.url, token: server.token })
  })
  afterAll(async () => t.closeAll())

  it('says the feed is not answering when nothing listens at its address', async () => {
    const agent = await signedIn(t, ['SELLER_AGENT'])
    const response = await call(t, agent, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
    expect(response.statusCode).toBe(503)
    expect(response.json<ApiError>().message).toBe(LISTING_IMPORT_MESSAGES.feedUnavailable)
  })
})
