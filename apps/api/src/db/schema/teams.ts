import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { TEAM_ACCESS_LEVELS, TEAM_MEMBER_KINDS } from '@offerbook/domain/teams'
import { offer } from './offers'
import { user } from './users'

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * An invitation to join a user's team (issue #16): sent by email with a single-use link (only the
 * token's SHA-256 is kept) that expires. It carries the access the leader chose, applied when the
 * invitee accepts; the designated listings and offers are ids checked against the leader's own.
 */
export const teamInvitation = pgTable(
  'team_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leaderId: text('leader_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    kind: text('kind').notNull().default('agent'),
    access: text('access').notNull().default('all'),
    listingIds: jsonb('listing_ids').$type<string[]>().notNull().default([]),
    offerIds: jsonb('offer_ids').$type<string[]>().notNull().default([]),
    /** A principal broker's invitation into the brokerage. */
    brokerage: boolean('brokerage').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_invitation_token_unique').on(table.tokenHash),
    index('team_invitation_leader_idx').on(table.leaderId, table.createdAt),
    index('team_invitation_email_idx').on(table.email),
    check('team_invitation_access_check', sql`${table.access} in (${quotedList(TEAM_ACCESS_LEVELS)})`),
    check('team_invitation_kind_check', sql`${table.kind} in (${quotedList(TEAM_MEMBER_KINDS)})`),
  ],
)

/** The offers designated to a member with 'designated' access on the buyer side (listings are in team_member_listing). */
export const teamMemberOffer = pgTable(
  'team_member_offer',
  {
    leaderId: text('leader_id').notNull(),
    memberId: text('member_id').notNull(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('team_member_offer_unique').on(table.memberId, table.offerId), index('team_member_offer_leader_idx').on(table.leaderId, table.memberId)],
)
