import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { hashPassword } from '../../auth/password-hash'
import { bearer } from 'better-auth/plugins'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { AppError } from '../../app-error'
import type { OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import { schema } from '../../db/client'
import { ACCOUNT_AUTH_DISABLED_PATHS, accountAuthPlugins } from '../accounts/accounts.auth'
import { recordSignIn } from '../admin-users/sign-in-history'
import { passwordVerifier } from '../identity/identity.legacy'
import { isDeactivated } from '../users/users.service'
import { announceAuthChange } from '../../auth/session-cache'
import { allowUserCreation, recordProviderProfile } from '../../auth/sso-callback-scope'
import { revokeLiveStreams } from '../events/events.publish'

export type AuthOptions = {
  db: Db
  secret: string
  publicUrl: string
  production: boolean
  /** Single sign-on through an OpenID Connect provider; unset or null: none. */
  oidc?: OidcConfig
}

/** better-auth's id for the single sign-on provider; its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc'

/**
 * A provider account is linked to an existing Offerbook account with the same e-mail only when the
 * provider says the e-mail is verified (better-auth's default, as `oidc` is not a trusted provider).
 * An unverified e-mail nobody has yet creates no account either: the profile is recorded for the
 * callback route, which e-mails our own code first; docs/decisions/008-single-sign-on.md.
 */
function singleSignOn(oidc: NonNullable<OidcConfig>) {
  return genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        name: oidc.name,
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        responseType: 'code',
        pkce: true,
        requireIdTokenVerification: true,
        // Sent the way the client is registered at the provider (OIDC_TOKEN_AUTH); Cognito takes either.
        tokenEndpointAuth: { method: oidc.tokenEndpointAuth ?? 'client_secret_post' },
        mapProfileToUser: (profile) => {
          recordProviderProfile(profile)
          return {}
        },
      },
    ],
  })
}

/**
 * better-auth owns password hashing, sessions and tokens. The browser holds the session token and
 * sends it as a bearer token (the bearer plugin), so no cookie is needed for our own endpoints.
 */
export function createAuth({ db, secret, publicUrl, production, oidc = null }: AuthOptions) {
  return betterAuth({
    appName: 'Offerbook',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      // Passwords imported from Firebase (issue #15) are checked once with its scrypt, then rehashed with ours.
      password: { hash: hashPassword, verify: passwordVerifier(db) },
    },
    // Only the allow-list in auth-handler.routes.ts reaches the HTTP handler; these stay closed whatever it says.
    disabledPaths: ACCOUNT_AUTH_DISABLED_PATHS,
    databaseHooks: {
      // Every sign-in, by any means, makes a session: a deactivated account gets none (issue #15), and
      // each one that is made is a sign-in to record.
      session: {
        create: {
          before: async (session) => {
            if (await isDeactivated(db, session.userId)) throw new AppError('FORBIDDEN', 'adminUsers.accountDeactivated')
          },
          after: async (session) => {
            await recordSignIn(db, { userId: session.userId, ipAddress: session.ipAddress || null, userAgent: session.userAgent || null, at: new Date(session.createdAt) })
          },
        },
        // Sign-out, revocation, a password reset or change: run after the commit, so no process keeps the session.
        // Its open event streams close on every process too.
        delete: {
          after: async (session) => {
            await announceAuthChange(db, [session.userId])
            await revokeLiveStreams(db, { sessions: [session.id] })
          },
        },
      },
      user: {
        create: { before: async (user, context) => (allowUserCreation(user, context) ? undefined : false) },
        update: { after: async (user) => announceAuthChange(db, [user.id]) },
        delete: { after: async (user) => announceAuthChange(db, [user.id]) },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Its own handler's counters live in the database, like ours, so every API process shares them.
    rateLimit: { enabled: production, storage: 'database' },
    telemetry: { enabled: false },
    advanced: { useSecureCookies: production },
    plugins: [bearer(), ...accountAuthPlugins({ db, publicUrl }), ...(oidc ? [singleSignOn(oidc)] : [])],
  })
}

export type Auth = ReturnType<typeof createAuth>
