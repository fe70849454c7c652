import { TIMELINE_KINDS } from '@offerbook/domain/contract-timeline'
import { TIMELINE_REMINDERS } from '@offerbook/domain/contract-timeline-reminders'
import { check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { cascadeUuid, isOneOf, timestamptz } from './columns'
import { offer } from './offers'

/**
 * The contract timeline's reminders sent (issue #34 item 3, decision 064): one row per offer, item,
 * due instant and reminder, written in the transaction of its outbox messages and offer-record entry.
 * The key makes a second run, or a second process, send nothing again; an item moved by an amendment
 * has a new due instant, so its reminders are new rows.
 */
export const timelineReminder = pgTable(
  'timeline_reminder',
  {
    offerId: cascadeUuid('offer_id', () => offer.id),
    kind: text('kind').notNull(),
    /** The item's due instant the reminder was for (the end of its last day in the property's zone). */
    due: timestamptz('due').notNull(),
    /** '48h', '24h' or 'missed'. */
    reminder: text('reminder').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'timeline_reminder_pk', columns: [table.offerId, table.kind, table.due, table.reminder] }),
    check('timeline_reminder_kind_check', isOneOf(table.kind, TIMELINE_KINDS)),
    check('timeline_reminder_reminder_check', isOneOf(table.reminder, TIMELINE_REMINDERS)),
  ],
)
