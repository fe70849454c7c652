import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { TEAM_ACCESS_LEVELS, TEAM_MEMBER_KINDS } from '@offerbook/domain/teams'
import { cascadeUuid, createdAt, isOneOf, timestamptz, uuidPrimaryKey } from './columns'
import { offer } from './offers'
import { cascadeUser, setNullUser } from './users'

/**
 * An invitation to join a user's team (issue #16): sent by email with a single-use link (only the
 * token's SHA-256 is kept) that expires. It carries the access the leader chose, applied when the
 * invitee accepts; the designated listings and offers are ids checked against the leader's own.
 */
export const teamInvitation = pgTable(
  'team_invitation',
  {
    id: uuidPrimaryKey(),
    leaderId: cascadeUser('leader_id'),
    /** Lower-cased. */
    email: text('email').notNull(),
    kind: text('kind').notNull().default('agent'),
    access: text('access').notNull().default('all'),
    listingIds: jsonb('listing_ids').$type<string[]>().notNull().default([]),
    offerIds: jsonb('offer_ids').$type<string[]>().notNull().default([]),
    /** A principal broker's invitation into the brokerage. */
    brokerage: boolean('brokerage').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: setNullUser('accepted_by'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_invitation_token_unique').on(table.tokenHash),
    index('team_invitation_leader_idx').on(table.leaderId, table.createdAt),
    index('team_invitation_email_idx').on(table.email),
    check('team_invitation_access_check', isOneOf(table.access, TEAM_ACCESS_LEVELS)),
    check('team_invitation_kind_check', isOneOf(table.kind, TEAM_MEMBER_KINDS)),
  ],
)

/** The offers designated to a member with 'designated' access on the buyer side (listings are in team_member_listing). */
export const teamMemberOffer = pgTable(
  'team_member_offer',
  {
    leaderId: text('leader_id').notNull(),
    memberId: text('member_id').notNull(),
    offerId: cascadeUuid('offer_id', () => offer.id),
  },
  (table) => [uniqueIndex('team_member_offer_unique').on(table.memberId, table.offerId, table.leaderId), index('team_member_offer_leader_idx').on(table.leaderId, table.memberId)],
)
