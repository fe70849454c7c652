import { check, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { NOTICE_TYPES, TIMELINE_RECORD_OUTCOMES } from '@offerbook/domain/contract-notices'
import { cascadeUuid, createdAt, isOneOf, timestamptz, uuidPrimaryKey } from './columns'
import { offer } from './offers'
import { signingPacket } from './signing'
import { setNullUser } from './users'

/**
 * A notice of a contract (decision 065): what was drafted (its type, the timeline item, the facts),
 * by which side, and the signing packet it travels in. Delivered when that packet completes.
 */
export const contractNotice = pgTable(
  'contract_notice',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    packetId: uuid('packet_id')
      .notNull()
      .references(() => signingPacket.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The timeline item it was drafted from (a termination's: the first item of its ground). */
    item: text('item'),
    side: text('side').notNull(),
    /** The drafting input as validated (DraftNoticeSchema). */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    createdBy: setNullUser('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    index('contract_notice_offer_idx').on(table.offerId, table.createdAt),
    index('contract_notice_packet_idx').on(table.packetId),
    check('contract_notice_type_check', isOneOf(table.type, NOTICE_TYPES)),
    check('contract_notice_side_check', isOneOf(table.side, ['buyer', 'seller'])),
  ],
)

/**
 * What happened on a contract's timeline (decision 065): an item done or waived, or an event that
 * starts a period (a low-appraisal notice, a repair request, a delivery received), on a date in the
 * property's zone, and the notice that recorded it.
 */
export const contractTimelineRecord = pgTable(
  'contract_timeline_record',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    /** A timeline item's kind, or an event's name (outcome 'occurred'). */
    kind: text('kind').notNull(),
    outcome: text('outcome').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    noticeId: uuid('notice_id').references(() => contractNotice.id, { onDelete: 'set null' }),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (table) => [index('contract_timeline_record_offer_idx').on(table.offerId, table.recordedAt), check('contract_timeline_record_outcome_check', isOneOf(table.outcome, TIMELINE_RECORD_OUTCOMES))],
)
