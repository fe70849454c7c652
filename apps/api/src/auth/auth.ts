import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { bearer } from 'better-auth/plugins'
import type { Db } from '../db/client'
import { schema } from '../db/client'
import { ACCOUNT_AUTH_DISABLED_PATHS, accountAuthPlugins } from '../modules/accounts/accounts.auth'

export type AuthOptions = {
  db: Db
  secret: string
  publicUrl: string
  production: boolean
}

/**
 * better-auth owns password hashing, sessions and tokens. The browser holds the session token and
 * sends it as a bearer token (the bearer plugin), so no cookie is needed for our own endpoints.
 */
export function createAuth({ db, secret, publicUrl, production }: AuthOptions) {
  return betterAuth({
    appName: 'Offerbook',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 256, requireEmailVerification: true, revokeSessionsOnPasswordReset: true },
    disabledPaths: ACCOUNT_AUTH_DISABLED_PATHS,
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Its own handler's counters live in the database, like ours, so every API process shares them.
    rateLimit: { enabled: production, storage: 'database' },
    telemetry: { enabled: false },
    advanced: { useSecureCookies: production },
    plugins: [bearer(), ...accountAuthPlugins({ db, publicUrl })],
  })
}

export type Auth = ReturnType<typeof createAuth>
