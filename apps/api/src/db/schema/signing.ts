import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { PacketDocument, PageSize } from '@offerbook/domain/signing'
import { PACKET_KINDS, PACKET_STATUSES, SEAL_LEVELS, SEAL_WAITING_REASONS, SIGNER_ROLES, SIGNER_STATUSES, SIGNING_EVENT_TYPES, SIGNING_FIELD_TYPES, SIGNING_ORDERS } from '@offerbook/domain/signing'
import { cascadeUuid, counter, createdAt, isNullOrOneOf, isOneOf, timestamptz, updatedAt, uuidPrimaryKey } from './columns'
import { storedFile } from './files'
import { offer } from './offers'
import { setNullUser } from './users'

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
    id: uuidPrimaryKey(),
    kind: text('kind').notNull(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    title: text('title').notNull(),
    status: text('status').notNull(),
    signingOrder: text('signing_order').notNull().default('parallel'),
    requireSmsCode: boolean('require_sms_code').notNull().default(false),
    message: text('message').notNull().default(''),
    createdBy: setNullUser('created_by'),
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
    eventCount: counter('event_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamptz('sent_at'),
    expiresAt: timestamptz('expires_at'),
    completedAt: timestamptz('completed_at'),
    declinedAt: timestamptz('declined_at'),
    voidedAt: timestamptz('voided_at'),
    voidReason: text('void_reason'),
    lastRemindedAt: timestamptz('last_reminded_at'),
    /** The PAdES baseline level the seal reached (decision 052): 'B-B', or 'B-T' with a signature timestamp. */
    sealLevel: text('seal_level'),
    /** The time the signature timestamp's authority attested, and that authority's name (its certificate's subject). */
    sealTimestampAt: timestamptz('seal_timestamp_at'),
    sealTsaName: text('seal_tsa_name'),
    /** Why a packet still 'completing' is not sealed yet (no TSA answered), and when that was last found; cleared at sealing. */
    sealWaitingReason: text('seal_waiting_reason'),
    sealWaitingSince: timestamptz('seal_waiting_since'),
    /**
     * When the archive job next looks at the sealed file (decision 056): to add its long-term
     * validation data and a document timestamp (B-T to B-LTA), or to renew them 90 days before the
     * last timestamp's certificate expires. Null: nothing to do (B-B, or no revocation data to fetch).
     */
    sealArchiveDueAt: timestamptz('seal_archive_due_at'),
  },
  (table) => [
    index('signing_packet_offer_idx').on(table.offerId, table.createdAt),
    index('signing_packet_signed_sha_idx').on(table.signedSha256),
    index('signing_packet_due_idx').on(table.status, table.expiresAt),
    index('signing_packet_archive_due_idx').on(table.sealArchiveDueAt),
    check('signing_packet_kind_check', isOneOf(table.kind, PACKET_KINDS)),
    check('signing_packet_status_check', isOneOf(table.status, PACKET_STATUSES)),
    check('signing_packet_order_check', isOneOf(table.signingOrder, SIGNING_ORDERS)),
    check('signing_packet_seal_level_check', isNullOrOneOf(table.sealLevel, SEAL_LEVELS)),
    check('signing_packet_seal_waiting_check', isNullOrOneOf(table.sealWaitingReason, SEAL_WAITING_REASONS)),
  ],
)

