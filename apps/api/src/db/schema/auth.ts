import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { authTimestamps, timestamptz } from './columns'
import { cascadeUser } from './users'

// better-auth 1.7's session, account and verification models, written by hand because its CLI needs
// Node 21; the property names are the model's field names, which its drizzle adapter looks up.

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...authTimestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: cascadeUser('user_id'),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: cascadeUser('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...authTimestamps(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ...authTimestamps(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

/** better-auth's own rate-limit counters for its /api/auth/* endpoints (storage: 'database'). */
export const rateLimit = pgTable('auth_rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})
