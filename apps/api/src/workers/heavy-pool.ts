import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError } from '../app-error'
import type { HeavyTasks, TaskName } from './heavy-tasks'
import type { TaskReply } from './heavy-worker'

/**
 * The heavy work of a request or a job (reading and assembling PDFs, burning signatures in, sealing,
 * checking signature images) runs here, in a small pool of worker threads, never on the thread that
 * answers requests (docs/decisions/039-heavy-work-in-workers.md). Each task has a memory limit (the
 * worker's resourceLimits) and a time limit: a task over either ends its worker, which is replaced
 * by the next task, and is answered with `tooHeavy` (a 4xx for a request, a failed run for a job).
 * Workers start when a task comes and stop after a while idle, so an idle server holds none.
 */

export type TaskOptions = {
  /** How long the task may run, queueing excluded. */
  timeoutMs?: number
  /** The error a task gets when it runs out of time or memory. */
  tooHeavy?: () => Error
}

type Job = {
  name: TaskName
  input: unknown
  timeoutMs: number
  tooHeavy: () => Error
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null; idleTimer: NodeJS.Timeout | null }

export type HeavyPoolLimits = { size: number; maxOldGenerationMb: number; maxYoungGenerationMb: number; timeoutMs: number; idleMs: number }

export const HEAVY_POOL_LIMITS: HeavyPoolLimits = {
  /** Two: the site's machines have two cores, and each busy worker may hold maxOldGenerationMb. */
  size: 2,
  /** The JavaScript heap of one worker; its buffers (file bytes, pixels) are bounded where they are made. */
  // 224 leaves room under the 400 MB a hostile file may add to the server (issue #29) for the request's
  // own copy of the bytes; a 200-page packet of 25 MB needs well under it.
  maxOldGenerationMb: 224,
  maxYoungGenerationMb: 16,
  timeoutMs: 30_000,
  /** A worker idle this long stops, giving its memory back. */
  idleMs: 30_000,
}

/** The worker's entry: the bundled file beside the bundle, or under vitest/tsx the TypeScript source loaded through tsx. */
function workerSource(): { url: URL } {
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.mjs') || here.endsWith('.js')) return { url: pathToFileURL(join(dirname(here), 'heavy-worker.mjs')) }
  const entry = pathToFileURL(join(dirname(here), 'heavy-worker.ts')).href
  // tsx's register() is the ESM API's index.mjs (its CommonJS build cannot register hooks from a worker).
  const tsxApi = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href
  const boot = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(entry)})`
  return { url: new URL(`data:text/javascript,${encodeURIComponent(boot)}`) }
}

/** A worker that ended by itself (a native abort, the process's own exit) in the middle of a task. */
class WorkerExit extends Error {
  constructor(code: number) {
    super(`a heavy-work worker exited with code ${code}`)
  }
}

const defaultTooHeavy = () => new AppError('BAD_REQUEST', 'signing.fileTooComplex')

function errorOf(reply: Extract<TaskReply, { ok: false }>): Error {
  if (reply.appError) {
    const { code, key, params, errors } = reply.appError
    return new AppError(code, key, { ...(params ? { params } : {}), ...(errors ? { errors } : {}) })
  }
  const error = new Error(reply.message)
  if (reply.stack) error.stack = reply.stack
  return error
}

export class HeavyPool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private closed = false

  constructor(private readonly limits: HeavyPoolLimits = HEAVY_POOL_LIMITS) {}

  run<K extends TaskName>(name: K, input: Parameters<HeavyTasks[K]>[0], options: TaskOptions = {}): Promise<Awaited<ReturnType<HeavyTasks[K]>>> {
    if (this.closed) return Promise.reject(new Error('the heavy-work pool is closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ name, input, timeoutMs: options.timeoutMs ?? this.limits.timeoutMs, tooHeavy: options.tooHeavy ?? defaultTooHeavy, resolve: resolve as (value: unknown) => void, reject })
      this.dispatch()
    })
  }

  /** Workers running now (for the tests and the bench). */
  get workerCount(): number {
    return this.slots.length
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new Error('the heavy-work pool is closed'))
    await Promise.all(this.slots.splice(0).map((slot) => this.end(slot)))
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null)
      if (!slot) {
        if (this.slots.length >= this.limits.size) return
        slot = this.spawn()
      }
      this.start(slot, this.queue.shift()!)
    }
  }

  private spawn(): Slot {
    const { url } = workerSource()
    const worker = new Worker(url, {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxOldGenerationMb, maxYoungGenerationSizeMb: this.limits.maxYoungGenerationMb },
      // The server's own flags (a small young generation) are not for the workers.
      execArgv: [],
    })
    const slot: Slot = { worker, job: null, timer: null, idleTimer: null }
    worker.on('message', (reply: TaskReply) => this.settle(slot, reply))
    worker.on('error', (error) => this.fail(slot, error))
    worker.on('exit', (code) => this.fail(slot, new WorkerExit(code)))
    worker.unref()
    this.slots.push(slot)
    return slot
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer)
    slot.idleTimer = null
    slot.job = job
    slot.worker.ref()
    slot.timer = setTimeout(() => this.fail(slot, null), job.timeoutMs)
    slot.worker.postMessage({ name: job.name, input: job.input })
  }

  private settle(slot: Slot, reply: TaskReply): void {
    const job = slot.job
    if (!job) return
    this.idle(slot)
    if (reply.ok) job.resolve(reply.value)
    else job.reject(errorOf(reply))
    this.dispatch()
  }

  /**
   * The worker ran out of time (`error` null) or memory, or died in its task: it is ended and its task
   * refused as too heavy. Any other error of the worker (it could not start: a fault of ours, not of
   * the input) is the task's error as it is.
   */
  private fail(slot: Slot, error: unknown): void {
    if (!this.slots.includes(slot)) return
    this.slots.splice(this.slots.indexOf(slot), 1)
    const job = slot.job
    // A reply the worker sends while it is being ended is not taken.
    slot.job = null
    void this.end(slot)
    if (job) {
      const outOfMemory = error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      job.reject(error === null || outOfMemory || error instanceof WorkerExit ? job.tooHeavy() : error)
    }
    this.dispatch()
  }

  private idle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer)
    slot.timer = null
    slot.job = null
    slot.worker.unref()
    slot.idleTimer = setTimeout(() => {
      if (slot.job || !this.slots.includes(slot)) return
      this.slots.splice(this.slots.indexOf(slot), 1)
      void this.end(slot)
    }, this.limits.idleMs)
    slot.idleTimer.unref()
  }

  private async end(slot: Slot): Promise<void> {
    if (slot.timer) clearTimeout(slot.timer)
    if (slot.idleTimer) clearTimeout(slot.idleTimer)
    await slot.worker.terminate()
  }
}

let shared: HeavyPool | null = null

/** The process's pool, made at its first task. */
export function heavyPool(): HeavyPool {
  shared ??= new HeavyPool()
  return shared
}

/** Runs one task in the process's pool. */
export function runHeavy<K extends TaskName>(name: K, input: Parameters<HeavyTasks[K]>[0], options?: TaskOptions): Promise<Awaited<ReturnType<HeavyTasks[K]>>> {
  return heavyPool().run(name, input, options)
}
