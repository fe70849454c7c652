import { sql } from 'drizzle-orm'
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { PacketDocument, PageSize } from '@offerbook/domain/signing'
import { PACKET_KINDS, PACKET_STATUSES, SIGNER_ROLES, SIGNER_STATUSES, SIGNING_EVENT_TYPES, SIGNING_FIELD_TYPES, SIGNING_ORDERS } from '@offerbook/domain/signing'
import { storedFile } from './files'
import { offer } from './offers'
import { user } from './users'

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * A signing packet (decision 016): one PDF made of one or more documents, sent to its signers. The
 * offer packet holds the accepted offer's form; a form packet holds one uploaded document and is
 * signed at /form-sign/{packet id}/{signer id}.
 */
export const signingPacket = pgTable(
  'signing_packet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status').notNull(),
    signingOrder: text('signing_order').notNull().default('parallel'),
    requireSmsCode: boolean('require_sms_code').notNull().default(false),
    message: text('message').notNull().default(''),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    /** The PDF as it was sent, before any signature. */
    originalFileId: uuid('original_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    /** The sealed PDF, once completed. */
    signedFileId: uuid('signed_file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    signedSha256: text('signed_sha256'),
    documents: jsonb('documents').$type<PacketDocument[]>().notNull().default([]),
    pages: jsonb('pages').$type<PageSize[]>().notNull().default([]),
    /** The hash of the last audit event: the head of the packet's chain. */
    chainHead: text('chain_head'),
    eventCount: integer('event_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
  },
  (table) => [
    index('signing_packet_offer_idx').on(table.offerId, table.createdAt),
    index('signing_packet_signed_sha_idx').on(table.signedSha256),
    index('signing_packet_due_idx').on(table.status, table.expiresAt),
    check('signing_packet_kind_check', sql`${table.kind} in (${quotedList(PACKET_KINDS)})`),
    check('signing_packet_status_check', sql`${table.status} in (${quotedList(PACKET_STATUSES)})`),
    check('signing_packet_order_check', sql`${table.signingOrder} in (${quotedList(SIGNING_ORDERS)})`),
  ],
)

/** One signer of a packet. The link's token is never stored, only its SHA-256. */
export const signingSigner = pgTable(
  'signing_signer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packetId: uuid('packet_id')
      .notNull()
      .references(() => signingPacket.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164, or null. */
    phone: text('phone'),
    role: text('role').notNull(),
    locale: text('locale').notNull().default('en-us'),
    /** The account with this email when the packet was sent, so its notifications reach it. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    /** The link the signer had when the packet completed and a new one was sent: it still opens the completed page. */
    priorTokenHash: text('prior_token_hash'),
    status: text('status').notNull().default('pending'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
    codeHash: text('code_hash'),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeVerifiedAt: timestamp('code_verified_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signatureMethod: text('signature_method'),
    signaturePng: bytea('signature_png'),
    initialsPng: bytea('initials_png'),
    /** Where the signature came from: kept for the certificate. */
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    /** Whether the signer was already invited (in sequence, the later ones are invited in turn). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
  },
  (table) => [
    index('signing_signer_packet_idx').on(table.packetId, table.position),
    uniqueIndex('signing_signer_token_unique').on(table.tokenHash),
    check('signing_signer_role_check', sql`${table.role} in (${quotedList(SIGNER_ROLES)})`),
    check('signing_signer_status_check', sql`${table.status} in (${quotedList(SIGNER_STATUSES)})`),
  ],
)

/** A box on a page that one signer fills; positions are fractions of the page, origin top left. */
export const signingField = pgTable(
  'signing_field',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packetId: uuid('packet_id')
      .notNull()
      .references(() => signingPacket.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signingSigner.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    required: boolean('required').notNull().default(true),
    label: text('label').notNull().default(''),
    value: text('value'),
    filledAt: timestamp('filled_at', { withTimezone: true }),
  },
  (table) => [index('signing_field_packet_idx').on(table.packetId, table.signerId), check('signing_field_type_check', sql`${table.type} in (${quotedList(SIGNING_FIELD_TYPES)})`)],
)

/**
 * The packet's audit trail: only ever inserted. Each row's hash covers the previous row's hash and
 * the row itself (domain chainInput), so a changed or removed row breaks the chain.
 */
export const signingEvent = pgTable(
  'signing_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packetId: uuid('packet_id')
      .notNull()
      .references(() => signingPacket.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    signerId: uuid('signer_id'),
    actorName: text('actor_name'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [uniqueIndex('signing_event_seq_unique').on(table.packetId, table.seq), check('signing_event_type_check', sql`${table.type} in (${quotedList(SIGNING_EVENT_TYPES)})`)],
)
