import type { Session } from '@offerbook/domain/session'
import { AppError, SIGN_IN_REQUIRED_MESSAGE } from '../../app-error'
import type { Auth } from '../../auth/auth'
import { OIDC_PROVIDER_ID } from '../../auth/auth'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import { getUser } from '../users/users.service'

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
  if (!response.url) throw new AppError('UNAVAILABLE', SSO_UNAVAILABLE_MESSAGE)
  return { authorizeUrl: response.url, setCookies: headers.getSetCookie() }
}

export const SSO_UNAVAILABLE_MESSAGE = 'Service unavailable. Please try another login/registration method'

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
export async function exchangeSessionCookie(db: Db, auth: Auth, { cookieValue, cookieName }: { cookieValue: string | null; cookieName: string }): Promise<Session> {
  if (!cookieValue) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE)
  const found = await auth.api.getSession({ headers: new Headers({ cookie: `${cookieName}=${cookieValue}` }) })
  const user = found ? await getUser(db, found.user.id) : null
  if (!found || !user) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE)
  return { accessToken: cookieValue, expiresAt: new Date(found.session.expiresAt).toISOString(), user }
}
