import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { isUuid } from '@offerbook/domain/validation'
import type { Db } from '../../db/client'
import { visitorRecipient } from '../events/events.publish'
import { findConversationTokenHash } from './chat.queries'

/**
 * A chat guest is known by a random 32-byte token given once when they start their conversation; the
 * database keeps only its sha256. The browser keeps the token (localStorage) and sends
 * `X-Chat-Visitor: <conversationId>.<token>`, which opens that conversation only.
 *
 * The emails that tell an absent guest of an answer cannot carry that token (it is not stored), so
 * they carry a link key instead: an HMAC of the conversation and its token's hash under the server's
 * secret. It opens the same conversation in the same header, from any browser the guest opens the
 * email in, and dies with the token if a conversation's token is ever replaced (decision 058).
 */

export const VISITOR_HEADER = 'x-chat-visitor'

export function newVisitorToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashVisitorToken(token) }
}

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The conversation id and token of a header value, or null when it is not of that shape. */
export function parseVisitorHeader(value: unknown): { conversationId: string; token: string } | null {
  if (typeof value !== 'string') return null
  const dot = value.indexOf('.')
  if (dot < 0) return null
  const conversationId = value.slice(0, dot).trim().toLowerCase()
  const token = value.slice(dot + 1).trim()
  if (!isUuid(conversationId) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  return { conversationId, token }
}

/** The key of the link that reopens a guest's conversation from an email (base64url, 43 characters). */
export function visitorLinkKey(secret: string, conversationId: string, tokenHash: string): string {
  return createHmac('sha256', secret).update(`chat-visitor-link:${conversationId}:${tokenHash}`).digest('base64url')
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The conversation a header value opens (by the guest's token or an email's link key), or null. */
export async function visitorConversationId(db: Db, secret: string, value: unknown): Promise<string | null> {
  const parsed = parseVisitorHeader(value)
  if (!parsed) return null
  const row = await findConversationTokenHash(db, parsed.conversationId)
  if (!row?.visitorTokenHash) return null
  const opens = sameText(hashVisitorToken(parsed.token), row.visitorTokenHash) || sameText(visitorLinkKey(secret, row.id, row.visitorTokenHash), parsed.token)
  return opens ? row.id : null
}

/** The conversation a request's X-Chat-Visitor header opens, or null. */
export async function requestVisitorConversation(db: Db, secret: string, request: FastifyRequest): Promise<string | null> {
  const header = request.headers[VISITOR_HEADER]
  return visitorConversationId(db, secret, Array.isArray(header) ? header[0] : header)
}

/**
 * For the events stream (GET /api/events): the recipient a guest's X-Chat-Visitor header stands for,
 * `visitor:<conversationId>`, or null when the header opens no conversation.
 */
export async function resolveChatVisitor(db: Db, secret: string, headerValue: string | null | undefined): Promise<string | null> {
  const conversationId = await visitorConversationId(db, secret, headerValue)
  return conversationId ? visitorRecipient(conversationId) : null
}
