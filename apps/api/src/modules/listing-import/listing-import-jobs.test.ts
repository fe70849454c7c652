import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ImportJob } from '@offerbook/domain/listing-import'
import type { Role } from '@offerbook/domain/roles'
import { storedFile } from '../../db/schema/files'
import { listingImportJob, mlsFeedCursor } from '../../db/schema/listings'
import { createDiskStorage } from '../../storage/disk-storage'
import type { FileStorage } from '../../storage/storage'
import { getUser } from '../users/users.service'
import { checkFeed as checkFeedService, startImport } from './listing-import.service'
import { call, checkFeed, FIRST_LOAD_FILTER, useFeedApp, finished, importAll, listingByKey, mediaOf, signedIn, start, SYSTEM } from './listing-import.test-helpers'
import { createMlsGridClient } from './mls-grid-client'

/** A running import: records that fail on their way in, an import whose process stopped, and who may import. */

describe('an import job', () => {
  const { server, t } = useFeedApp()

  it('writes nothing of a record whose photo fails, and offers it again next time', async () => {
    const agent = await signedIn(t, ['SELLER_AGENT'])
    await server.play('photo-trouble')
    const preview = await checkFeed(t, agent)
    const job = await importAll(t, agent, preview)
    expect(job).toMatchObject({ status: 'done', imported: 1 })
    expect(job.skipped).toEqual([
      {
        key: 'testmls-2001',
        reason: 'A photo could not be downloaded; the listing will be tried again on the next import',
        reasonKey: 'listingImport.photoDownload',
        line: null,
        field: 'Media',
      },
      { key: 'testmls-2002', reason: 'The photo must be a JPEG, PNG or WebP image', reasonKey: 'listing.photoType', line: null, field: 'Media' },
    ])
    expect(await listingByKey(t, 'testmls-2001')).toBeNull()
    expect(await listingByKey(t, 'testmls-2002')).toBeNull()
    const good = (await listingByKey(t, 'testmls-2003'))!
    expect(await mediaOf(t, good.id)).toHaveLength(1)
    const files = await t.db.select().from(storedFile).where(eq(storedFile.ownerId, agent.id))
    expect(files).toHaveLength(1)
    // 2001 failed for a passing reason and is the oldest: the next run starts from the beginning again.
    expect(await t.db.select().from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, agent.id))).toEqual([])
    const again = await checkFeed(t, agent)
    expect((await server.propertyRequests()).at(-1)!.filter).toBe(FIRST_LOAD_FILTER)
    expect(again.records.find((record) => record.ListingKey === 'testmls-2001')!.action).toBe('create')
    expect(again.records.find((record) => record.ListingKey === 'testmls-2003')!.action).toBe('update')
  })

  it('writes nothing of a record whose photos cannot all be stored, and removes the photos it had stored already', async () => {
    const files = await mkdtemp(join(tmpdir(), 'offerbook-import-full-disk-'))
    try {
      // A disk that fills up at the second photo of the first listing.
      const disk = createDiskStorage(files)
      // A photo's WebP copies (key.w640.webp...) are put before it: the count is of the photos themselves.
      let puts = 0
      const storage: FileStorage = {
        ...disk,
        put: async (key, body, options) => {
          if (!key.endsWith('.webp')) puts++
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
      expect(job.skipped).toContainEqual({
        key: 'testmls-1001',
        reason: 'This listing could not be saved because of an error on our side; it will be tried again on the next import',
        reasonKey: 'listingImport.recordFailed',
        line: null,
        field: null,
      })
      expect(await listingByKey(t, 'testmls-1001')).toBeNull()
      expect(await listingByKey(t, 'testmls-1004')).not.toBeNull()
      expect(await t.db.select().from(storedFile).where(eq(storedFile.ownerId, agent.id))).toEqual([])
      // The first photo's bytes went with the transaction that would have used them.
      const left = await readdir(files, { recursive: true })
      expect(left.filter((name) => name.endsWith('.png') || name.endsWith('.webp'))).toEqual([])
      // A passing failure: the next run offers 1001 again.
      expect(await t.db.select().from(mlsFeedCursor).where(eq(mlsFeedCursor.userId, agent.id))).toEqual([])
    } finally {
      await rm(files, { recursive: true, force: true })
    }
  })

  it('shows an import whose process stopped as interrupted, and lets the next one start', async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
    const [stale] = await t.db
      .insert(listingImportJob)
      .values({ userId: other.id, source: 'mls-grid', status: 'running', total: 5, processed: 2, request: { heartbeatAt: hourAgo.toISOString() }, createdAt: hourAgo })
      .returning()
    const response = await call(t, other, { method: 'GET', url: `/api/listing-import/jobs/${stale!.id}` })
    expect(response.json<{ job: ImportJob }>().job).toMatchObject({
      status: 'failed',
      error: 'The import stopped before it finished because the server restarted. Check the feed or upload the file again.',
      errorKey: 'listingImport.jobInterrupted',
      processed: 2,
    })

    await server.play('second-run')
    const preview = await checkFeed(t, other)
    // Not blocked by the interrupted import: refused only for choosing nothing.
    expect((await start(t, other, preview.job.id, [])).json<ApiError>()).toMatchObject({ key: 'listingImport.nothingChosen', message: 'Choose at least one listing to import' })
    // An import whose process is still writing blocks the next.
    await t.db.insert(listingImportJob).values({ userId: other.id, source: 'mls-grid', status: 'running', request: { heartbeatAt: new Date().toISOString() } })
    const blocked = await start(t, other, preview.job.id, [])
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json<ApiError>()).toMatchObject({ key: 'listingImport.jobRunning', message: 'Another import of yours is still running; wait for it to finish' })
  })

  it('shows why a failed import stopped by its key, also for imports that kept the English text', async () => {
    const agent = await signedIn(t, ['SELLER_AGENT'])
    const jobFailed = { error: 'The import stopped because of an error on our side. Try again.', errorKey: 'listingImport.jobFailed' }
    const reason = 'This record is not a JSON object'
    const rows = await t.db
      .insert(listingImportJob)
      .values([
        { userId: agent.id, source: 'reso-file', status: 'failed', error: 'listingImport.jobFailed', finishedAt: new Date() },
        // Written before messages had keys: the English text alone.
        { userId: agent.id, source: 'reso-file', status: 'failed', error: jobFailed.error, finishedAt: new Date(), skipped: [{ key: '#1', reason, line: 2, field: null }] },
      ])
      .returning()
    for (const row of rows) {
      const { job } = (await call(t, agent, { method: 'GET', url: `/api/listing-import/jobs/${row.id}` })).json<{ job: ImportJob }>()
      expect(job).toMatchObject({ status: 'failed', ...jobFailed })
    }
    const { job: old } = (await call(t, agent, { method: 'GET', url: `/api/listing-import/jobs/${rows[1]!.id}` })).json<{ job: ImportJob }>()
    expect(old.skipped).toEqual([{ key: '#1', reason, reasonKey: 'listingImport.recordNotObject', line: 2, field: null }])
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
