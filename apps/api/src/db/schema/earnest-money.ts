import { EARNEST_MONEY_HOLDERS } from '@offerbook/domain/offer-terms'
import { EARNEST_MONEY_METHODS } from '@offerbook/domain/earnest-money'
import { DISBURSEMENT_REMINDER_DAYS, RELEASE_KINDS } from '@offerbook/domain/trust-clock'
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { cascadeUuid, createdAt, isNullOrOneOf, isOneOf, timestamptz, uuidPrimaryKey } from './columns'
import { offer } from './offers'
import { setNullUser } from './users'

/**
 * A link sent to the earnest money's holder (decision 070): single use, expiring; only the token's
 * SHA-256 is kept, the token itself is only in the holder's email. A newer link replaces the older.
 */
export const earnestMoneyLink = pgTable(
  'earnest_money_link',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    sentBy: setNullUser('sent_by'),
    sentByName: text('sent_by_name').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    replacedAt: timestamptz('replaced_at'),
  },
  (table) => [index('earnest_money_link_offer_idx').on(table.offerId, table.createdAt)],
)

/**
 * A contract's earnest money as held in trust (decision 070), one row per contract, written when the
 * holder attests receipt: the T.C.A. 62-13-321 fields (the depositor, the amount, the deposit date, the
 * holder and address), then the written request to disburse that starts the 21-day clock, and the
 * release (withdrawal date, payee, kind) that closes it. Amounts in cents.
 */
export const earnestMoneyRecord = pgTable(
  'earnest_money_record',
  {
    offerId: uuid('offer_id')
      .primaryKey()
      .references(() => offer.id, { onDelete: 'cascade' }),
    depositor: text('depositor').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    methodOther: text('method_other').notNull().default(''),
    holderKind: text('holder_kind'),
    holderName: text('holder_name').notNull(),
    holderAddress: text('holder_address').notNull(),
    holderEmail: text('holder_email').notNull(),
    linkId: uuid('link_id').references(() => earnestMoneyLink.id, { onDelete: 'set null' }),
    /** The receipt PDF in storage, and its SHA-256. */
    receiptKey: text('receipt_key').notNull(),
    receiptSha256: text('receipt_sha256').notNull(),
    receiptSize: integer('receipt_size').notNull(),
    attestedAt: timestamptz('attested_at').notNull(),
    requestedOn: date('requested_on', { mode: 'string' }),
    requestedBy: text('requested_by'),
    requestPayee: text('request_payee'),
    requestRecordedBy: setNullUser('request_recorded_by'),
    requestRecordedByName: text('request_recorded_by_name'),
    requestRecordedAt: timestamptz('request_recorded_at'),
    releaseKind: text('release_kind'),
    releasedOn: date('released_on', { mode: 'string' }),
    releasePayee: text('release_payee'),
    releaseAmountCents: bigint('release_amount_cents', { mode: 'number' }),
    releaseRecordedBy: setNullUser('release_recorded_by'),
    releaseRecordedByName: text('release_recorded_by_name'),
    releaseRecordedAt: timestamptz('release_recorded_at'),
  },
  (table) => [
    index('earnest_money_record_open_idx').on(table.requestedOn).where(sql`${table.requestedOn} is not null and ${table.releasedOn} is null`),
    check('earnest_money_record_method_check', isOneOf(table.method, EARNEST_MONEY_METHODS)),
    check('earnest_money_record_holder_kind_check', isNullOrOneOf(table.holderKind, EARNEST_MONEY_HOLDERS)),
    check('earnest_money_record_release_kind_check', isNullOrOneOf(table.releaseKind, RELEASE_KINDS)),
  ],
)

/** The disbursement clock's reminders sent: one row per contract, request date and day (14, 18, 21), so none is sent twice. */
export const earnestMoneyReminder = pgTable(
  'earnest_money_reminder',
  {
    offerId: cascadeUuid('offer_id', () => offer.id),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    day: integer('day').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'earnest_money_reminder_pk', columns: [table.offerId, table.requestedOn, table.day] }),
    check('earnest_money_reminder_day_check', sql.raw(`"day" in (${DISBURSEMENT_REMINDER_DAYS.join(', ')})`)),
  ],
)
