import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Session } from '@offerbook/domain/session'
import type { Language } from '@offerbook/domain/user'
import { languageOfAcceptLanguage } from '@offerbook/domain/languages'
import { AppError } from '../../app-error'
import type { Auth } from '../session/session.auth'
import { OIDC_PROVIDER_ID } from '../session/session.auth'
import type { SsoProfile } from '../../auth/sso-callback-scope'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import type { AccountLimit } from '../../plugins/rate-limit-store'
import { countAccountTry } from '../../plugins/rate-limit-store'
import { CODE_ATTEMPTS, CODE_LENGTH, CODE_TTL_SECONDS } from '../accounts/accounts.auth'
import { enqueueEmail } from '../messaging/messaging.service'
import { startSession } from '../session/session.service'
import { getUser } from '../users/users.service'
import {
  consumePendingSso,
  findPendingSso,
  findSessionByToken,
  findSsoAccountOwner,
  findSsoIdToken,
  findUserByEmail,
  insertPendingSso,
  insertSsoAccount,
  insertSsoUser,
  isSsoSession,
  markSsoSession,
  updatePendingSso,
} from './sso.queries'
import type { PendingRow } from './sso.queries'

export type SsoStatus = { enabled: boolean; name: string | null }

export function ssoStatus(oidc: OidcConfig): SsoStatus {
  return oidc ? { enabled: true, name: oidc.name } : { enabled: false, name: null }
}

/**
 * A path on this site to return to after sign-in, or null. Only one leading '/': '//host' and '/\host'
 * are read by browsers as another site.
 */
export function safeRedirectPath(path: string | undefined, publicUrl: string): string | null {
  if (!path || path.length > 2048 || !/^\/(?![/\\])/.test(path) || /[\s\\]/.test(path)) return null
  const origin = new URL(publicUrl).origin
  const url = new URL(path, origin)
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null
}

export type SsoStart = { authorizeUrl: string; setCookies: string[] }

/**
 * Asks better-auth for the provider's authorize URL (state and PKCE kept by better-auth). After its
 * callback the browser lands on the app root with ?sso=1 and exchanges the cookie for a token.
 */
export async function startSingleSignOn(auth: Auth, { publicUrl, redirect }: { publicUrl: string; redirect: string | undefined }): Promise<SsoStart> {
  const path = safeRedirectPath(redirect, publicUrl)
  const callbackURL = `${publicUrl}/?sso=1${path ? `&redirect=${encodeURIComponent(path)}` : ''}`
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: OIDC_PROVIDER_ID, callbackURL, errorCallbackURL: ssoErrorUrl(publicUrl), disableRedirect: true },
    returnHeaders: true,
  })
  if (!response.url) throw new AppError('UNAVAILABLE', 'session.unavailable')
  return { authorizeUrl: response.url, setCookies: headers.getSetCookie() }
}

export function ssoErrorUrl(publicUrl: string): string {
  return `${publicUrl}/auth/sign-in?sso_error=1`
}

export type SessionCookie = { name: string; value: string | null }

/** The value of better-auth's session cookie in a Cookie header, exactly as the browser sent it. */
export async function readSessionCookie(auth: Auth, cookieHeader: string | undefined): Promise<SessionCookie> {
  const { name } = (await auth.$context).authCookies.sessionToken
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) return { name, value: part.slice(separator + 1).trim() || null }
  }
  return { name, value: null }
}

/**
 * The session better-auth's callback put in its cookie, handed over as the bearer token the browser
 * keeps; the cookie value is what the bearer plugin would have sent as `set-auth-token`.
 */
export async function exchangeSessionCookie(
  db: Db,
  auth: Auth,
  { cookieValue, cookieName, accountLimit, log }: { cookieValue: string | null; cookieName: string; accountLimit: AccountLimit; log: FastifyBaseLogger },
): Promise<Session> {
  if (!cookieValue) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  const found = await auth.api.getSession({ headers: new Headers({ cookie: `${cookieName}=${cookieValue}` }) })
  const user = found ? await getUser(db, found.user.id) : null
  if (!found || !user) throw new AppError('UNAUTHORIZED', 'request.signInRequired')
  try {
    // Every way in counts against the account's sign-in limit; past it, this session is not handed over.
    await countAccountTry(db, { name: 'sso-session', account: user.email, limit: accountLimit, log })
  } catch (error) {
    await (await auth.$context).internalAdapter.deleteSession(found.session.token)
    throw error
  }
  await markSsoSession(db, { sessionId: found.session.id, expiresAt: new Date(found.session.expiresAt) })
  return { accessToken: cookieValue, expiresAt: new Date(found.session.expiresAt).toISOString(), user }
}

// An unverified e-mail from the provider: proven with our own code before any account is made or
// linked (docs/decisions/008-single-sign-on.md, amendment).

const PENDING_ID_PATTERN = /^[\w-]{43}$/

type PendingValue = { sub: string; email: string; name: string; language: Language; codeHash: string; attempts: number }

export type PendingSso = { email: string; expiresAt: string }

