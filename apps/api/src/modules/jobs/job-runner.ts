import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { JobName } from '@offerbook/domain/jobs'
import { JOB_LIMITS } from '@offerbook/domain/jobs'
import type { Db } from '../../db/client'
import type { JobKind, JobRunRow, RunEnd } from './jobs.queries'
import { claimLease, finishRun, markQueueStarted, releaseAllLeases, renewLease, upsertJobs } from './jobs.queries'

/**
 * One runner for the API's background jobs (decision 045). Each job is an entry: a name, how often it
 * runs, whether it is a schedule (one process at a time, by a lease in `job_run`) or a queue (every
 * process drains it; its rows are claimed one by one with SKIP LOCKED by the handler), and its handler.
 * A job runs at most once at a time in a process. A failure is retried after a doubling delay; the
 * `maxFailures`th failure in a row dead-letters the job until a super admin runs it again.
 */

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

export type JobContext = {
  /** True once the runner is stopping: a handler working through a backlog stops between two units. */
  stopping: () => boolean
}

export type JobDefinition<Result = unknown> = {
  name: JobName
  kind: JobKind
  /** The time between the end of one run and the start of the next. */
  everyMs: number
  /** Runs once at start; otherwise the first run comes after `everyMs`. */
  runAtStart?: boolean
  /** A nudge runs the job after this delay, nudges meanwhile counting as one (0: at once). */
  nudgeDelayMs?: number
  run: (context: JobContext) => Promise<Result>
  /** Called at start with the job's nudge (e.g. to be woken by an event); returns what to undo at stop. */
  attach?: (nudge: () => void) => () => void
  /** Runs once before the job's first run, in its turn. */
  prepare?: (nudge: () => void) => Promise<void>
  /** Called at stop, after the last run ended. */
  stop?: () => Promise<void>
}

export type JobRunnerOptions = {
  db: Db
  log: JobLog
  jobs: readonly JobDefinition[]
  /** Who holds a lease: unique per runner. */
  owner?: string
  /** How long a scheduled job's lease lasts; renewed every third of it while the job runs. */
  leaseMs?: number
  /** The failure in a row that dead-letters a job. */
  maxFailures?: number
  /** The longest wait before a retry: the delay after the nth failure is everyMs × 2^(n-1), up to this. */
  maxBackoffMs?: number
  /**
   * Only for a database no other process can open (the embedded PGlite): the leases found at start were
   * left by a process that died, and are freed at once instead of after they run out.
   */
  releaseLeasesOnStart?: boolean
}

export type JobRunner = {
  /** Adds the jobs' rows and starts their timers; resolves once the rows are in. */
  start: () => Promise<void>
  /** Stops the timers and waits for the runs in progress. */
  stop: () => Promise<void>
  /** Asks for a run of the job soon, without waiting for its interval. */
  nudge: (name: JobName) => void
  /**
   * Runs the job now, after its run in progress, as its timer would but due or not; resolves with the
   * handler's result (undefined when another process holds its lease or it is dead-lettered), rejects
   * with its error.
   */
  runNow: <Result = unknown>(name: JobName) => Promise<Result | undefined>
}

type Attempt = { value?: unknown; failed: boolean; error?: unknown; nextInMs: number }

type Slot = {
  job: JobDefinition
  /** Every run of this job in this process chains on this: one at a time. */
  chain: Promise<unknown>
  /** A timer's or nudge's run is waiting or running. */
  busy: boolean
  again: boolean
  nudged: boolean
  timer?: NodeJS.Timeout
  nudgeTimer?: NodeJS.Timeout
  detach?: () => void
  /** Failures to reach the job's row at all (the database gone), for the delay before trying again. */
  unreachable: number
}

export const JOB_RUNNER_DEFAULTS = { leaseMs: 5 * 60_000, maxFailures: JOB_LIMITS.maxFailures, maxBackoffMs: 15 * 60_000 } as const

