import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import type { JobContext, JobDefinition } from '../jobs/job-runner'
import { createJobRunner } from '../jobs/job-runner'
import type { OutboxMessage } from './messaging.queries'
import { claimDueMessages, markFailed, markSent, releaseClaims, scheduleRetry } from './messaging.queries'
import { onMessageEnqueued } from './messaging.service'
import type { Delivery, EmailTransport, SmsTransport } from './transports'
import { PermanentDeliveryError } from './transports'

export const MAX_ATTEMPTS = 10
const BATCH_SIZE = 10
/** Longer than a batch can take with the transports' timeouts, so a live worker never loses its claim. */
const LEASE_MS = 5 * 60_000
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 60 * 60_000
/**
 * An enqueue usually runs inside a transaction that has not committed yet; waiting a moment lets the
 * nudged drain see the message. If it still misses it, the next poll takes it.
 */
const NUDGE_DELAY_MS = 50

export type OutboxLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

export type OutboxWorkerOptions = {
  db: Db
  mail: EmailTransport
  sms: SmsTransport
  log: OutboxLog
  pollMs?: number
  /**
   * Only when no other process can use the database (the embedded PGlite): the claims found at start
   * were left by a process that was killed mid-delivery, so they are delivered now instead of after the
   * lease. A message the dead process had handed to the server but not yet marked sent goes again, with
   * the same Message-ID.
   */
  releaseClaimsOnStart?: boolean
}

/** Told when a message has failed for good (after markFailed), e.g. to tell the user who sent it. */
export type OutboxFailureListener = (db: Db, message: OutboxMessage, reason: string) => Promise<void>
const failureListeners = new Set<OutboxFailureListener>()
let runningWorkers = 0

/** Adds a listener for messages that failed for good (the same function once only); returns its removal. */
export function onOutboxFailure(listener: OutboxFailureListener): () => void {
  failureListeners.add(listener)
  return () => failureListeners.delete(listener)
}

/** How many workers run in this process: a request waiting for a first try waits only when one does. */
export function outboxWorkersRunning(): number {
  return runningWorkers
}

export type OutboxWorker = {
  /** Stops polling and waits for the batch in flight. */
  stop: () => Promise<void>
  /** Delivers everything due now; resolves with how many messages were sent. */
  drain: () => Promise<number>
  /** Asks for a drain soon, without waiting for the next poll. */
  nudge: () => void
}

/** 30 s, 2 min, 8 min, 32 min, then 1 h, each within ±20 % so failed messages do not retry in step. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1), MAX_RETRY_MS)
  return Math.round(base * (0.8 + 0.4 * random()))
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error)
  return text.slice(0, 1000)
}

/**
 * The outbox as an entry of the job runner (decision 045): a queue every process drains, each message
 * claimed with SKIP LOCKED; polled every `pollMs` and nudged 50 ms after each enqueue of this process.
 */
export function outboxJob({ db, mail, sms, log, pollMs = 2000, releaseClaimsOnStart = false }: OutboxWorkerOptions): JobDefinition<number> {
  async function send(message: OutboxMessage): Promise<Delivery> {
    if (message.channel === 'email') {
      return mail.send({ id: message.id, to: message.recipient, subject: message.subject ?? '', text: message.textBody, html: message.htmlBody })
    }
    return sms.send({ id: message.id, to: message.recipient, text: message.textBody })
  }

  async function deliver(message: OutboxMessage): Promise<boolean> {
    const context = { messageId: message.id, channel: message.channel, kind: message.kind, attempt: message.attempts }
    let delivery: Delivery
    try {
      delivery = await send(message)
    } catch (error) {
      const reason = errorText(error)
      if (error instanceof PermanentDeliveryError || message.attempts >= MAX_ATTEMPTS) {
        await markFailed(db, message.id, reason)
        log.error({ ...context, err: error }, `outbox: ${message.channel} could not be delivered and is failed: ${reason}`)
        for (const listener of failureListeners) {
          await listener(db, message, reason).catch((listenerError: unknown) => log.error({ ...context, err: listenerError }, 'outbox: a failure listener failed'))
        }
      } else {
        const delayMs = retryDelayMs(message.attempts)
        await scheduleRetry(db, message.id, { delayMs, error: reason })
        log.warn({ ...context, err: error, retryInMs: delayMs }, `outbox: ${message.channel} delivery failed, will retry: ${reason}`)
      }
      return false
    }
    await markSent(db, message.id, delivery.providerMessageId)
    log.info({ ...context, providerMessageId: delivery.providerMessageId }, `outbox: ${message.channel} sent`)
    return true
  }

  async function drainOnce({ stopping }: JobContext): Promise<number> {
    let sent = 0
    while (!stopping()) {
      const batch = await claimDueMessages(db, { limit: BATCH_SIZE, leaseMs: LEASE_MS })
      if (batch.length === 0) break
      const results = await Promise.all(
        batch.map((message) =>
          deliver(message).catch((error: unknown) => {
            // Delivered or not, the row could not be updated (database gone?); the lease runs out and it is retried.
            log.error({ messageId: message.id, err: error }, 'outbox: could not record a delivery attempt')
            return false
          }),
        ),
      )
      sent += results.filter(Boolean).length
      if (batch.length < BATCH_SIZE) break
    }
    return sent
  }

  return {
    name: 'outbox',
    kind: 'queue',
    everyMs: pollMs,
    nudgeDelayMs: NUDGE_DELAY_MS,
    run: drainOnce,
    attach(nudge) {
      const unsubscribe = onMessageEnqueued(nudge)
      runningWorkers += 1
      return () => {
        runningWorkers -= 1
        unsubscribe()
      }
    },
    async prepare(nudge) {
      if (!releaseClaimsOnStart) return
      try {
        const ids = await releaseClaims(db)
        if (ids.length === 0) return
        log.warn({ messageIds: ids }, `outbox: ${ids.length} messages claimed by a process that stopped mid-delivery are due again`)
        nudge()
      } catch (error) {
        log.error({ err: error }, 'outbox: could not release the claims of a stopped process')
      }
    },
  }
}

/** The outbox alone in a runner of its own (tests, and callers that deliver by hand). */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const runner = createJobRunner({ db: options.db, log: options.log, jobs: [outboxJob(options)] })
  void runner.start()
  return {
    nudge: () => runner.nudge('outbox'),
    drain: async () => (await runner.runNow<number>('outbox')) ?? 0,
    stop: () => runner.stop(),
  }
}
