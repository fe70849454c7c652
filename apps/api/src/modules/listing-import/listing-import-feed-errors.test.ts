import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { ImportSources } from '@offerbook/domain/listing-import'
import { startMlsGridServer } from '../../../test/mls-grid-server'
import { listing, listingImportJob } from '../../db/schema/listings'
import type { ImportTestApp, Who } from './listing-import.test-helpers'
import { appWith, call, checkFeed, useFeedApp, signedIn, SYSTEM } from './listing-import.test-helpers'

/** A feed that cannot be read: what the agent is told, and that nothing is imported. */

const fromFeed = { method: 'POST', url: '/api/listing-import/jobs/from-feed' } as const

describe('a feed that refuses or fails', () => {
  const { server, t } = useFeedApp()
  let agent: Who

  beforeAll(async () => {
    agent = await signedIn(t, ['SELLER_AGENT'])
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
    const response = await call(t, agent, fromFeed)
    expect(response.statusCode).toBe(503)
    expect(response.json<ApiError>()).toMatchObject({ key: 'listingImport.feedRateLimited', message: 'The MLS feed asked us to slow down. Try again in a few minutes.' })
  })

  it('says so clearly when the feed refuses the token', async () => {
    await server.setToken('a-token-the-feed-revoked-since')
    try {
      await server.play('second-run')
      const response = await call(t, agent, fromFeed)
      expect(response.statusCode).toBe(503)
      expect(response.json<ApiError>()).toMatchObject({
        key: 'listingImport.feedUnauthorized',
        message: "The MLS feed did not accept this site's access token. Ask the site administrator to renew it; meanwhile you can upload a RESO JSON file.",
      })
      expect((await server.propertyRequests()).at(-1)!.status).toBe(401)
    } finally {
      await server.setToken(server.token)
    }
  })

  it('imports nothing from a feed that sends a broken page or a page of the wrong shape', async () => {
    const other = await signedIn(t, ['SELLER_AGENT'])
    for (const recording of ['malformed', 'wrong-shape']) {
      await server.play(recording)
      const response = await call(t, other, fromFeed)
      expect(response.statusCode, recording).toBe(503)
      expect(response.json<ApiError>()).toMatchObject({ key: 'listingImport.feedMalformed', message: 'The MLS feed sent a page that is not RESO JSON, so nothing was imported. Try again later.' })
    }
    expect(await t.db.select().from(listingImportJob).where(eq(listingImportJob.userId, other.id))).toEqual([])
    expect(await t.db.select().from(listing).where(eq(listing.ownerId, other.id))).toEqual([])
  })

  it('asks for an MLS ID before reading the feed', async () => {
    const noId = await signedIn(t, ['SELLER_AGENT'], null)
    const sources = await call(t, noId, { method: 'GET', url: '/api/listing-import/sources' })
    expect(sources.json<ImportSources>()).toMatchObject({ feed: { configured: true, originatingSystem: SYSTEM }, mlsId: null, lastFeedTimestamp: null })
    const response = await call(t, noId, fromFeed)
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toMatchObject({
      key: 'listingImport.noMlsId',
      message: 'Your profile has no MLS ID, so the feed cannot find your listings. Add your MLS ID to your profile, or upload a RESO JSON file.',
    })
  })
})

describe('a feed that is not set up', () => {
  let t: ImportTestApp
  beforeAll(async () => {
    t = await appWith(null)
  })
  afterAll(async () => t.closeAll())

  it('says the feed is not set up, and still offers files', async () => {
    const agent = await signedIn(t, ['SELLER_AGENT'])
    const sources = await call(t, agent, { method: 'GET', url: '/api/listing-import/sources' })
    expect(sources.json<ImportSources>()).toMatchObject({ feed: { configured: false, originatingSystem: null }, mlsId: 'TN-200001', fileMaxBytes: 10 * 1024 * 1024 })
    const response = await call(t, agent, fromFeed)
    expect(response.statusCode).toBe(409)
    expect(response.json<ApiError>()).toMatchObject({ key: 'listingImport.feedNotConfigured', message: 'The MLS feed is not set up on this site. You can upload a RESO JSON file instead.' })
  })
})

describe('a feed that is down', () => {
  let t: ImportTestApp
  beforeAll(async () => {
    const server = await startMlsGridServer()
    await server.close()
    t = await appWith({ url: server.url, token: server.token })
  })
  afterAll(async () => t.closeAll())

  it('says the feed is not answering when nothing listens at its address', async () => {
    const agent = await signedIn(t, ['SELLER_AGENT'])
    const response = await call(t, agent, fromFeed)
    expect(response.statusCode).toBe(503)
    expect(response.json<ApiError>()).toMatchObject({ key: 'listingImport.feedUnavailable', message: 'The MLS feed is not answering right now. Try again in a few minutes.' })
  })
})
