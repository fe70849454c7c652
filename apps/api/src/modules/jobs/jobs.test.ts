import { and, eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { JobList, JobName, JobStatus } from '@offerbook/domain/jobs'
import { useTestApp } from '../../../test/per-file'
import { bearer, createUser, signIn } from '../../../test/factories'
import { adminAudit } from '../../db/schema/admin'
import { jobRun } from '../../db/schema/jobs'
import type { JobDefinition, JobRunner, JobRunnerOptions } from './job-runner'
import { backoffMs, createJobRunner } from './job-runner'

const quietLog = { info: () => {}, warn: () => {}, error: () => {} }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const t = useTestApp()
let superAdminHeaders: { authorization: string }
let superAdminId: string
const runners: JobRunner[] = []

function runner(jobs: JobDefinition[], options: Partial<JobRunnerOptions> = {}): JobRunner {
  const created = createJobRunner({ db: t.db, log: quietLog, jobs, ...options })
  runners.push(created)
  return created
}

/** Handlers that take `ms` each and count how many of their runs overlapped at most. */
function overlapCounter(ms: number) {
  const seen = { active: 0, most: 0, runs: 0 }
  const take = async <T>(result: T): Promise<T> => {
    seen.active += 1
    seen.runs += 1
    seen.most = Math.max(seen.most, seen.active)
    await sleep(ms)
    seen.active -= 1
    return result
  }
  return { seen, take }
}

async function rowOf(name: JobName) {
  const [row] = await t.db.select().from(jobRun).where(eq(jobRun.name, name))
  return row
}

async function listed(name: JobName): Promise<JobStatus | undefined> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: superAdminHeaders })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<JobList>().items.find((item) => item.name === name)
}

beforeAll(async () => {
  const admin = await createUser(t, { roles: ['SUPER_ADMIN'] })
  superAdminId = admin.id
  superAdminHeaders = bearer((await signIn(t.app, admin.email, admin.password)).accessToken)
})
afterEach(async () => {
  await Promise.all(runners.splice(0).map((each) => each.stop()))
  await t.db.delete(jobRun)
})

