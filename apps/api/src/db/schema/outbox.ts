import { check, index, pgTable, text } from 'drizzle-orm/pg-core'
import { counter, createdAt, isOneOf, timestamptz, uuidPrimaryKey } from './columns'

/**
 * Mail and SMS waiting to go out, written in the same transaction as the change that caused them and
 * delivered by the outbox worker (ARCHITECTURE.md). A message is never deleted by delivery: it ends
 * 'sent', or 'failed' after the last attempt, with the error kept.
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: uuidPrimaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** An email address, or a phone number in E.164. */
    recipient: text('recipient').notNull(),
    /** Email only. */
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    /** Email only. */
    htmlBody: text('html_body'),
    /** What the message is about, e.g. 'account.verification-code'; for logs and the dev mailbox. */
    kind: text('kind').notNull(),
    locale: text('locale').notNull().default('en-us'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: counter('attempts'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A worker that claimed the message holds it until then; after that another may take it. */
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** The SMTP message id or the SMS provider's id, or 'dev-mailbox' / 'dev-outbox'. */
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [
    index('outbox_message_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_message_recipient_idx').on(table.recipient, table.createdAt),
    check('outbox_message_channel_check', isOneOf(table.channel, ['email', 'sms'])),
    check('outbox_message_status_check', isOneOf(table.status, ['pending', 'sent', 'failed'])),
  ],
)
