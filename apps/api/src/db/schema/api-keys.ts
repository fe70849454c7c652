import { sql } from 'drizzle-orm'
import { check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, timestamptz, uuidPrimaryKey } from './columns'
import { user } from './users'

/**
 * A user's API keys (issue #37 item 1, decision 078). Only the SHA-256 of a key is kept (a key is 256
 * random bits, so a plain hash cannot be reversed by guessing); its first characters name it in the
 * list. A revoked key keeps its row (revoked_at) so a log that names its id still says whose it was.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull().unique(),
    /** obk_ and the next 8 characters. */
    start: text('start').notNull(),
    /** Scope names (see @offerbook/domain/api-keys), in their fixed order. */
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at'),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('api_key_user_idx').on(table.userId, table.createdAt), check('api_key_scopes_check', sql`cardinality(${table.scopes}) > 0`)],
)
