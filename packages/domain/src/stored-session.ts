/** The one fixed storage key the browser keeps `{ accessToken, persist }` under (spec sections 3 and 4). */
export const SESSION_STORAGE_KEY = 'offerbook.session'

export type StoredSession = { accessToken: string; persist: boolean }

/**
 * What StoredSessionSchema accepts, checked without zod so the browser's first script can read the
 * stored session: the two fields only, a non-empty token.
 */
export function parseStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null) return null
  const { accessToken, persist } = value as Record<string, unknown>
  if (typeof accessToken !== 'string' || accessToken.length === 0 || typeof persist !== 'boolean') return null
  return { accessToken, persist }
}

/**
 * A cookie the browser keeps while it holds a session, so the server sends a signed-in visitor the
 * whole app rather than the public shell's first-visit page (decision 034). Only a hint: it grants
 * nothing, the bearer token still does.
 */
export const SIGNED_IN_HINT_COOKIE = 'offerbook_signed_in'