/** One signer of a packet. The link's token is never stored, only its SHA-256. */
export const signingSigner = pgTable(
  'signing_signer',
  {
    id: uuidPrimaryKey(),
    packetId: cascadeUuid('packet_id', () => signingPacket.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164, or null. */
    phone: text('phone'),
    role: text('role').notNull(),
    locale: text('locale').notNull().default('en-us'),
    /** The account with this email when the packet was sent, so its notifications reach it. */
    userId: setNullUser('user_id'),
    tokenHash: text('token_hash'),
    /** The link the signer had when the packet completed and a new one was sent: it still opens the completed page. */
    priorTokenHash: text('prior_token_hash'),
    status: text('status').notNull().default('pending'),
    viewedAt: timestamptz('viewed_at'),
    consentedAt: timestamptz('consented_at'),
    consentVersion: text('consent_version'),
    codeHash: text('code_hash'),
    codeSentAt: timestamptz('code_sent_at'),
    codeExpiresAt: timestamptz('code_expires_at'),
    codeAttempts: counter('code_attempts'),
    codeVerifiedAt: timestamptz('code_verified_at'),
    signedAt: timestamptz('signed_at'),
    signatureMethod: text('signature_method'),
    signaturePng: bytea('signature_png'),
    initialsPng: bytea('initials_png'),
    /** Where the signature came from: kept for the certificate. */
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    declinedAt: timestamptz('declined_at'),
    declineReason: text('decline_reason'),
    lastRemindedAt: timestamptz('last_reminded_at'),
    /** Whether the signer was already invited (in sequence, the later ones are invited in turn). */
    invitedAt: timestamptz('invited_at'),
  },
  (table) => [
    index('signing_signer_packet_idx').on(table.packetId, table.position),
    uniqueIndex('signing_signer_token_unique').on(table.tokenHash),
    check('signing_signer_role_check', isOneOf(table.role, SIGNER_ROLES)),
    check('signing_signer_status_check', isOneOf(table.status, SIGNER_STATUSES)),
  ],
)

/** A box on a page that one signer fills; positions are fractions of the page, origin top left. */
export const signingField = pgTable(
  'signing_field',
  {
    id: uuidPrimaryKey(),
    packetId: cascadeUuid('packet_id', () => signingPacket.id),
    signerId: cascadeUuid('signer_id', () => signingSigner.id),
    type: text('type').notNull(),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    required: boolean('required').notNull().default(true),
    label: text('label').notNull().default(''),
    value: text('value'),
    filledAt: timestamptz('filled_at'),
  },
  (table) => [index('signing_field_packet_idx').on(table.packetId, table.signerId), check('signing_field_type_check', isOneOf(table.type, SIGNING_FIELD_TYPES))],
)

/**
 * The packet's audit trail: only ever inserted. Each row's hash covers the previous row's hash and
 * the row itself (domain chainInput), so a changed or removed row breaks the chain.
 */
export const signingEvent = pgTable(
  'signing_event',
  {
    id: uuidPrimaryKey(),
    packetId: cascadeUuid('packet_id', () => signingPacket.id),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    signerId: uuid('signer_id'),
    actorName: text('actor_name'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamptz('at').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [uniqueIndex('signing_event_seq_unique').on(table.packetId, table.seq), check('signing_event_type_check', isOneOf(table.type, SIGNING_EVENT_TYPES))],
)

/**
 * Every version of a packet's sealed file (decision 056): the seal (seq 1), then each incremental
 * update the archive job appended (a DSS and a document timestamp). Each update's file begins with
 * the bytes of the one before, whose SHA-256 it names: /verify accepts any version as intact.
 */
export const signingSealVersion = pgTable(
  'signing_seal_version',
  {
    id: uuidPrimaryKey(),
    packetId: cascadeUuid('packet_id', () => signingPacket.id),
    seq: integer('seq').notNull(),
    fileId: uuid('file_id').references(() => storedFile.id, { onDelete: 'set null' }),
    sha256: text('sha256').notNull(),
    /** The version this one extends (null for the seal). */
    previousSha256: text('previous_sha256'),
    /** The PAdES level of this version; null for a file sealed before decision 052 (adbe.pkcs7.detached). */
    level: text('level'),
    /** The last timestamp in this version (the signature timestamp, or the newest document timestamp), its TSA and when that TSA's certificate expires. */
    timestampAt: timestamptz('timestamp_at'),
    tsaName: text('tsa_name'),
    tsaExpiresAt: timestamptz('tsa_expires_at'),
    /** The SHA-256 of the record embedded in the file (decision 059); null for files sealed before it. */
    recordSha256: text('record_sha256'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('signing_seal_version_seq_unique').on(table.packetId, table.seq),
    index('signing_seal_version_sha_idx').on(table.sha256),
    check('signing_seal_version_level_check', isNullOrOneOf(table.level, SEAL_LEVELS)),
  ],
)

/**
 * The last answer of each timestamp authority (SIGNING_TSA_URL), for the super admins' seal page: one
 * row per URL, written by whichever server asked it last, outside the sealing transaction so a packet
 * that rolls back still leaves the TSA's failure on record.
 */
export const signingTsaStatus = pgTable('signing_tsa_status', {
  url: text('url').primaryKey(),
  lastAt: timestamptz('last_at').notNull(),
  ok: boolean('ok').notNull(),
  /** The subject of the certificate that signed the last token, and when it expires (success only). */
  tsaName: text('tsa_name'),
  tsaExpiresAt: timestamptz('tsa_expires_at'),
  /** Why the last request failed (failure only). */
  error: text('error'),
})