describe('the job runner', () => {
  it('retries a failing job after doubling delays, dead-letters it at the set failure, and runs it again after a super admin retries it', async () => {
    const attempts: number[] = []
    let failing = true
    const job: JobDefinition = {
      name: 'chat-digest',
      kind: 'schedule',
      everyMs: 60,
      runAtStart: true,
      run: async () => {
        attempts.push(performance.now())
        if (failing) throw new Error('the mail server said no')
        return 'done'
      },
    }
    await runner([job], { maxFailures: 3, maxBackoffMs: 1000 }).start()

    await expect.poll(async () => (await rowOf('chat-digest'))?.deadLetteredAt ?? null, { timeout: 10_000, interval: 20 }).not.toBeNull()
    expect(attempts).toHaveLength(3)
    // 60 ms after the first failure, 120 ms after the second.
    const [first, second, third] = attempts as [number, number, number]
    expect(second - first).toBeGreaterThanOrEqual(55)
    expect(third - second).toBeGreaterThanOrEqual(115)
    expect(backoffMs(60, 3, 1000)).toBe(240)
    expect(backoffMs(60, 10, 1000)).toBe(1000)

    const shown = await listed('chat-digest')
    expect(shown).toMatchObject({ kind: 'schedule', everyMs: 60, lastOutcome: 'failed', lastError: 'the mail server said no', consecutiveFailures: 3, leaseOwner: null })
    expect(shown?.deadLetteredAt).not.toBeNull()

    // Dead-lettered: it waits, whatever its interval.
    await sleep(400)
    expect(attempts).toHaveLength(3)

    failing = false
    const retried = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/chat-digest/retry', headers: superAdminHeaders })
    expect(retried.statusCode, retried.body).toBe(200)
    expect(retried.json<JobStatus>()).toMatchObject({ deadLetteredAt: null, consecutiveFailures: 0 })
    await expect.poll(async () => (await listed('chat-digest'))?.lastOutcome, { timeout: 10_000, interval: 20 }).toBe('ok')
    expect(await listed('chat-digest')).toMatchObject({ consecutiveFailures: 0, lastError: null, deadLetteredAt: null })
    expect(attempts.length).toBeGreaterThanOrEqual(4)

    const audits = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'job.retry'), eq(adminAudit.actorId, superAdminId)))
    expect(audits).toHaveLength(1)
    expect(audits[0]?.before).toMatchObject({ job: 'chat-digest', consecutiveFailures: 3, lastError: 'the mail server said no' })

    const again = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/chat-digest/retry', headers: superAdminHeaders })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ key: 'jobs.notDeadLettered' })
  })

  it('never runs one scheduled job in two runners on one database at once', async () => {
    const { seen, take } = overlapCounter(15)
    const job = (who: string): JobDefinition => ({ name: 'offer-expiry', kind: 'schedule', everyMs: 5, runAtStart: true, run: () => take(who) })
    const a = runner([job('a')], { owner: 'process-a' })
    const b = runner([job('b')], { owner: 'process-b' })
    await Promise.all([a.start(), b.start()])
    const until = Date.now() + 800
    while (Date.now() < until) {
      a.nudge('offer-expiry')
      b.nudge('offer-expiry')
      await sleep(7)
    }
    await expect.poll(() => seen.runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(5)
    expect(seen.most).toBe(1)

    // Asked at the same moment, one takes the lease and the other is refused it.
    const results = await Promise.all([a.runNow('offer-expiry'), b.runNow('offer-expiry')])
    expect(results.filter((result) => result !== undefined)).toHaveLength(1)
    expect(seen.most).toBe(1)
  })

  it('takes over the lease a killed process left once it has run out, and at once on the embedded database', async () => {
    const ran: number[] = []
    const job: JobDefinition = { name: 'mls-replication', kind: 'schedule', everyMs: 20, runAtStart: true, run: async () => void ran.push(Date.now()) }
    // A process killed mid-run: its lease stays for another 600 ms.
    await t.db.insert(jobRun).values({ name: 'mls-replication', kind: 'schedule', everyMs: 20, leaseOwner: 'killed-host:4242:dead', leaseUntil: sql`now() + interval '600 milliseconds'`, lastStartedAt: sql`now()` })
    const takenAt = Date.now()
    await runner([job], { owner: 'next-process' }).start()
    await sleep(300)
    expect(ran).toHaveLength(0)
    await expect.poll(() => ran.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0)
    expect(ran[0]! - takenAt).toBeGreaterThanOrEqual(500)
    await expect.poll(async () => (await rowOf('mls-replication'))?.lastOutcome, { timeout: 10_000, interval: 20 }).toBe('ok')
    await Promise.all(runners.splice(0).map((each) => each.stop()))

    // On PGlite no other process can hold a lease: the one found at start is freed at once.
    await t.db.update(jobRun).set({ leaseOwner: 'killed-host:4242:dead', leaseUntil: sql`now() + interval '1 hour'` }).where(eq(jobRun.name, 'mls-replication'))
    const before = ran.length
    await runner([job], { owner: 'after-restart', releaseLeasesOnStart: true }).start()
    await expect.poll(() => ran.length, { timeout: 5_000, interval: 20 }).toBeGreaterThan(before)
  })

  it('lets every process drain a queue, and keeps its own lease while a long run goes on', async () => {
    const drains = overlapCounter(50)
    const queue = (who: string): JobDefinition => ({ name: 'outbox', kind: 'queue', everyMs: 10_000, run: () => drains.take(who) })
    const a = runner([queue('a')], { owner: 'process-a' })
    const b = runner([queue('b')], { owner: 'process-b' })
    expect(await Promise.all([a.runNow('outbox'), b.runNow('outbox')])).toEqual(['a', 'b'])
    expect(drains.seen.most).toBe(2)

    // A run longer than the lease: the heartbeat renews it, so the other runner never takes over.
    const longRuns = overlapCounter(900)
    const long = (): JobDefinition => ({ name: 'signing', kind: 'schedule', everyMs: 10, run: () => longRuns.take(null) })
    const c = runner([long()], { owner: 'process-c', leaseMs: 300 })
    const d = runner([long()], { owner: 'process-d', leaseMs: 300 })
    const first = c.runNow('signing')
    await sleep(100)
    const tries = [d.runNow('signing')]
    await sleep(500)
    tries.push(d.runNow('signing'))
    await first
    expect(await Promise.all(tries)).toEqual([undefined, undefined])
    expect(longRuns.seen.most).toBe(1)
  })
})

describe('GET /api/admin/jobs and POST /api/admin/jobs/:name/retry', () => {
  it('are for super admins only', async () => {
    for (const roles of [['ADMIN'], ['SELLER_AGENT'], ['BUYER_SIMPLE']] as const) {
      const user = await createUser(t, { roles: [...roles] })
      const headers = bearer((await signIn(t.app, user.email, user.password)).accessToken)
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers })).statusCode, roles[0]).toBe(403)
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/jobs/outbox/retry', headers })).statusCode, roles[0]).toBe(403)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/jobs/outbox/retry' })).statusCode).toBe(401)
  })

  it('lists nothing before a runner has started, and refuses an unknown job or one that is not dead-lettered', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: superAdminHeaders })
    expect(empty.json<JobList>()).toEqual({ items: [] })
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/mine-bitcoin/retry', headers: superAdminHeaders })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ key: 'jobs.notFound' })
    await runner([{ name: 'outbox', kind: 'queue', everyMs: 60_000, run: async () => 0 }]).start()
    const healthy = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/outbox/retry', headers: superAdminHeaders })
    expect(healthy.statusCode).toBe(409)
    expect(healthy.json()).toMatchObject({ key: 'jobs.notDeadLettered' })
    expect((await listed('outbox'))?.kind).toBe('queue')
  })
})
