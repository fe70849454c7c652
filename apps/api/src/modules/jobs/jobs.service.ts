import type { JobList, JobName, JobStatus } from '@offerbook/domain/jobs'
import { JOB_NAMES } from '@offerbook/domain/jobs'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { recordAudit } from '../admin/admin-audit'
import { announceJobRevived } from './job-runner'
import type { JobRunRow } from './jobs.queries'
import { reviveJob, selectJob, selectJobs } from './jobs.queries'

const iso = (value: Date | null) => value?.toISOString() ?? null

function isJobName(value: string): value is JobName {
  return (JOB_NAMES as readonly string[]).includes(value)
}

function toStatus(row: JobRunRow & { name: JobName }): JobStatus {
  return {
    name: row.name,
    kind: row.kind,
    everyMs: row.everyMs,
    leaseOwner: row.leaseOwner,
    leaseUntil: iso(row.leaseUntil),
    lastStartedAt: iso(row.lastStartedAt),
    lastFinishedAt: iso(row.lastFinishedAt),
    lastOutcome: row.lastOutcome,
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    nextRunAt: iso(row.nextRunAt),
    deadLetteredAt: iso(row.deadLetteredAt),
  }
}

/** The jobs a runner has registered on this database, with their last runs, in JOB_NAMES order. */
export async function listJobs(db: Db): Promise<JobList> {
  const rows = (await selectJobs(db)).filter((row): row is JobRunRow & { name: JobName } => isJobName(row.name))
  rows.sort((a, b) => JOB_NAMES.indexOf(a.name) - JOB_NAMES.indexOf(b.name))
  return { items: rows.map(toStatus) }
}

/** "Run again": takes a dead-lettered job out of the dead letters, audited; this process runs it at once, the others at their next look. */
export async function retryJob(db: Db, actor: User, name: string): Promise<JobStatus> {
  if (!isJobName(name)) throw new AppError('NOT_FOUND', 'jobs.notFound')
  const revived = await db.transaction(async (tx) => {
    const row = await selectJob(tx, name)
    if (!row) throw new AppError('NOT_FOUND', 'jobs.notFound')
    if (!row.deadLetteredAt) throw new AppError('CONFLICT', 'jobs.notDeadLettered')
    const changed = (await reviveJob(tx, name))!
    await recordAudit(tx, {
      actorId: actor.uid,
      targetUserId: null,
      action: 'job.retry',
      before: { job: name, deadLetteredAt: iso(row.deadLetteredAt), consecutiveFailures: row.consecutiveFailures, lastError: row.lastError },
      after: { job: name, deadLetteredAt: null },
    })
    return { ...changed, name }
  })
  announceJobRevived(name)
  return toStatus(revived)
}
