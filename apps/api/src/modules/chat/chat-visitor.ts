import { createHash, randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { isUuid } from '@offerbook/domain/validation'
import type { Db } from '../../db/client'
import { visitorRecipient } from '../events/events.publish'
import { findConversationByToken } from './chat.queries'

/**
 * A chat guest is known by a random 32-byte token given once when they start their conversation; the
 * database keeps only its sha256. The browser sends `X-Chat-Visitor: <conversationId>.<token>`, which
 * opens that conversation only.
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

/** The conversation a header value opens, or null. */
export async function visitorConversationId(db: Db, value: unknown): Promise<string | null> {
  const parsed = parseVisitorHeader(value)
  if (!parsed) return null
  const row = await findConversationByToken(db, { id: parsed.conversationId, tokenHash: hashVisitorToken(parsed.token) })
  return row?.id ?? null
}

/** The conversation a request's X-Chat-Visitor header opens, or null. */
export async function requestVisitorConversation(db: Db, request: FastifyRequest): Promise<string | null> {
  const header = request.headers[VISITOR_HEADER]
  return visitorConversationId(db, Array.isArray(header) ? header[0] : header)
}

/**
 * For the events stream (GET /api/events): the recipient a guest's X-Chat-Visitor header stands for,
 * `visitor:<conversationId>`, or null when the header opens no conversation.
 */
export async function resolveChatVisitor(db: Db, headerValue: string | null | undefined): Promise<string | null> {
  const conversationId = await visitorConversationId(db, headerValue)
  return conversationId ? visitorRecipient(conversationId) : null
}
