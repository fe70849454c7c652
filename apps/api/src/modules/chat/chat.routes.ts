import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ChatConversationListSchema,
  ChatMessageInputSchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatReadAnswerSchema,
  StartChatAnswerSchema,
  StartChatInputSchema,
} from '@offerbook/domain/chat'
import type { Db } from '../../db/client'
import type { ChatCaller } from './chat.service'
import { listChatMessages, listChats, readChat, sendChatMessage, startChat } from './chat.service'
import { requestVisitorConversation } from './chat-visitor'
import { errors } from '../../http/api-errors'

/** `authSecret` keys the links of the emails that reopen a guest's conversation (chat-visitor.ts). */
export type ChatRoutesOptions = { db: Db; authSecret: string }

const ParamsSchema = z.object({ id: z.string() })
/** A guest's `<conversationId>.<visitorToken>`; a signed-in user sends a bearer token instead. */
const HeadersSchema = z.object({ 'x-chat-visitor': z.string().optional() })
/** A bearer token, or a guest's X-Chat-Visitor header (which opens that conversation only). */
const SECURITY: Record<string, string[]>[] = [{ bearer: [] }, {}]

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { db, authSecret }) => {
  const callerOf = async (request: FastifyRequest): Promise<ChatCaller> => ({
    user: request.user,
    guestConversationId: await requestVisitorConversation(db, authSecret, request),
    ip: request.ip,
  })

  app.post(
    '/api/chat/conversations',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        operationId: 'startChat',
        summary: "Starts a chat about a listing (with its agent) or with support; a signed-in visitor's is reused, a guest gives name and email and gets a visitorToken once",
        security: SECURITY,
        body: StartChatInputSchema,
        response: { 201: StartChatAnswerSchema, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await startChat(db, { caller: { user: request.user, guestConversationId: null, ip: request.ip }, input: request.body })),
  )

  app.get(
    '/api/chat/conversations',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        operationId: 'listChats',
        summary: "The caller's conversations, newest first, with unread counts (a guest: their own one)",
        security: SECURITY,
        headers: HeadersSchema,
        response: { 200: ChatConversationListSchema, ...errors(401) },
      },
    },
    async (request) => listChats(db, await callerOf(request)),
  )

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        operationId: 'listChatMessages',
        summary: 'A page of 50 messages of a conversation, oldest first, older than `before` when given',
        security: SECURITY,
        headers: HeadersSchema,
        params: ParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagePageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => listChatMessages(db, { caller: await callerOf(request), id: request.params.id, query: request.query }),
  )

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        operationId: 'sendChatMessage',
        summary: 'Sends a message in a conversation the caller is in; the other side hears of it on the events stream',
        security: SECURITY,
        headers: HeadersSchema,
        params: ParamsSchema,
        body: ChatMessageInputSchema,
        response: { 201: ChatMessageSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await sendChatMessage(db, { caller: await callerOf(request), id: request.params.id, body: request.body.body })),
  )

  app.post(
    '/api/chat/conversations/:id/read',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        operationId: 'readChat',
        summary: "Marks a conversation read for the caller's side; answers how many messages the caller has left unread",
        security: SECURITY,
        headers: HeadersSchema,
        params: ParamsSchema,
        response: { 200: ChatReadAnswerSchema, ...errors(401, 404) },
      },
    },
    async (request) => readChat(db, { caller: await callerOf(request), id: request.params.id }),
  )
}
