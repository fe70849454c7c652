import { eq, like, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/per-file'
import { createUser } from '../../../test/factories'
import { kindOf } from '../../db/client'
import { userImportJob } from '../../db/schema/admin'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import type { RunContext } from './user-import.service'
import { buildReport, getJob, previewImport, resumeInterruptedImports, startImport } from './user-import.service'

/**
 * A run that stops part-way (its process killed) leaves the job 'running' with a lease nobody renews.
 * Another run takes it over once the lease has run out (on PGlite, at once: this process owns the
 * database) and goes on from the last committed batch, every row imported once.
 */

const t = useTestApp()
let actorId: string
const log = { error: () => {}, info: () => {} }

beforeAll(async () => {
  actorId = (await createUser(t, { roles: ['SUPER_ADMIN'] })).id
})

function csv(prefix: string, rows: number): Buffer {
  const lines = ['email,name,roles']
  for (let n = 0; n < rows; n++) lines.push(`${prefix}-${n}@example.com,Person ${n},BUYER_SIMPLE`)
  return Buffer.from(lines.join('\n'))
}

/** Starts an import whose run stops after `batches` batches, as a killed process's would, and marks its lease as another process's. */
async function interrupted(prefix: string, rows: number, batches: number, leaseUntil: Date): Promise<string> {
  const preview = await previewImport(t.db, { actorId, bytes: csv(prefix, rows), filename: `${prefix}.csv` })
  let taken = 0
  const ctx: RunContext = { db: t.db, publicUrl: 'http://localhost:3000', log, stopping: () => taken++ >= batches }
  const { run } = await startImport(ctx, { actorId, id: preview.id, onExisting: 'skip' })
  await run()
  await t.db.update(userImportJob).set({ leaseOwner: 'a-killed-process', leaseUntil: leaseUntil }).where(eq(userImportJob.id, preview.id))
  return preview.id
}

const countUsers = async (prefix: string) => (await t.db.select({ id: user.id }).from(user).where(like(user.email, `${prefix}-%`))).length
const countInvitations = async (prefix: string) => (await t.db.select({ id: outboxMessage.id }).from(outboxMessage).where(like(outboxMessage.recipient, `${prefix}-%`))).length

describe('an interrupted user import', () => {
  it('is taken over once its lease ran out, goes on from the last committed batch, and says so in its progress and report', async () => {
    const prefix = `lease-${Date.now()}`
    const id = await interrupted(prefix, 600, 1, new Date(Date.now() - 1_000))
    const cut = await getJob(t.db, id)
    expect(cut.status).toBe('running')
    expect(cut.created).toBeGreaterThan(0)
    expect(cut.created).toBeLessThan(600)
    expect(await countUsers(prefix)).toBe(cut.created)

    const runs = await resumeInterruptedImports({ db: t.db, publicUrl: 'http://localhost:3000', log })
    await Promise.all(runs)
    const done = await getJob(t.db, id)
    expect(done).toMatchObject({ status: 'done', total: 600, processed: 600, created: 600, failed: 0, resumedAt: [cut.created + 1] })
    expect(await countUsers(prefix)).toBe(600)
    expect(await countInvitations(prefix)).toBe(600)

    const report = (await buildReport(t.db, id)).csv.trim().split('\r\n')
    expect(report.filter((line) => line.includes('created'))).toHaveLength(600)
    expect(report[cut.created + 1]).toContain(`Resumed after a restart at row ${cut.created + 1}`)
    expect(report.filter((line) => line.includes('Resumed'))).toHaveLength(1)
  })

  it('is left to the run that holds a live lease on PostgreSQL, and taken at start on PGlite, whose one process owns it', async () => {
    const prefix = `held-${Date.now()}`
    const id = await interrupted(prefix, 400, 1, new Date(Date.now() + 60_000))
    const runs = await resumeInterruptedImports({ db: t.db, publicUrl: 'http://localhost:3000', log })
    await Promise.all(runs)
    if (kindOf(t.db) === 'pglite') {
      expect(await getJob(t.db, id)).toMatchObject({ status: 'done', created: 400 })
      expect(await countUsers(prefix)).toBe(400)
    } else {
      const job = await getJob(t.db, id)
      expect(job.status).toBe('running')
      expect(job.resumedAt).toEqual([])
      // Its holder stops renewing: once the lease has run out, it is taken over.
      await t.db.update(userImportJob).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(userImportJob.id, id))
      await Promise.all(await resumeInterruptedImports({ db: t.db, publicUrl: 'http://localhost:3000', log }))
      expect(await getJob(t.db, id)).toMatchObject({ status: 'done', created: 400 })
    }
    expect(await countInvitations(prefix)).toBe(400)
  })
})
