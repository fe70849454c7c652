import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ChatConversationList, ChatMessage, ChatMessagePage, StartChatAnswer } from '@offerbook/domain/chat'
import type { Role } from '@offerbook/domain/roles'
import type { TestApp } from '../../../test/build-test-app'
import { bearer, createUser, signIn } from '../../../test/factories'

/** How a test calls the chat: a bearer token's headers, or a guest's X-Chat-Visitor. */
export type As = Record<string, string>

export const guestHeaders = (answer: StartChatAnswer): As => ({ 'x-chat-visitor': `${answer.conversation.id}.${answer.visitorToken ?? ''}` })

export async function signedInUser(t: TestApp, roles: Role[], name: string): Promise<{ id: string; email: string; as: As }> {
  const created = await createUser(t, { roles, name })
  const session = await signIn(t.app, created.email, created.password)
  return { id: created.id, email: created.email, as: bearer(session.accessToken) }
}

export function chatApi(app: FastifyInstance) {
  const call = (method: 'GET' | 'POST', url: string, as: As, payload?: object) => app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) })
  return {
    start: (as: As, payload: object, ip = '127.0.0.1') =>
      app.inject({ method: 'POST', url: '/api/chat/conversations', headers: as, payload, remoteAddress: ip }),
    list: async (as: As): Promise<ChatConversationList> => json<ChatConversationList>(await call('GET', '/api/chat/conversations', as), 200),
    messages: (as: As, id: string, query = '') => call('GET', `/api/chat/conversations/${id}/messages${query}`, as),
    send: (as: As, id: string, body: unknown) => call('POST', `/api/chat/conversations/${id}/messages`, as, { body }),
    read: (as: As, id: string) => call('POST', `/api/chat/conversations/${id}/read`, as),
    startOk: async (as: As, payload: object, ip?: string): Promise<StartChatAnswer> => {
      const response = await app.inject({ method: 'POST', url: '/api/chat/conversations', headers: as, payload, remoteAddress: ip ?? '127.0.0.1' })
      return json<StartChatAnswer>(response, 201)
    },
    sendOk: async (as: As, id: string, body: string): Promise<ChatMessage> => json<ChatMessage>(await call('POST', `/api/chat/conversations/${id}/messages`, as, { body }), 201),
    messagesOk: async (as: As, id: string): Promise<ChatMessagePage> => json<ChatMessagePage>(await call('GET', `/api/chat/conversations/${id}/messages`, as), 200),
  }
}

export function json<T>(response: LightMyRequestResponse, status: number): T {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`)
  return response.json<T>()
}
