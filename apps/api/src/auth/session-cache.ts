import { sql } from 'drizzle-orm'
import type { ApiKeyScope } from '@offerbook/domain/api-keys'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../db/client'
import { listenOf } from '../db/client'

/**
 * The signed-in requests' session lookup, and the API keys' (decision 078), kept for a few seconds per process (docs/decisions/033-scale-round-two.md).
 * A bearer token that was checked in full (better-auth's session, then the user with roles and the
 * deactivation) is answered from memory until its entry's life ends. Every change that can refuse a
 * session or change what its user may do (sign-out, revocation, password change, roles, deactivation,
 * the profile) calls announceAuthChange, which drops the users' entries in this process at once and
 * NOTIFYs AUTH_CHANNEL, so every other process drops them too (at commit, when sent in a transaction).
 */
export const AUTH_CHANNEL = 'offerbook_auth'
/** Every user: a change that cannot name its users, or a listener that missed notifications. */
const EVERYONE = '*'
const MAX_ENTRIES = 20_000

export type CachedSession = {
  session: { id: string; userId: string; expiresAt: number; updatedAt: Date }
  user: User
  /**
   * An API key's entry (decision 078), kept under the key itself: `session.id` is the key's id and
   * `expiresAt` its expiry. Revoking it announces its owner, as a sign-out does.
   */
  key?: { scopes: readonly ApiKeyScope[] }
}

type Entry = CachedSession & { until: number }

export type SessionCache = {
  /** The entry of a bearer token, while it lives and its session has not expired. */
  get: (token: string) => CachedSession | null
  /** Read before a full lookup; keep() refuses what was read before a drop that came since. */
  generation: () => number
  keep: (token: string, readAt: number, entry: CachedSession) => void
  /** The session's last activity as the cache knows it (so it is not written again at every request). */
  touched: (token: string, updatedAt: Date) => void
  drop: (userIds: readonly string[] | typeof EVERYONE) => void
  start: () => Promise<void>
  stop: () => Promise<void>
  size: () => number
}

/** The caches of each database this process opened (one app each; tests build several on one database). */
const cachesByDb = new Map<Db, Set<SessionCache>>()

export function createSessionCache({ lifeMs, db }: { lifeMs: number; db: Db }): SessionCache {
  const listen = listenOf(db)
  const entries = new Map<string, Entry>()
  let generation = 0
  let unlisten: (() => Promise<void>) | null = null
  // Without a listener another process's change would go unheard: nothing is kept then.
  const enabled = lifeMs > 0 && listen !== undefined

  const drop = (userIds: readonly string[] | typeof EVERYONE) => {
    generation++
    if (userIds === EVERYONE) {
      entries.clear()
      return
    }
    const gone = new Set(userIds)
    for (const [token, entry] of entries) if (gone.has(entry.session.userId)) entries.delete(token)
  }

  const cache: SessionCache = {
    get: (token) => {
      const entry = entries.get(token)
      if (!entry) return null
      const now = Date.now()
      if (now >= entry.until || now >= entry.session.expiresAt) {
        entries.delete(token)
        return null
      }
      return entry
    },
    generation: () => generation,
    keep: (token, readAt, entry) => {
      if (!enabled || readAt !== generation) return
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      entries.set(token, { ...entry, until: Date.now() + lifeMs })
    },
    touched: (token, updatedAt) => {
      const entry = entries.get(token)
      if (entry) entry.session.updatedAt = updatedAt
    },
    drop,
    start: async () => {
      if (!enabled || !listen) return
      const set = cachesByDb.get(db) ?? new Set<SessionCache>()
      cachesByDb.set(db, set)
      set.add(cache)
      unlisten = await listen(
        AUTH_CHANNEL,
        (payload) => drop(payload === EVERYONE ? EVERYONE : payload.split(',').filter((id) => id.length > 0)),
        () => drop(EVERYONE),
      )
    },
    stop: async () => {
      const set = cachesByDb.get(db)
      set?.delete(cache)
      if (set?.size === 0) cachesByDb.delete(db)
      entries.clear()
      const stopListening = unlisten
      unlisten = null
      await stopListening?.().catch(() => undefined)
    },
    size: () => entries.size,
  }
  return cache
}

/**
 * Tells every process that these users' sessions or accounts changed (no ids: every user's): their
 * kept sessions are dropped at once by the apps on this database (by every app of this process when
 * given a transaction, which names no database), and by every process when the NOTIFY is delivered.
 * Given a transaction, the NOTIFY goes out at its commit, and each process drops them again then.
 */
export async function announceAuthChange(db: Db, userIds?: readonly string[]): Promise<void> {
  const ids = userIds === undefined ? EVERYONE : [...new Set(userIds)].filter((id) => id.length > 0)
  if (ids !== EVERYONE && ids.length === 0) return
  const local = cachesByDb.get(db) ?? new Set([...cachesByDb.values()].flatMap((set) => [...set]))
  for (const cache of local) cache.drop(ids)
  // A NOTIFY payload stays under 8000 bytes: a long list becomes "everyone".
  const payload = ids === EVERYONE || ids.join(',').length > 7_000 ? EVERYONE : ids.join(',')
  await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`)
}
