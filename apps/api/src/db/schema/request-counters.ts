import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Request counters for our rate limits, kept in the database so that every API process counts the
 * same hits (ARCHITECTURE.md: nothing another process needs lives in process memory).
 */
export const requestCounter = pgTable('request_counter', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/**
 * The e-mailed code a sign-in needs once the e-mail tried has failed too often (docs/decisions/040):
 * one per e-mail, its hash only, sent at most once per few minutes, a few tries each.
 */
export const signInCode = pgTable('sign_in_code', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
})
