import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { MessageKey } from '@offerbook/domain/messages'
import { lt, sql } from 'drizzle-orm'
import { AppError } from '../app-error'
import type { Db } from '../db/client'
import { requestCounter } from '../db/schema/request-counters'

/** One hit in a fixed window: a new or expired counter starts again at 1; returns the count and ms left. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const resetAfter = sql`now() + ${windowMs} * interval '1 millisecond'`
  const [row] = await db
    .insert(requestCounter)
    .values({ key, hits: 1, resetAt: resetAfter })
    .onConflictDoUpdate({
      target: requestCounter.key,
      set: {
        hits: sql`case when ${requestCounter.resetAt} <= now() then 1 else ${requestCounter.hits} + 1 end`,
        resetAt: sql`case when ${requestCounter.resetAt} <= now() then ${resetAfter} else ${requestCounter.resetAt} end`,
      },
    })
    .returning({ hits: requestCounter.hits, ttl: sql<number>`greatest(0, extract(epoch from (${requestCounter.resetAt} - now())) * 1000)::float8` })
  if (!row) throw new Error('rate limit upsert returned no row')
  return { current: row.hits, ttl: Math.ceil(Number(row.ttl)) }
}

export async function forgetExpiredHits(db: Db): Promise<void> {
  await db.delete(requestCounter).where(lt(requestCounter.resetAt, sql`now()`))
}

/** About one hit in this many also sweeps expired counters, so the table stays small without a timer. */
const SWEEP_EVERY = 200

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL, so N API processes behind a load
 * balancer share one count per key. Each route's counters are namespaced by its path.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  function storeFor(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        countHit(db, `${prefix}${key}`, timeWindow).then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        )
        if (Math.random() * SWEEP_EVERY < 1) void forgetExpiredHits(db).catch(() => {})
      },
      child(routeOptions) {
        return storeFor(`${routeOptions.method}:${routeOptions.path}|`)
      },
    }
  }
  return class {
    constructor() {
      return storeFor('global|')
    }
  } as unknown as FastifyRateLimitStoreCtor
}

/** The e-mail or phone a request tries, normalized: what an account limit counts by. */
export function accountTried(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown; phone?: unknown } | undefined
  if (typeof body?.email === 'string' && body.email.trim()) return body.email.trim().toLowerCase()
  if (typeof body?.phone === 'string' && body.phone.trim()) return body.phone.trim()
  return null
}

export type AccountLimit = { max: number; timeWindowMs: number }

/** 20 tries an account in 15 minutes, from any number of addresses, on top of the per-address limit. */
export const DEFAULT_ACCOUNT_LIMIT: AccountLimit = { max: 20, timeWindowMs: 15 * 60_000 }

/**
 * A second limit that counts one account's tries whatever address they come from, so guessing a
 * password or a code from many addresses is bounded too (a route's per-address limit is the first).
 * Used as a route's preHandler, after the body is validated. A counting failure lets the request
 * through: the per-address limit and the request's own handling still apply.
 */
export function accountLimit(db: Db, name: string, limit: AccountLimit) {
  return async (request: FastifyRequest): Promise<void> => {
    const account = accountTried(request)
    if (!account) return
    await countAccountTry(db, { name, account, limit, log: request.log })
  }
}

/**
 * One try of `account` counted against the account limit `name`, for a way in whose account is known
 * only once the handler has looked (a single sign-on's e-mail); throws RATE_LIMITED past the limit.
 */
export async function countAccountTry(
  db: Db,
  { name, account, limit, log }: { name: string; account: string; limit: AccountLimit; log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<void> {
  if (await accountPastLimit(db, { name, account, limit, log })) throw new AppError('RATE_LIMITED', 'common.tooManyRequests')
}

/**
 * Counts one try of `account` and says whether it is past the limit, for a way in that slows down
 * instead of refusing (password sign-in asks for an e-mailed code, so a stranger cannot lock the owner
 * out). A counting failure answers false, as the limits here let a request through then.
 */
export async function accountPastLimit(
  db: Db,
  { name, account, limit, log }: { name: string; account: string; limit: AccountLimit; log: Pick<FastifyBaseLogger, 'warn'> },
): Promise<boolean> {
  try {
    return (await countHit(db, `account|${name}|${account.trim().toLowerCase()}`, limit.timeWindowMs)).current > limit.max
  } catch (error) {
    log.warn({ err: error }, 'account limit not counted')
    return false
  }
}

/**
 * Limits per client address across every account it tries (issue 29): one address signing in to many
 * accounts, signing up again and again, having codes sent, or checking many documents is slowed down,
 * whichever e-mails it uses. Generous enough for an office behind one address.
 */
export type AddressLimits = {
  /** Sign-in tries (POST /api/session). */
  signIn: AccountLimit
  /** New accounts. */
  signUp: AccountLimit
  /** Codes sent by e-mail or text: sign-up's resend, recovery, a phone sign-in's code. */
  codes: AccountLimit
  /** Codes checked: an account's verification, a password reset, a phone sign-in. */
  codeChecks: AccountLimit
  /** Documents uploaded to /api/verify. */
  verifyUploads: AccountLimit
  /** Hashes looked up at /api/verify. */
  verifyLookups: AccountLimit
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = {
  signIn: { max: 40, timeWindowMs: 15 * 60_000 },
  signUp: { max: 10, timeWindowMs: 60 * 60_000 },
  codes: { max: 20, timeWindowMs: 60 * 60_000 },
  codeChecks: { max: 40, timeWindowMs: 15 * 60_000 },
  verifyUploads: { max: 6, timeWindowMs: 60_000 },
  verifyLookups: { max: 30, timeWindowMs: 60_000 },
}

/**
 * Counts one request of the client address against the address limit `name` (a route's preHandler,
 * before its body is read when it is a file); RATE_LIMITED past it, with `key` (the spec's words by
 * default). A counting failure lets the request through, as the account limit does.
 */
export function addressLimit(db: Db, name: keyof AddressLimits, limit: AccountLimit, key: MessageKey = 'common.tooManyRequests') {
  return async (request: FastifyRequest): Promise<void> => {
    let current: number
    try {
      current = (await countHit(db, `address|${name}|${request.ip}`, limit.timeWindowMs)).current
    } catch (error) {
      request.log.warn({ err: error }, 'address limit not counted')
      return
    }
    if (current > limit.max) throw new AppError('RATE_LIMITED', key)
  }
}
