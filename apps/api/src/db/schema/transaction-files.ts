import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { FILE_DOCUMENT_KINDS, FILE_SIDES } from '@offerbook/domain/file-checklist'
import { FILE_DOCUMENT_REVIEWS, FILE_DOCUMENT_SOURCES } from '@offerbook/domain/transaction-file-view'
import { cascadeUuid, createdAt, isNullOrOneOf, isOneOf, timestamptz, uuidPrimaryKey } from './columns'
import { offer } from './offers'
import { signingPacket } from './signing'
import { cascadeUser, setNullUser } from './users'

/**
 * The brokerage's file of a transaction (issue #35, decision 068): per offer and side, the documents
 * filed in its slots (uploaded by the side's agent, filled from a completed signing packet, or the
 * earnest money holder's receipt), each with the principal broker's review; the file's close; and
 * the brokerage's own required documents.
 */
export const transactionFileDocument = pgTable(
  'transaction_file_document',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    side: text('side').notNull(),
    /** The slot's key as requiredSlots gives it ('purchaseAgreement', 'contractNotice:<id>', 'brokerageRule:<id>'). */
    slotKey: text('slot_key').notNull(),
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the bytes are in the file storage; a packet's document names its sealed PDF's key. */
    storageKey: text('storage_key').notNull(),
    source: text('source').notNull(),
    /** The signing packet that filled it (source 'packet'): one document per packet, side and slot. */
    packetId: uuid('packet_id').references(() => signingPacket.id, { onDelete: 'set null' }),
    review: text('review').notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewedBy: setNullUser('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamptz('reviewed_at'),
    /** The document filed in its place after it was returned. */
    supersededBy: uuid('superseded_by'),
    uploadedBy: setNullUser('uploaded_by'),
    uploadedByName: text('uploaded_by_name'),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (table) => [
    index('transaction_file_document_file_idx').on(table.offerId, table.side),
    uniqueIndex('transaction_file_document_packet_unique').on(table.offerId, table.side, table.slotKey, table.packetId).where(sql`${table.packetId} is not null`),
    index('transaction_file_document_review_idx').on(table.review).where(sql`${table.supersededBy} is null`),
    check('transaction_file_document_side_check', isOneOf(table.side, FILE_SIDES)),
    check('transaction_file_document_kind_check', isOneOf(table.kind, FILE_DOCUMENT_KINDS)),
    check('transaction_file_document_source_check', isOneOf(table.source, FILE_DOCUMENT_SOURCES)),
    check('transaction_file_document_review_check', isOneOf(table.review, FILE_DOCUMENT_REVIEWS)),
  ],
)

/** A file closed in the brokerage: its audit was clean and every document approved. */
export const transactionFileClose = pgTable(
  'transaction_file_close',
  {
    offerId: cascadeUuid('offer_id', () => offer.id),
    side: text('side').notNull(),
    closedAt: timestamptz('closed_at').notNull(),
    closedBy: setNullUser('closed_by'),
    closedByName: text('closed_by_name'),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.side] }), check('transaction_file_close_side_check', isOneOf(table.side, FILE_SIDES))],
)

/** A principal broker's own required document (BrokerageRuleSchema): by side, property types and price. */
export const brokerageFileRule = pgTable(
  'brokerage_file_rule',
  {
    id: uuidPrimaryKey(),
    brokerId: cascadeUser('broker_id'),
    title: text('title').notNull(),
    side: text('side'),
    propertyTypes: jsonb('property_types').$type<string[]>().notNull().default([]),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    createdAt: createdAt(),
  },
  (table) => [index('brokerage_file_rule_broker_idx').on(table.brokerId), check('brokerage_file_rule_side_check', isNullOrOneOf(table.side, FILE_SIDES))],
)
