import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { ImportJob, ImportPreview } from '@offerbook/domain/listing-import'
import type { Role } from '@offerbook/domain/roles'
import type { TestApp } from '../../../test/build-test-app'
import { buildTestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'
import { lazy, perFile } from '../../../test/per-file'
import type { MlsGridServer } from '../../../test/mls-grid-server'
import { startMlsGridServer } from '../../../test/mls-grid-server'
import { listing, listingMedia } from '../../db/schema/listings'
import { user } from '../../db/schema/users'

/** The set-up the listing import tests share: an app with disk storage, reading a recorded MLS Grid feed. */

export type Who = { id: string; headers: { authorization: string } }
export type ImportTestApp = TestApp & { closeAll: () => Promise<void> }

export const SYSTEM = 'testmls'
export const FIRST_LOAD_FILTER = "OriginatingSystemName eq 'testmls' and ListAgentMlsId eq 'TN-200001' and MlgCanView eq true"

/** An app whose photos go to a scratch directory; `mlsGrid` null leaves the feed unconfigured. */
export async function appWith(mlsGrid: { url: string; token: string } | null): Promise<ImportTestApp> {
  const files = await mkdtemp(join(tmpdir(), 'offerbook-import-test-'))
  const t = await buildTestApp({ config: { storage: { kind: 'disk', directory: files }, mlsGrid: mlsGrid ? { ...mlsGrid, originatingSystem: SYSTEM } : null } })
  return { ...t, closeAll: async () => (await t.close(), await rm(files, { recursive: true, force: true })) }
}

/** The recorded feed and an app reading it; `close` stops both. */
export async function feedApp(): Promise<{ server: MlsGridServer; t: ImportTestApp; close: () => Promise<void> }> {
  const server = await startMlsGridServer()
  const t = await appWith({ url: server.url, token: server.token })
  return { server, t, close: async () => (await t.closeAll(), await server.close()) }
}

/** The feed's server and the app reading it, started before the tests of the describe block that calls this and closed after them. */
export function useFeedApp(): { server: MlsGridServer; t: ImportTestApp } {
  const feed = perFile(feedApp, ({ close }) => close())
  return { server: lazy(() => feed.server), t: lazy(() => feed.t) }
}

export async function signedIn(t: TestApp, roles: Role[], mlsId: string | null = 'TN-200001'): Promise<Who> {
  const created = await createUser(t, { roles })
  if (mlsId) await t.db.update(user).set({ sellerAgentId: mlsId }).where(eq(user.id, created.id))
  const { accessToken } = await signIn(t.app, created.email, created.password)
  return { id: created.id, headers: bearer(accessToken) }
}

export function call(t: TestApp, who: Who | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(who?.headers ?? {}) } })
}

export async function checkFeed(t: TestApp, who: Who): Promise<ImportPreview> {
  const response = await call(t, who, { method: 'POST', url: '/api/listing-import/jobs/from-feed' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ImportPreview>()
}

export async function start(t: TestApp, who: Who, jobId: string, listingKeys: string[], visibility = 'public'): Promise<LightMyRequestResponse> {
  return call(t, who, { method: 'POST', url: `/api/listing-import/jobs/${jobId}/start`, payload: { listingKeys, visibility } })
}

/** Polls the job as the browser does until it has finished. */
export async function finished(t: TestApp, who: Who, jobId: string): Promise<ImportJob> {
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

/** Starts the import with every record it can import, and waits for it to finish. */
export async function importAll(t: TestApp, who: Who, preview: ImportPreview): Promise<ImportJob> {
  const keys = preview.records.filter((record) => record.action === 'create' || record.action === 'update').map((record) => record.ListingKey!)
  const response = await start(t, who, preview.job.id, keys)
  expect(response.statusCode, response.body).toBe(202)
  return finished(t, who, preview.job.id)
}

export async function listingByKey(t: TestApp, key: string) {
  const [row] = await t.db.select().from(listing).where(eq(listing.listingKey, key))
  return row ?? null
}

export async function mediaOf(t: TestApp, listingId: string) {
  const rows = await t.db.select().from(listingMedia).where(eq(listingMedia.listingId, listingId))
  return rows.sort((a, b) => a.order - b.order)
}

/** The smallest gap between the arrivals of consecutive requests; 2 a second is 500 ms, less up to 20 ms of loopback jitter. */
export function smallestGap(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return Math.min(...sorted.slice(1).map((time, index) => time - sorted[index]!))
}

export const problemsOf = (preview: ImportPreview, key: string) => preview.records.find((record) => record.ListingKey === key)?.problems
