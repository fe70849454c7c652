import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { OfferTerms } from '@offerbook/domain/offer'
import { EMPTY_OFFER_TERMS, OFFER_ATTACHMENT_KINDS, OFFER_VERSION_KINDS } from '@offerbook/domain/offer'
import { OFFER_EVENT_TYPES, OFFER_STATUSES, OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import { cascadeUuid, createdAt, isNullOrOneOf, isOneOf, timestamptz, updatedAt, uuidPrimaryKey } from './columns'
import { storedFile } from './files'
import { listing } from './listings'
import { cascadeUser, setNullUser, userIdPrimaryKey } from './users'

/**
 * A purchase offer on a listing. The terms are one JSON document validated by OfferTermsSchema; the
 * columns beside it are what queries sort and filter on (price, expiration) and the legal stamps.
 */
export const offer = pgTable(
  'offer',
  {
    id: uuidPrimaryKey(),
    listingId: cascadeUuid('listing_id', () => listing.id),
    /** The buyer side's account that made the offer (a buyer, or the buyer's agent). */
    buyerId: cascadeUser('buyer_id'),
    status: text('status').notNull().default('draft'),
    terms: jsonb('terms').$type<OfferTerms>().notNull().default(EMPTY_OFFER_TERMS),
    /** terms.purchasePrice, kept for sorting. */
    purchasePrice: integer('purchase_price'),
    /** terms.expiresAt, kept for the expiry job. */
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sharedAt: timestamptz('shared_at'),
    /** When the seller side accepted or declined it, or it was withdrawn, expired, closed or terminated. */
    decidedAt: timestamptz('decided_at'),
    /** The Binding Agreement Date: when the buyer side acknowledged receipt of the acceptance. */
    bindingAgreementAt: timestamptz('binding_agreement_at'),
    /** When every party signed the offer packet (issue #12); stamped by the signing module's completion. */
    signedAt: timestamptz('signed_at'),
    /** The latest version's number (decision 029): 1 until the first counter-offer; the terms are that version's. */
    version: integer('version').notNull().default(1),
    /** A countered offer's turn: the side the last counter-offer went to ('buyer' or 'seller'); null otherwise. */
    turn: text('turn'),
    /** The open highest-and-best request's deadline: the buyer side revises until then, never after. */
    bestDeadline: timestamptz('best_deadline'),
    /** When the seller side marked the pre-approval letter verified; cleared by a new letter. */
    preApprovalVerifiedAt: timestamptz('pre_approval_verified_at'),
    /**
     * The buyer side's working copy of a shared offer (decision 036): its saved edits, not yet sent.
     * Only the buyer side reads it; the seller side, the ranking and the notices read `terms`, the
     * sent version. Cleared when a version is sent (a revision, or a counter from either side).
     */
    workingTerms: jsonb('working_terms').$type<OfferTerms>(),
    /**
     * The closing (decision 061): the date (the property's calendar) and final price one side
     * recorded, which side, who and when. Kept once the other side confirms (the offer is closed);
     * cleared when it disputes them.
     */
    closingDate: date('closing_date', { mode: 'string' }),
    finalPrice: integer('final_price'),
    closingRecordedSide: text('closing_recorded_side'),
    closingRecordedBy: setNullUser('closing_recorded_by'),
    closingRecordedAt: timestamptz('closing_recorded_at'),
  },
  (table) => [
    index('offer_buyer_idx').on(table.buyerId, table.status, table.updatedAt),
    index('offer_listing_idx').on(table.listingId, table.status),
    index('offer_open_expiry_idx').on(table.expiresAt).where(isOneOf(table.status, OPEN_OFFER_STATUSES)),
    // /analytics (docs/decisions/024): the offers shared on a scope's listings, or made by a scope's
    // buyers, in a period. The figures' columns ride along so the aggregates read the index alone.
    // The final price of a closed offer is its volume (decision 061).
    index('offer_listing_shared_idx').on(table.listingId, table.sharedAt, table.status, table.purchasePrice, table.decidedAt, table.finalPrice),
    index('offer_buyer_shared_idx').on(table.buyerId, table.sharedAt, table.status, table.purchasePrice, table.decidedAt, table.listingId, table.finalPrice),
    // The scope's open offers expiring soon, per listing and per buyer.
    index('offer_open_listing_expiry_idx').on(table.listingId, table.expiresAt).where(isOneOf(table.status, OPEN_OFFER_STATUSES)),
    index('offer_open_buyer_expiry_idx').on(table.buyerId, table.expiresAt).where(isOneOf(table.status, OPEN_OFFER_STATUSES)),
    // The timeline reminders' job (decision 064): every bound open contract, in one scan of this index.
    index('offer_bound_idx').on(table.bindingAgreementAt).where(sql`${table.status} = 'accepted' and ${table.bindingAgreementAt} is not null`),
    check('offer_status_check', isOneOf(table.status, OFFER_STATUSES)),
    check('offer_turn_check', isNullOrOneOf(table.turn, ['buyer', 'seller'])),
    check('offer_closing_recorded_side_check', isNullOrOneOf(table.closingRecordedSide, ['buyer', 'seller'])),
  ],
)

/**
 * A version of an offer's terms (decision 029): 1 is the offer as the buyer side had it when the
 * first counter-offer came, then one per counter-offer from either side. Never updated or deleted.
 */
export const offerVersion = pgTable(
  'offer_version',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    number: integer('number').notNull(),
    /** How it came (decision 036): 'offer' (version 1, at sharing), 'revision' (the buyer side's), 'counter'. */
    kind: text('kind').notNull().default('counter'),
    /** Who sent it: 'buyer' or 'seller'. */
    side: text('side').notNull(),
    actorId: setNullUser('actor_id'),
    actorName: text('actor_name'),
    message: text('message').notNull().default(''),
    terms: jsonb('terms').$type<OfferTerms>().notNull(),
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('offer_version_number_unique').on(table.offerId, table.number),
    check('offer_version_side_check', isOneOf(table.side, ['buyer', 'seller'])),
    check('offer_version_kind_check', isOneOf(table.kind, OFFER_VERSION_KINDS)),
  ],
)

