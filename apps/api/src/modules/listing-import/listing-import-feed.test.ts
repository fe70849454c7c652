import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { photoBytes } from '../../../test/mls-grid-server'
import { storedFile } from '../../db/schema/files'
import { mlsFeedCursor } from '../../db/schema/listings'
import type { Who } from './listing-import.test-helpers'
import { call, checkFeed, FIRST_LOAD_FILTER, useFeedApp, finished, importAll, listingByKey, mediaOf, problemsOf, signedIn, smallestGap, start, SYSTEM } from './listing-import.test-helpers'

/** The feed's replication, run after run: each test starts where the one before it left the listings and the high-water mark. */

const ZIP_CODE = { key: 'listing.zipCode', message: 'Enter a 5-digit ZIP code' }
const ROOMS = { key: 'listing.roomsRange', message: 'Must be a whole number from 0 to 99' }
const OWNED_BY_OTHER = { key: 'listingImport.ownedByOther', message: 'This listing was already imported by another account' }

describe('importing from the MLS Grid feed', () => {
  const { server, t } = useFeedApp()
  let agent: Who

  beforeAll(async () => {
    agent = await signedIn(t, ['SELLER_AGENT'])
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
      { field: 'PostalCode', ...ZIP_CODE },
      { field: 'BedroomsTotal', ...ROOMS },
    ])
    const first = preview.records[0]!
    expect(first).toMatchObject({ ListingId: '1001', UnparsedAddress: '412 Belmont Blvd, Nashville, TN 37212', ListPrice: 425000, StandardStatus: 'Active', photoCount: 2 })
    expect(first.mapping).toContainEqual({ source: 'ListPrice', field: 'ListPrice', value: 425000 })
    expect(first.mapping).toContainEqual({ source: 'ListAgentDirectPhone', field: 'ListAgentDirectPhone', value: '+16155550142' })
    expect(first.mapping).toContainEqual({ source: 'ParcelNumber', field: 'ParcelNumber', value: '104 02 0 135.00' })
    // The document of 1005 is not a photo.
    expect(preview.records[4]!.photoCount).toBe(1)
  })

  it('imports the picked listings with their photos stored here, reports the bad record, and keeps the high-water mark', async () => {
    const preview = await checkFeed(t, agent)
    const mediaBefore = (await server.mediaRequests()).length
    const job = await importAll(t, agent, preview)

    expect(job).toMatchObject({ status: 'done', source: 'mls-grid', total: 5, processed: 5, imported: 4, updated: 0, deleted: 0, error: null, errorKey: null })
    expect(job.skipped).toEqual([
      { key: 'testmls-1003', reason: ZIP_CODE.message, reasonKey: ZIP_CODE.key, line: null, field: 'PostalCode' },
      { key: 'testmls-1003', reason: ROOMS.message, reasonKey: ROOMS.key, line: null, field: 'BedroomsTotal' },
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
      // The public record the purchase agreement prints, by the RESO names the feed sends.
      parcelNumber: '104 02 0 135.00',
      taxLegalDescription: "Lot 7, Belmont Heights, as recorded in Plat Book 421, Page 63, Register's Office of Davidson County, Tennessee.",
      deedReference: null,
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

  it('skips a listing another account already imported, and leaves it as it is', async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    await server.play('second-run')
    const preview = await checkFeed(t, other)
    expect(preview.records.find((record) => record.ListingKey === 'testmls-1001')).toMatchObject({
      action: 'skip',
      problems: [{ field: 'ListingKey', ...OWNED_BY_OTHER }],
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
      expect(response.json<ApiError>()).toMatchObject({ key: 'listingImport.jobNotFound', message: 'Import not found' })
    }
    expect((await start(t, stranger, preview.job.id, ['testmls-1002'])).statusCode).toBe(404)
    expect((await call(t, other, { method: 'GET', url: '/api/listing-import/jobs/not-a-job' })).statusCode).toBe(404)

    const notInImport = { key: 'listingImport.notInImport', message: 'Choose listings from the list of this import' }
    const unknown = await start(t, other, preview.job.id, ['testmls-9999'])
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<ApiError>()).toMatchObject({ ...notInImport, errors: [{ path: 'listingKeys', ...notInImport }] })
    const someoneElses = await start(t, other, preview.job.id, ['testmls-1001'])
    expect(someoneElses.json<ApiError>()).toMatchObject(notInImport)
    const none = await start(t, other, preview.job.id, [])
    expect(none.statusCode).toBe(400)
    expect(none.json<ApiError>()).toMatchObject({ key: 'listingImport.nothingChosen', message: 'Choose at least one listing to import' })
    expect((await start(t, other, preview.job.id, ['testmls-1002'], 'everyone')).statusCode).toBe(400)

    expect((await start(t, other, preview.job.id, ['testmls-1002'], 'private')).statusCode).toBe(202)
    const twice = await start(t, other, preview.job.id, ['testmls-1002'])
    expect(twice.statusCode).toBe(409)
    expect(twice.json<ApiError>()).toMatchObject({ key: 'listingImport.jobStarted', message: 'This import has already started' })
    const job = await finished(t, other, preview.job.id)
    expect(job.imported).toBe(1)
    expect(job.skipped.map((skip) => [skip.key, skip.reasonKey, skip.reason])).toEqual([
      ['testmls-1001', OWNED_BY_OTHER.key, OWNED_BY_OTHER.message],
      ['testmls-1003', ZIP_CODE.key, ZIP_CODE.message],
      ['testmls-1003', ROOMS.key, ROOMS.message],
      ['testmls-1004', OWNED_BY_OTHER.key, OWNED_BY_OTHER.message],
      ['testmls-1005', OWNED_BY_OTHER.key, OWNED_BY_OTHER.message],
    ])
    expect(await listingByKey(t, 'testmls-1002')).toMatchObject({ ownerId: other.id, visibility: 'private' })
  })
})