/** The delay before the retry after `failures` failures in a row: doubling from the job's interval, capped. */
export function backoffMs(everyMs: number, failures: number, maxBackoffMs: number = JOB_RUNNER_DEFAULTS.maxBackoffMs): number {
  return Math.min(everyMs * 2 ** Math.max(0, failures - 1), Math.max(maxBackoffMs, everyMs))
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error)
  return text.slice(0, 1000)
}

/** Jobs retried at once by a super admin in this process; the runners listening run them now. */
const revivedListeners = new Set<(name: JobName) => void>()

export function announceJobRevived(name: JobName): void {
  for (const listener of revivedListeners) listener(name)
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, jobs } = options
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const leaseMs = options.leaseMs ?? JOB_RUNNER_DEFAULTS.leaseMs
  const maxFailures = options.maxFailures ?? JOB_RUNNER_DEFAULTS.maxFailures
  const maxBackoffMs = options.maxBackoffMs ?? JOB_RUNNER_DEFAULTS.maxBackoffMs
  const slots = new Map<JobName, Slot>(jobs.map((job) => [job.name, { job, chain: Promise.resolve(), busy: false, again: false, nudged: false, unreachable: 0 }]))
  let stopped = false
  let started = false
  let rowsIn = false

  const stopping = () => stopped
  const slotOf = (name: JobName): Slot => {
    const slot = slots.get(name)
    if (!slot) throw new Error(`no job named ${name} in this runner`)
    return slot
  }

  async function ensureRows(): Promise<void> {
    if (rowsIn) return
    await upsertJobs(db, jobs.map(({ name, kind, everyMs }) => ({ name, kind, everyMs })))
    rowsIn = true
  }

  async function begin(slot: Slot, ignoreDue: boolean): Promise<JobRunRow | null> {
    await ensureRows()
    const { job } = slot
    if (job.kind === 'queue') return markQueueStarted(db, job.name)
    return claimLease(db, { name: job.name, owner, leaseMs, ignoreDue })
  }

  async function attempt(slot: Slot, ignoreDue: boolean): Promise<Attempt> {
    const { job } = slot
    let row: JobRunRow | null
    try {
      row = await begin(slot, ignoreDue)
      slot.unreachable = 0
    } catch (error) {
      slot.unreachable += 1
      const nextInMs = backoffMs(job.everyMs, slot.unreachable, maxBackoffMs)
      log.error({ job: job.name, err: error, retryInMs: nextInMs }, `job ${job.name}: its state could not be read; it tries again later`)
      return { failed: true, error, nextInMs }
    }
    // Another process holds the lease, the job is not due, or it is dead-lettered: look again at the next interval.
    if (!row) return { failed: false, nextInMs: job.everyMs }

    const heartbeat = job.kind === 'schedule' ? setInterval(() => void renewLease(db, { name: job.name, owner, leaseMs }).catch(() => {}), Math.max(1, Math.floor(leaseMs / 3))) : undefined
    heartbeat?.unref()
    let result: Attempt
    let end: RunEnd
    try {
      const value = await job.run({ stopping })
      result = { value, failed: false, nextInMs: job.everyMs }
      end = { outcome: 'ok', nextInMs: job.everyMs }
    } catch (error) {
      const failures = row.consecutiveFailures + 1
      const nextInMs = backoffMs(job.everyMs, failures, maxBackoffMs)
      result = { failed: true, error, nextInMs }
      end = { outcome: 'failed', error: errorText(error), nextInMs, maxFailures }
    } finally {
      clearInterval(heartbeat)
    }
    try {
      const after = await finishRun(db, { name: job.name, owner: job.kind === 'schedule' ? owner : null, end })
      if (!after) log.warn({ job: job.name }, `job ${job.name}: its lease ran out during the run and another process took it`)
      else if (end.outcome === 'failed' && after.deadLetteredAt) {
        log.error({ job: job.name, err: result.error, failures: after.consecutiveFailures }, `job ${job.name} failed ${after.consecutiveFailures} times in a row and is stopped until a super admin runs it again`)
      } else if (end.outcome === 'failed') {
        log.warn({ job: job.name, err: result.error, failures: after.consecutiveFailures, retryInMs: end.nextInMs }, `job ${job.name} failed; it runs again in ${Math.round(end.nextInMs / 1000)} s: ${end.error}`)
      }
    } catch (error) {
      log.error({ job: job.name, err: error }, `job ${job.name}: how its run ended could not be recorded`)
    }
    return result
  }

  /** Chains one attempt after the job's previous one in this process. */
  function enqueue(slot: Slot, ignoreDue: boolean): Promise<Attempt> {
    const next = slot.chain.then(() => attempt(slot, ignoreDue))
    slot.chain = next.catch(() => {})
    return next
  }

  function schedule(slot: Slot, delayMs: number): void {
    if (stopped) return
    clearTimeout(slot.timer)
    slot.timer = setTimeout(() => tick(slot), delayMs)
    slot.timer.unref()
  }

  function tick(slot: Slot): void {
    if (stopped) return
    clearTimeout(slot.timer)
    if (slot.busy) {
      slot.again = true
      return
    }
    slot.busy = true
    const ignoreDue = slot.nudged
    slot.nudged = false
    void enqueue(slot, ignoreDue).then(
      (result) => {
        slot.busy = false
        if (slot.again) {
          slot.again = false
          tick(slot)
        } else schedule(slot, result.nextInMs)
      },
      (error: unknown) => {
        slot.busy = false
        log.error({ job: slot.job.name, err: error }, `job ${slot.job.name}: the runner failed`)
        schedule(slot, slot.job.everyMs)
      },
    )
  }

  function nudgeSlot(slot: Slot): void {
    if (stopped || !started) return
    slot.nudged = true
    const delay = slot.job.nudgeDelayMs ?? 0
    if (delay === 0) return tick(slot)
    if (slot.nudgeTimer) return
    slot.nudgeTimer = setTimeout(() => {
      slot.nudgeTimer = undefined
      tick(slot)
    }, delay)
    slot.nudgeTimer.unref()
  }

  const onRevived = (name: JobName) => {
    const slot = slots.get(name)
    if (slot) nudgeSlot(slot)
  }

  let ready: Promise<void> = Promise.resolve()

  return {
    start() {
      if (started) return ready
      started = true
      revivedListeners.add(onRevived)
      for (const slot of slots.values()) slot.detach = slot.job.attach?.(() => nudgeSlot(slot))
      ready = (async () => {
        try {
          await ensureRows()
          if (options.releaseLeasesOnStart) {
            const names = await releaseAllLeases(db)
            if (names.length > 0) log.warn({ jobs: names }, `jobs ${names.join(', ')} were held by a process that stopped and run again now`)
          }
        } catch (error) {
          log.error({ err: error }, 'the background jobs could not be prepared; each tries again at its next run')
        }
      })()
      for (const slot of slots.values()) {
        const { job } = slot
        slot.chain = ready.then(() => job.prepare?.(() => nudgeSlot(slot))).catch((error: unknown) => log.error({ job: job.name, err: error }, `job ${job.name}: its preparation failed`))
        if (job.runAtStart) tick(slot)
        else schedule(slot, job.everyMs)
      }
      return ready
    },
    async stop() {
      if (stopped) return
      stopped = true
      revivedListeners.delete(onRevived)
      for (const slot of slots.values()) {
        clearTimeout(slot.timer)
        clearTimeout(slot.nudgeTimer)
        slot.detach?.()
      }
      await Promise.all([...slots.values()].map((slot) => slot.chain))
      for (const slot of slots.values()) await slot.job.stop?.()
    },
    nudge(name) {
      nudgeSlot(slotOf(name))
    },
    async runNow<Result>(name: JobName) {
      const result = await enqueue(slotOf(name), true)
      if (result.failed && result.error !== undefined) throw result.error
      return result.value as Result | undefined
    },
  }
}
