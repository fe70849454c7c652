import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MlsGridStatus, MlsReplicaPage, MlsRun } from '@offerbook/domain/mls-replication'
import { bearer, createUser, signIn } from '../../../test/factories'
import { adminAudit, adminSetting, mlsReplica, mlsReplicationRun } from '../../db/schema/admin'
import type { ImportTestApp, Who } from '../listing-import/listing-import.test-helpers'
import { appWith, call, useFeedApp, listingByKey, mediaOf, signedIn } from '../listing-import/listing-import.test-helpers'

/** The whole-feed replication against the recorded MLS Grid server; each test goes on from the state the one before left. */

const FIRST_FILTER = "OriginatingSystemName eq 'testmls' and MlgCanView eq true"

async function superAdmin(t: ImportTestApp): Promise<Who> {
  const created = await createUser(t, { roles: ['SUPER_ADMIN'] })
  const { accessToken } = await signIn(t.app, created.email, created.password)
  return { id: created.id, headers: bearer(accessToken) }
}

async function status(t: ImportTestApp, who: Who): Promise<MlsGridStatus> {
  const response = await call(t, who, { method: 'GET', url: '/api/admin/mls-grid' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<MlsGridStatus>()
}

/** Polls the page's status as the browser does until the run has finished. */
async function finishedRun(t: ImportTestApp, who: Who, id: string): Promise<MlsRun> {
  const deadline = Date.now() + 25_000
  for (;;) {
    const run = (await status(t, who)).runs.find((item) => item.id === id)
    if (run && run.status !== 'running') return run
    if (Date.now() > deadline) throw new Error(`run ${id} still running`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function runNow(t: ImportTestApp, who: Who): Promise<MlsRun> {
  const response = await call(t, who, { method: 'POST', url: '/api/admin/mls-grid/runs' })
  expect(response.statusCode, response.body).toBe(202)
  return finishedRun(t, who, response.json<{ run: MlsRun }>().run.id)
}

async function replicas(t: ImportTestApp, who: Who, query = ''): Promise<MlsReplicaPage> {
  const response = await call(t, who, { method: 'GET', url: `/api/admin/mls-grid/listings${query}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<MlsReplicaPage>()
}

async function myListingKeys(t: ImportTestApp, who: Who): Promise<string[]> {
  const response = await call(t, who, { method: 'GET', url: '/api/listings/mine' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ items: { ListingKey: string }[] }>().items.map((item) => item.ListingKey).sort()
}

describe('the MLS Grid replication without a feed', () => {
  let t: ImportTestApp
  let admin: Who
  beforeAll(async () => {
    t = await appWith(null)
    admin = await superAdmin(t)
  })
  afterAll(async () => t.closeAll())

  it('says it is not configured and refuses to run', async () => {
    expect(await status(t, admin)).toMatchObject({ configured: false, url: null, systemName: null, highWater: null, running: false, runs: [], schedule: { minutes: null } })
    const response = await call(t, admin, { method: 'POST', url: '/api/admin/mls-grid/runs' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ key: 'mlsReplication.notConfigured' })
  })

  it('takes a schedule of 5 to 1440 whole minutes or none, and audits it', async () => {
    for (const minutes of [4, 1441, 2.5, '30', true]) {
      const response = await call(t, admin, { method: 'PUT', url: '/api/admin/mls-grid/schedule', payload: { minutes } })
      expect(response.statusCode, `minutes ${String(minutes)}`).toBe(400)
    }
    const bad = await call(t, admin, { method: 'PUT', url: '/api/admin/mls-grid/schedule', payload: { minutes: 4 } })
    expect(bad.json()).toMatchObject({ errors: [{ path: 'minutes', key: 'mlsReplication.scheduleRange' }] })

    const saved = await call(t, admin, { method: 'PUT', url: '/api/admin/mls-grid/schedule', payload: { minutes: 30 } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ minutes: 30 })
    expect((await status(t, admin)).schedule).toEqual({ minutes: 30 })

    const off = await call(t, admin, { method: 'PUT', url: '/api/admin/mls-grid/schedule', payload: { minutes: null } })
    expect(off.json()).toEqual({ minutes: null })
    expect((await status(t, admin)).schedule).toEqual({ minutes: null })
    const audits = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'mlsGrid.schedule'), eq(adminAudit.actorId, admin.id)))
    expect(audits.map((row) => row.after)).toEqual(expect.arrayContaining([{ minutes: 30 }, { minutes: null }]))
    expect(await t.db.select().from(adminSetting).where(eq(adminSetting.key, 'mlsGrid.scheduleMinutes'))).toHaveLength(1)
  })
})

describe('replicating the MLS Grid feed', () => {
  const { server, t } = useFeedApp()
  let admin: Who
  let agent: Who

  beforeAll(async () => {
    admin = await superAdmin(t)
    agent = await signedIn(t, ['SELLER_AGENT'], 'TN-200001')
  })

  it('shows the settings but never the token', async () => {
    const shown = await status(t, admin)
    expect(shown).toMatchObject({ configured: true, url: server.url, systemName: 'testmls', highWater: null, running: false })
    expect(JSON.stringify(shown)).not.toContain(server.token)
  })

  it('first run: takes every record of every agent across the pages, links the agent\u2019s ones as their listings, reports the bad record', async () => {
    await server.play('replication-all')
    const run = await runNow(t, admin)

    const requests = await server.propertyRequests()
    expect(requests.map((request) => request.skiptoken)).toEqual([null, 'page-2'])
    expect(requests[0]).toMatchObject({ filter: FIRST_FILTER, expand: 'Media', authorization: `Bearer ${server.token}` })

    expect(run).toMatchObject({ trigger: 'manual', status: 'done', created: 3, updated: 0, deleted: 0, photos: 2 })
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]!.listingKey).toBe('testmls-2003')
    expect(run.errors[0]!.message).toContain('PostalCode')

    const all = await replicas(t, admin)
    expect(all.total).toBe(3)
    expect(all.items.map((item) => item.listingKey).sort()).toEqual(['testmls-2001', 'testmls-2002', 'testmls-2004'])
    const belmont = all.items.find((item) => item.listingKey === 'testmls-2001')!
    expect(belmont).toMatchObject({ listingId: '2001', price: 425000, status: 'Active', listAgentMlsId: 'TN-200001', photoCount: 2, address: '412 Belmont Blvd, Nashville, TN 37212' })
    expect(belmont.linkedAgent?.id).toBe(agent.id)
    expect(all.items.find((item) => item.listingKey === 'testmls-2002')!.linkedAgent).toBeNull()

    expect((await replicas(t, admin, '?linked=true')).items.map((item) => item.listingKey)).toEqual(['testmls-2001'])
    expect((await replicas(t, admin, '?linked=false')).total).toBe(2)
    expect((await replicas(t, admin, '?search=2004')).items.map((item) => item.listingKey)).toEqual(['testmls-2004'])
    expect((await replicas(t, admin, '?search=hillsboro')).total).toBe(1)
    expect((await replicas(t, admin, '?pageSize=2&page=2')).items).toHaveLength(1)

    // The linked record is the agent's listing, with its photos; the others are nobody's.
    expect(await myListingKeys(t, agent)).toEqual(['testmls-2001'])
    const listing = (await listingByKey(t, 'testmls-2001'))!
    expect(listing).toMatchObject({ ownerId: agent.id, source: 'mls-grid', listingId: '2001', parcelNumber: '104 02 0 135.00', taxLegalDescription: expect.stringMatching(/^Lot 7, Belmont Heights, /) })
    expect(await mediaOf(t, listing.id)).toHaveLength(2)
    expect(await listingByKey(t, 'testmls-2002')).toBeNull()

    expect((await status(t, admin)).highWater).toBe('2024-05-04T16:45:00.000Z')
    const audits = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'mlsGrid.run'), eq(adminAudit.actorId, admin.id)))
    expect(audits).toHaveLength(1)
  })

  it('second run: asks only for what changed since the high-water mark, one run at a time, and applies updates, new records and deletions', async () => {
    await server.play('replication-changes')
    const before = (await server.propertyRequests()).length
    const [first, second] = await Promise.all([call(t, admin, { method: 'POST', url: '/api/admin/mls-grid/runs' }), call(t, admin, { method: 'POST', url: '/api/admin/mls-grid/runs' })])
    const answers = [first!, second!].map((response) => response.statusCode).sort()
    expect(answers).toEqual([202, 409])
    const refused = [first!, second!].find((response) => response.statusCode === 409)!
    expect(refused.json()).toMatchObject({ key: 'mlsReplication.alreadyRunning' })
    const started = [first!, second!].find((response) => response.statusCode === 202)!.json<{ run: MlsRun }>().run
    expect(started.status).toBe('running')
    const run = await finishedRun(t, admin, started.id)

    const requests = (await server.propertyRequests()).slice(before)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.filter).toBe("OriginatingSystemName eq 'testmls' and ModificationTimestamp gt 2024-05-04T16:45:00.000Z")
    expect(run).toMatchObject({ status: 'done', created: 1, updated: 1, deleted: 1, errors: [] })

    const all = await replicas(t, admin)
    expect(all.items.map((item) => item.listingKey).sort()).toEqual(['testmls-2001', 'testmls-2004', 'testmls-2006'])
    expect(all.items.find((item) => item.listingKey === 'testmls-2001')!.price).toBe(415000)
    expect(await myListingKeys(t, agent)).toEqual(['testmls-2001', 'testmls-2006'])
    expect((await listingByKey(t, 'testmls-2001'))!.listPrice).toBe(415000)
    expect((await status(t, admin)).highWater).toBe('2024-06-02T08:00:00.000Z')
  })

  it('deleting a linked record withdraws the agent\u2019s listing', async () => {
    await server.addRecording('linked-gone', [JSON.stringify({ value: [{ ListingKey: 'testmls-2006', OriginatingSystemName: 'testmls', MlgCanView: false, ModificationTimestamp: '2024-06-03T08:00:00.000Z' }] })])
    await server.play('linked-gone')
    const run = await runNow(t, admin)
    expect(run).toMatchObject({ status: 'done', deleted: 1 })
    expect(await myListingKeys(t, agent)).toEqual(['testmls-2001'])
    expect(await t.db.select().from(mlsReplica).where(eq(mlsReplica.listingKey, 'testmls-2006'))).toHaveLength(0)
  })

  it('refuses a run while another process runs one, and takes over a run left running for over an hour', async () => {
    const [other] = await t.db.insert(mlsReplicationRun).values({ trigger: 'schedule', status: 'running' }).returning()
    expect((await status(t, admin)).running).toBe(true)
    const refused = await call(t, admin, { method: 'POST', url: '/api/admin/mls-grid/runs' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ key: 'mlsReplication.alreadyRunning' })

    await t.db.update(mlsReplicationRun).set({ startedAt: new Date(Date.now() - 61 * 60_000) }).where(eq(mlsReplicationRun.id, other!.id))
    await server.addRecording('nothing-new', [JSON.stringify({ value: [] })])
    await server.play('nothing-new')
    const run = await runNow(t, admin)
    expect(run).toMatchObject({ status: 'done', created: 0, updated: 0, deleted: 0 })
    const [crashed] = await t.db.select().from(mlsReplicationRun).where(eq(mlsReplicationRun.id, other!.id))
    expect(crashed!.status).toBe('failed')
    // A run that took nothing keeps the high-water mark.
    expect((await status(t, admin)).highWater).toBe('2024-06-03T08:00:00.000Z')
  })

  it('is for super admins only', async () => {
    const plainAdmin = await createUser(t, { roles: ['ADMIN'] })
    const { accessToken } = await signIn(t.app, plainAdmin.email, plainAdmin.password)
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/mls-grid', headers: bearer(accessToken) })
    expect(response.statusCode).toBe(403)
  })
})
