import { createHash, randomBytes } from 'node:crypto'
import type { ApiKey, ApiKeyScope, CreatedApiKey } from '@offerbook/domain/api-keys'
import { API_KEY_PREFIX, API_KEY_SCOPES, API_KEY_SHOWN_LENGTH, isWellFormedApiKey, MAX_API_KEYS } from '@offerbook/domain/api-keys'
import type { User } from '@offerbook/domain/user'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import { announceAuthChange } from '../../auth/session-cache'
import type { AccountLimit } from '../../plugins/rate-limit-store'
import { countHit } from '../../plugins/rate-limit-store'
import type { ApiKeyRow } from './api-keys.queries'
import { countUserApiKeys, findApiKeyByHash, insertApiKey, listUserApiKeys, revokeUserApiKey, touchApiKey } from './api-keys.queries'

/** A key's last use is written at most this often. */
const LAST_USED_EVERY_MS = 60_000

/** Requests one key may make a minute, whoever makes them: a brokerage's sync is well under it. */
export const DEFAULT_API_KEY_LIMIT: AccountLimit = { max: 600, timeWindowMs: 60_000 }

/** SHA-256 in hex: a key is 256 random bits, so no slow hash is needed to keep it from being guessed back. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

function view(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
  }
}

export async function listApiKeys(db: Db, { actor, now = new Date() }: { actor: User; now?: Date }): Promise<{ items: ApiKey[] }> {
  return { items: (await listUserApiKeys(db, actor.uid)).map((row) => view(row, now)) }
}

/** A new key for the actor: answered once with the key itself; only its hash is kept. */
export async function createApiKey(
  db: Db,
  { actor, name, scopes, expiresAt, now = new Date() }: { actor: User; name: string; scopes: readonly ApiKeyScope[]; expiresAt?: string | null; now?: Date },
): Promise<CreatedApiKey> {
  const expires = expiresAt ? new Date(expiresAt) : null
  if (expires && expires <= now) throw fieldError('expiresAt', 'apiKey.expiryPast')
  if ((await countUserApiKeys(db, actor.uid)) >= MAX_API_KEYS) throw new AppError('CONFLICT', 'apiKey.tooMany', { params: { maximum: MAX_API_KEYS } })
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await insertApiKey(db, { userId: actor.uid, name, keyHash: hashApiKey(secret), start: secret.slice(0, API_KEY_SHOWN_LENGTH), scopes: [...scopes], expiresAt: expires })
  return { key: view(row, now), secret }
}

/**
 * Revokes one of the actor's keys: the next request made with it is refused. Each process keeps a
 * checked key a few seconds (auth/session-cache.ts): the owner is announced, which drops the key here
 * at once and in every other process when the NOTIFY arrives.
 */
export async function revokeApiKey(db: Db, { actor, id, now = new Date() }: { actor: User; id: string; now?: Date }): Promise<void> {
  if (!(await revokeUserApiKey(db, { userId: actor.uid, id, now }))) throw new AppError('NOT_FOUND', 'apiKey.notFound')
  await announceAuthChange(db, [actor.uid])
}

/** Who a verified key acts as, what it may do, and until when (null: no expiry). */
export type ApiKeyCaller = { keyId: string; scopes: readonly ApiKeyScope[]; user: User; expiresAt: Date | null }

/**
 * Verifies an API key (`obk_...`, as sent in `Authorization: Bearer`), for the auth hook and for any
 * module that takes a key of its own (webhooks). Answers null when the key is malformed, unknown,
 * revoked or expired, or when its owner cannot be loaded (deactivated or deleted): `loadUser` is the
 * same lookup a session's user goes through, with the owner's roles as they are now, so a lost role
 * or a deactivation counts from the next request. Records the key's use at most once a minute.
 */
export async function verifyApiKey(
  db: Db,
  token: string,
  { loadUser, now = new Date() }: { loadUser: (userId: string) => Promise<User | null>; now?: Date },
): Promise<ApiKeyCaller | null> {
  if (!isWellFormedApiKey(token)) return null
  const row = await findApiKeyByHash(db, hashApiKey(token))
  if (!row || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) return null
  const user = await loadUser(row.userId)
  if (!user) return null
  const before = new Date(now.getTime() - LAST_USED_EVERY_MS)
  if (row.lastUsedAt === null || row.lastUsedAt < before) await touchApiKey(db, { id: row.id, now, before })
  return { keyId: row.id, scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)), user, expiresAt: row.expiresAt }
}

/**
 * Counts one request of the key in the shared rate-limit store (plugins/rate-limit-store.ts, keyed by
 * the key's id); answers the seconds to wait when it is past the limit, else null. A counting failure
 * lets the request through, as the other limits do.
 */
export async function apiKeyWait(db: Db, keyId: string, limit: AccountLimit): Promise<number | null> {
  try {
    const { current, ttl } = await countHit(db, `apikey|${keyId}`, limit.timeWindowMs)
    return current > limit.max ? Math.max(1, Math.ceil(ttl / 1000)) : null
  } catch {
    return null
  }
}