function hashCode(pendingId: string, code: string): string {
  return createHash('sha256').update(`${pendingId}:${code}`).digest('base64url')
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** 's***@example.com': enough for the owner to recognize the address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email.slice(0, 1)}***${email.slice(at)}`
}

export function ssoVerifyUrl(publicUrl: string, pendingId: string): string {
  return `${publicUrl}/auth/sign-in?sso_verify=${encodeURIComponent(pendingId)}`
}

/**
 * Keeps what the provider said (its subject, the e-mail, the name) as a pending sign-in for ten
 * minutes and e-mails a 6-digit code to the address; returns the pending sign-in's id.
 */
export async function startSsoEmailProof(db: Db, { profile, publicUrl, acceptLanguage }: { profile: SsoProfile; publicUrl: string; acceptLanguage: string | undefined }): Promise<string> {
  const pendingId = randomBytes(32).toString('base64url')
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')
  const language = languageOfAcceptLanguage(acceptLanguage)
  const value: PendingValue = { sub: profile.sub, email: profile.email, name: profile.name, language, codeHash: hashCode(pendingId, code), attempts: 0 }
  await db.transaction(async (tx) => {
    await insertPendingSso(tx, { pendingId, value: JSON.stringify(value), expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000) })
    await enqueueEmail(tx, 'verification-code', { code, minutes: CODE_TTL_SECONDS / 60 }, { to: profile.email, locale: language, publicUrl, kind: 'sso.verification-code' })
  })
  return pendingId
}

async function loadPending(db: Db, pendingId: string): Promise<{ row: PendingRow; value: PendingValue }> {
  const row = PENDING_ID_PATTERN.test(pendingId) ? await findPendingSso(db, pendingId) : null
  if (!row) throw new AppError('NOT_FOUND', 'sso.proofExpired')
  return { row, value: JSON.parse(row.value) as PendingValue }
}

/** The address a pending sign-in's code went to (masked) and when it expires. */
export async function getPendingSso(db: Db, pendingId: string): Promise<PendingSso> {
  const { row, value } = await loadPending(db, pendingId)
  return { email: maskEmail(value.email), expiresAt: row.expiresAt.toISOString() }
}

/**
 * The right code creates the account (e-mail verified) or links the provider to the account that
 * already has the address and has proven it, records the provider's subject so the next single
 * sign-on goes straight through, and signs in. A wrong code counts; the fifth ends the pending sign-in.
 */
export async function verifySsoEmail(
  db: Db,
  auth: Auth,
  { pendingId, code, headers, accountLimit, log }: { pendingId: string; code: string; headers: Headers; accountLimit: AccountLimit; log: FastifyBaseLogger },
): Promise<Session> {
  const { row, value } = await loadPending(db, pendingId)
  await countAccountTry(db, { name: 'sso-verify', account: value.email, limit: accountLimit, log })
  if (!sameHash(hashCode(pendingId, code), value.codeHash)) {
    const attempts = value.attempts + 1
    if (attempts >= CODE_ATTEMPTS) {
      await consumePendingSso(db, row)
      throw new AppError('RATE_LIMITED', 'common.tooManyRequests')
    }
    await updatePendingSso(db, row, JSON.stringify({ ...value, attempts }))
    throw new AppError('BAD_REQUEST', 'accounts.invalidCode')
  }

  const userId = await db.transaction(async (tx) => {
    if (!(await consumePendingSso(tx, row))) throw new AppError('NOT_FOUND', 'sso.proofExpired')
    const key = { providerId: OIDC_PROVIDER_ID, accountId: value.sub }
    const owner = await findSsoAccountOwner(tx, key)
    if (owner) return owner
    const existing = await findUserByEmail(tx, value.email)
    if (existing) {
      // An unproven local address may be someone else's pre-made account: joining it would share it.
      if (!existing.emailVerified) throw new AppError('CONFLICT', 'sso.accountNotLinked')
      await insertSsoAccount(tx, { ...key, userId: existing.id })
      return existing.id
    }
    const id = crypto.randomUUID()
    await insertSsoUser(tx, { id, name: value.name.trim() || value.email.split('@')[0] || value.email, email: value.email, language: value.language })
    await insertSsoAccount(tx, { ...key, userId: id })
    return id
  })
  const session = await startSession(db, auth, { userId, persist: true, headers })
  const stored = await findSessionByToken(db, session.accessToken)
  if (stored) await markSsoSession(db, { sessionId: stored.id, expiresAt: stored.expiresAt })
  return session
}

/**
 * Where to send the browser after signing out of a session that began through the provider: its
 * end-session endpoint (from discovery) with id_token_hint, client_id and post_logout_redirect_uri =
 * PUBLIC_URL; null for any other session or a provider without one.
 */
export async function ssoEndSessionUrl(db: Db, auth: Auth, { token, publicUrl }: { token: string; publicUrl: string }): Promise<string | null> {
  // The bearer plugin reads the token as the browser holds it (signed, after the cookie exchange).
  const found = (await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) }))?.session
  if (!found || !(await isSsoSession(db, found.id))) return null
  const provider = (await auth.$context).socialProviders.find((candidate) => candidate.id === OIDC_PROVIDER_ID)
  if (!provider?.createEndSessionURL) return null
  const idToken = await findSsoIdToken(db, { userId: found.userId, providerId: OIDC_PROVIDER_ID })
  const url = await provider.createEndSessionURL({ idToken: idToken ?? undefined, postLogoutRedirectURI: publicUrl })
  return url ? url.toString() : null
}
