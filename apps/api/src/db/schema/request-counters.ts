import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'

/**
 * Request counters for our rate limits, kept in the database so that every API process counts the
 * same hits (ARCHITECTURE.md: nothing another process needs lives in process memory).
 */
export const requestCounter = pgTable('request_counter', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
})

