import { AsyncLocalStorage } from 'node:async_hooks'

/** What the provider said about the person during one callback: enough to create the account later. */
export type SsoProfile = { sub: string; email: string; name: string; emailVerified: boolean }

/**
 * One run of better-auth's callback handler. better-auth only tells the browser "unable to create
 * user" when our hook refuses an unverified e-mail; the scope keeps what it saw, so the callback route
 * can start the e-mail proof instead (docs/decisions/008-single-sign-on.md, amendment).
 */
export type SsoCallbackScope = { profile: SsoProfile | null; refusedUnverified: boolean }

const storage = new AsyncLocalStorage<SsoCallbackScope>()

export async function runSsoCallback<T>(run: () => Promise<T>): Promise<{ result: T; scope: SsoCallbackScope }> {
  const scope: SsoCallbackScope = { profile: null, refusedUnverified: false }
  const result = await storage.run(scope, run)
  return { result, scope }
}

export function currentSsoCallback(): SsoCallbackScope | undefined {
  return storage.getStore()
}

function claimIsTrue(value: unknown): boolean {
  return value === true || value === 'true'
}

/** The provider's profile (the ID token's or userinfo's claims), recorded for the running callback. */
export function recordProviderProfile(profile: Record<string, unknown>): void {
  const scope = storage.getStore()
  if (!scope) return
  const sub = profile.sub ?? profile.id
  const email = profile.email
  if ((typeof sub !== 'string' && typeof sub !== 'number') || typeof email !== 'string') return
  scope.profile = {
    sub: String(sub),
    email: email.trim().toLowerCase(),
    name: typeof profile.name === 'string' ? profile.name : '',
    emailVerified: claimIsTrue(profile.email_verified) || claimIsTrue(profile.emailVerified),
  }
}

/** Whether a user row better-auth is about to insert comes from a provider's callback. */
function isOAuthCallback(context: unknown): boolean {
  const path = (context as { path?: unknown } | null | undefined)?.path
  return typeof path === 'string' && path.startsWith('/callback/')
}

/**
 * better-auth's `databaseHooks.user.create.before`: false refuses the insert. A user from a provider's
 * callback is created only with a verified e-mail; anything else waits for our e-mailed code.
 */
export function allowUserCreation(user: { emailVerified?: unknown }, context: unknown): boolean {
  const scope = storage.getStore()
  if (user.emailVerified === true) return true
  if (scope) {
    scope.refusedUnverified = true
    return false
  }
  return !isOAuthCallback(context)
}
