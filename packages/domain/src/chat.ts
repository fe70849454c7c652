import { z } from 'zod'
import { emailSchema, freeText } from './validation'

/**
 * The live chat (issue 14 item 5): a visitor (signed in or a guest with a name and email) talks with
 * a listing's agent, or with the Offerbook support team (every ADMIN and SUPER_ADMIN answers).
 */

export const CHAT_LIMITS = {
  /** Characters of one message. */
  bodyMax: 2000,
  /** Characters of a guest's name. */
  nameMax: 100,
  /** Characters of the last message shown in a conversation list. */
  previewMax: 120,
  /** Messages a page of GET /api/chat/conversations/:id/messages holds. */
  pageSize: 50,
  /** Conversations a guest may start an hour, per IP address. */
  guestStartsPerHour: 5,
  /** Messages a guest's side of a conversation may send a minute. */
  guestMessagesPerMinute: 20,
  /** Messages a signed-in user may send a minute. */
  userMessagesPerMinute: 60,
  /** Minutes a message stays unread before its recipient gets an email digest. */
  digestDelayMinutes: 5,
} as const

export const CHAT_KINDS = ['listing', 'support'] as const
export type ChatKind = (typeof CHAT_KINDS)[number]

export const CHAT_SIDES = ['visitor', 'staff'] as const
export type ChatSide = (typeof CHAT_SIDES)[number]

/** The header a guest authenticates with: `<conversationId>.<visitorToken>`. */
export const CHAT_VISITOR_HEADER = 'X-Chat-Visitor'

export function chatVisitorHeaderValue(conversationId: string, visitorToken: string): string {
  return `${conversationId}.${visitorToken}`
}

/** A guest's name: required, at most 100 characters. */
export const chatNameSchema = freeText({ error: 'common.required' }).trim().min(1, 'common.required').max(CHAT_LIMITS.nameMax, 'common.tooLong')

/**
 * POST /api/chat/conversations. Without listingId the conversation is with support. A signed-in
 * visitor's name and email come from the account (the fields are ignored); a guest must give both
 * (the API answers 400 with field errors 'common.required' otherwise).
 */
export const StartChatInputSchema = z.object({
  listingId: z.string().uuid('common.invalidValue').optional(),
  name: chatNameSchema.optional(),
  email: emailSchema.optional(),
})
export type StartChatInput = z.infer<typeof StartChatInputSchema>

/** What a guest's start form checks: the same fields, name and email required. */
export const GuestStartChatInputSchema = z.object({
  listingId: z.string().uuid('common.invalidValue').optional(),
  name: chatNameSchema,
  email: emailSchema,
})
export type GuestStartChatInput = z.infer<typeof GuestStartChatInputSchema>

/** POST /api/chat/conversations/:id/messages: 1..2000 characters once trimmed. */
export const ChatMessageInputSchema = z.object({
  body: freeText({ error: 'common.required' }).trim().min(1, 'common.required').max(CHAT_LIMITS.bodyMax, 'common.tooLong'),
})
export type ChatMessageInput = z.infer<typeof ChatMessageInputSchema>

/** GET /api/chat/conversations/:id/messages?before=<iso>: the page of messages older than `before`. */
export const ChatMessagesQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, error: 'common.invalidValue' }).optional(),
})
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuerySchema>

export const ChatConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** null for support. */
  listingId: z.string().nullable(),
  /** The listing's address; null for support. */
  listingTitle: z.string().nullable(),
  /** The other side: the visitor's name for staff, the agent's name (or 'Offerbook support') for the visitor. */
  counterpartName: z.string(),
  /** Messages of the other side the caller has not read. */
  unread: z.number().int(),
  /** ISO date-time of the last message, or of the start when none yet. */
  lastMessageAt: z.string(),
  /** The first 120 characters of the last message; null when none yet. */
  lastMessagePreview: z.string().nullable(),
})
export type ChatConversation = z.infer<typeof ChatConversationSchema>

export const ChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  side: z.enum(CHAT_SIDES),
  /** Sent by the caller's side. */
  mine: z.boolean(),
  senderName: z.string(),
  /** As typed: HTML in it is text, escaped on output. */
  body: z.string(),
  createdAt: z.string(),
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

export const StartChatAnswerSchema = z.object({
  conversation: ChatConversationSchema,
  /** Only for a guest, only once: send it back as `X-Chat-Visitor: <conversationId>.<visitorToken>`. */
  visitorToken: z.string().optional(),
})
export type StartChatAnswer = z.infer<typeof StartChatAnswerSchema>

export const ChatConversationListSchema = z.object({
  items: z.array(ChatConversationSchema),
  /** Unread messages over all the caller's conversations. */
  unread: z.number().int(),
})
export type ChatConversationList = z.infer<typeof ChatConversationListSchema>

export const ChatMessagePageSchema = z.object({
  /** Oldest first, at most 50. */
  items: z.array(ChatMessageSchema),
  /** Older messages exist: ask again with before = the first item's createdAt. */
  hasMore: z.boolean(),
})
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>

export const ChatReadAnswerSchema = z.object({ unread: z.number().int() })
export type ChatReadAnswer = z.infer<typeof ChatReadAnswerSchema>

/** The preview of a message in a conversation list. */
export function chatPreview(body: string): string {
  return body.length > CHAT_LIMITS.previewMax ? body.slice(0, CHAT_LIMITS.previewMax) : body
}