/** A file on an offer: the buyer's attachments, the pre-approval letter, the generated offer form. */
export const offerAttachment = pgTable(
  'offer_attachment',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    fileId: cascadeUuid('file_id', () => storedFile.id),
    kind: text('kind').notNull().default('attachment'),
    /** A generated offer form: the offer's version it was made from (decision 036); null for uploads. */
    version: integer('version'),
    createdAt: createdAt(),
  },
  (table) => [index('offer_attachment_offer_idx').on(table.offerId, table.createdAt), check('offer_attachment_kind_check', isOneOf(table.kind, OFFER_ATTACHMENT_KINDS))],
)

/**
 * The audit trail: every change of legal weight, written in the transaction that makes it. Never
 * updated or deleted. It is also the listing's offer record (decision 030): each row carries its
 * listing, a per-listing sequence and a hash over the previous row's hash and its own content
 * (offer_event_chain_input in migration 0014), so an edited or removed row breaks the chain.
 */
export const offerEvent = pgTable(
  'offer_event',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    listingId: cascadeUuid('listing_id', () => listing.id),
    /** 1, 2, 3… per listing, in the order the rows were written. */
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    /** Who did it; null for the system (the expiry job). */
    actorId: setNullUser('actor_id'),
    /** The actor's name at the time, kept when the account goes. */
    actorName: text('actor_name'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamptz('at').notNull().defaultNow(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('offer_event_offer_idx').on(table.offerId, table.at),
    uniqueIndex('offer_event_listing_seq_unique').on(table.listingId, table.seq),
    check('offer_event_type_check', isOneOf(table.type, OFFER_EVENT_TYPES)),
  ],
)

/** An unguessable link that shows one offer, read-only, until it expires. Only the token's SHA-256 is kept. */
export const offerShareLink = pgTable(
  'offer_share_link',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    tokenHash: text('token_hash').notNull(),
    /** Who it was sent to. */
    recipient: text('recipient').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('offer_share_link_token_unique').on(table.tokenHash), index('offer_share_link_offer_idx').on(table.offerId)],
)

/**
 * A notification for one user (the bell and /notifications): what happened, to which offer. The
 * words are made from type and data in the reader's language when shown; the email goes through
 * the outbox in the same transaction.
 */
export const notification = pgTable(
  'notification',
  {
    id: uuidPrimaryKey(),
    userId: cascadeUser('user_id'),
    /** e.g. 'offer.shared', 'offer.accepted'. */
    type: text('type').notNull(),
    offerId: uuid('offer_id').references(() => offer.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listing.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (table) => [index('notification_user_idx').on(table.userId, table.createdAt)],
)

/**
 * A user's private calendar subscription (decision 030): GET /api/calendar/<token>.ics answers the
 * deadlines of the user's offers without a session. Only the token's SHA-256 is kept; regenerating
 * replaces it, revoking deletes the row, and an unknown token answers 404.
 */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    userId: userIdPrimaryKey(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('calendar_feed_token_unique').on(table.tokenHash)],
)
