import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, jsonb, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { FEED_EVENT_TYPES } from '@offerbook/domain/integrations'
import { cascadeUuid, createdAt, isOneOf, timestamptz, uuidPrimaryKey } from './columns'
import { listing } from './listings'
import { outboxMessage } from './outbox'
import { cascadeUser, setNullUser, user } from './users'

/**
 * A message a signed-in user sent from the Send dialog (spec section 2 screen 4): who, about which
 * property, what. Each recipient is a row of its own with its outbox message, whose status is the
 * outcome; the per-sender hourly limits count those rows.
 */
export const userMessage = pgTable(
  'user_message',
  {
    id: uuidPrimaryKey(),
    senderId: cascadeUser('sender_id'),
    listingId: uuid('listing_id').references(() => listing.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Email only. */
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('user_message_sender_idx').on(table.senderId, table.channel, table.createdAt),
    check('user_message_channel_check', isOneOf(table.channel, ['email', 'sms'])),
  ],
)

export const userMessageRecipient = pgTable(
  'user_message_recipient',
  {
    id: uuidPrimaryKey(),
    messageId: cascadeUuid('message_id', () => userMessage.id),
    /** The sender, repeated so the hourly limit is one index range. */
    senderId: text('sender_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** An email address (lower case) or a phone number in E.164. */
    recipient: text('recipient').notNull(),
    /** Null when the recipient opted out and nothing was sent. */
    outboxMessageId: uuid('outbox_message_id').references(() => outboxMessage.id, { onDelete: 'set null' }),
    /** 'queued' (in the outbox: its status is the outcome) or 'opted-out'. */
    status: text('status', { enum: ['queued', 'opted-out'] }).notNull(),
    /** Set once a failure has been told to the sender as a notification. */
    failureNotifiedAt: timestamptz('failure_notified_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('user_message_recipient_message_idx').on(table.messageId),
    index('user_message_recipient_sender_idx').on(table.senderId, table.channel, table.createdAt),
    index('user_message_recipient_outbox_idx').on(table.outboxMessageId),
    check('user_message_recipient_channel_check', isOneOf(table.channel, ['email', 'sms'])),
    check('user_message_recipient_status_check', isOneOf(table.status, ['queued', 'opted-out'])),
  ],
)

/**
 * An address that asked for no more messages from users: an email unsubscribe, or an SMS STOP
 * (TCPA; domain.md). START or an explicit resubscribe deletes the row.
 */
export const contactOptOut = pgTable(
  'contact_opt_out',
  {
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** An email address (lower case) or a phone number in E.164. */
    recipient: text('recipient').notNull(),
    /** 'unsubscribe' (the email link), 'stop' (an SMS keyword). */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('contact_opt_out_recipient_unique').on(table.channel, table.recipient),
    check('contact_opt_out_channel_check', isOneOf(table.channel, ['email', 'sms'])),
  ],
)

/**
 * One event for one live stream (GET /api/events), written in the transaction of the change it
 * tells about. `recipient` is a user id, or `visitor:<conversation id>` for a chat visitor without an
 * account. A stream reconnecting with Last-Event-ID reads the rows after it; old rows are pruned.
 */
export const appEvent = pgTable(
  'app_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    /** e.g. 'offer.changed', 'notification.created', 'signing.changed', 'chat.message'. */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The event feed's sequence (decision 080): given after commit, by one sequencer at a time, so it
     * grows in commit order (ids grow in insert order). Null until the feed's sequencer has seen it.
     */
    feedSequence: bigint('feed_sequence', { mode: 'number' }),
  },
  (table) => [
    index('app_event_recipient_idx').on(table.recipient, table.id),
    index('app_event_created_idx').on(table.createdAt),
    index('app_event_feed_idx').on(table.recipient, table.feedSequence),
    // What the feed's sequencer has yet to number: only the feed's types (FEED_EVENT_TYPES, the domain's one list).
    index('app_event_unsequenced_idx')
      .on(table.id)
      .where(sql`${table.feedSequence} is null and ${table.type} in (${sql.raw(FEED_EVENT_TYPES.map((type) => `'${type}'`).join(', '))})`),
  ],
)

/** Where the event feed's sequence comes from (decision 080). */
export const appEventFeedSequence = pgSequence('app_event_feed_sequence')

/**
 * A live chat conversation (spec section 1): about a listing with its agent, or with the support team
 * (no listing, answered by admins). The visitor is a signed-in user or a guest who gave a name and
 * an email and holds a token (its hash is kept).
 */
export const chatConversation = pgTable(
  'chat_conversation',
  {
    id: uuidPrimaryKey(),
    kind: text('kind', { enum: ['listing', 'support'] }).notNull(),
    listingId: uuid('listing_id').references(() => listing.id, { onDelete: 'cascade' }),
    /** The listing's agent or owner who answers; null for support, which every admin answers. */
    staffUserId: text('staff_user_id').references(() => user.id, { onDelete: 'cascade' }),
    visitorUserId: text('visitor_user_id').references(() => user.id, { onDelete: 'cascade' }),
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    /** sha256 of a guest's token; null for a signed-in visitor. */
    visitorTokenHash: text('visitor_token_hash'),
    visitorReadAt: timestamptz('visitor_read_at'),
    staffReadAt: timestamptz('staff_read_at'),
    /** When each side was last emailed a digest of what it had not read. */
    visitorDigestAt: timestamptz('visitor_digest_at'),
    staffDigestAt: timestamptz('staff_digest_at'),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_conversation_staff_idx').on(table.staffUserId, table.lastMessageAt),
    index('chat_conversation_visitor_idx').on(table.visitorUserId, table.lastMessageAt),
    index('chat_conversation_kind_idx').on(table.kind, table.lastMessageAt),
    uniqueIndex('chat_conversation_token_unique').on(table.visitorTokenHash),
    check('chat_conversation_kind_check', isOneOf(table.kind, ['listing', 'support'])),
  ],
)

export const chatMessage = pgTable(
  'chat_message',
  {
    id: uuidPrimaryKey(),
    conversationId: cascadeUuid('conversation_id', () => chatConversation.id),
    /** 'visitor' or 'staff' (the agent, or an admin for support). */
    side: text('side', { enum: ['visitor', 'staff'] }).notNull(),
    senderUserId: setNullUser('sender_user_id'),
    senderName: text('sender_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_message_conversation_idx').on(table.conversationId, table.createdAt),
    check('chat_message_side_check', isOneOf(table.side, ['visitor', 'staff'])),
  ],
)
