import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage, StartChatAnswer } from '@offerbook/domain/chat'
import { createTestListing } from '../../../test/factories'
import type { EventServer, SharedDatabase, SignedInUser, StreamClient } from '../events/events.test-helpers'
import { openStream, sharedDatabase, signedInUser, startEventServer } from '../events/events.test-helpers'

/** Over a real listening server: a guest's X-Chat-Visitor opens their events stream, which carries their conversation's news only. */

let shared: SharedDatabase
let server: EventServer
let agent: SignedInUser
let listingId: string
const streams: StreamClient[] = []

beforeAll(async () => {
  shared = await sharedDatabase()
  server = await startEventServer(shared)
  agent = await signedInUser(server.db, ['SELLER_AGENT'], 'Lena Listing')
  listingId = (await createTestListing({ db: server.db }, { ownerId: agent.id })).id
})

afterAll(async () => {
  for (const stream of streams) stream.close()
  await server?.close()
  await shared?.close()
})

async function post<T>(path: string, headers: Record<string, string>, body: object): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function stream(headers: Record<string, string>): Promise<StreamClient> {
  const client = await openStream(server.base, headers)
  streams.push(client)
  return client
}

const visitorHeader = (answer: StartChatAnswer) => ({ 'x-chat-visitor': `${answer.conversation.id}.${answer.visitorToken ?? ''}` })

describe('chat events on the live stream', () => {
  it("reach the guest and the agent as messages are sent, and no other guest's stream", async () => {
    const first = await post<StartChatAnswer>('/api/chat/conversations', {}, { listingId, name: 'Gina Guest', email: 'gina@example.com' })
    const second = await post<StartChatAnswer>('/api/chat/conversations', {}, { listingId, name: 'Other Guest', email: 'other@example.com' })
    const guestStream = await stream(visitorHeader(first))
    const otherStream = await stream(visitorHeader(second))
    const agentStream = await stream(agent.headers)
    expect([guestStream.status, otherStream.status, agentStream.status]).toEqual([200, 200, 200])
    const id = first.conversation.id

    const question = await post<ChatMessage>(`/api/chat/conversations/${id}/messages`, visitorHeader(first), { body: 'Is it still available?' })
    const heard = await agentStream.waitFor('the guest message on the agent stream', () => agentStream.events.find((event) => event.type === 'chat.message'))
    expect(heard.data).toEqual({ conversationId: id, messageId: question.id })

    const answer = await post<ChatMessage>(`/api/chat/conversations/${id}/messages`, agent.headers, { body: 'Yes!' })
    await guestStream.waitFor("the agent's answer on the guest stream", () => guestStream.events.find((event) => event.data.messageId === answer.id))
    expect(guestStream.events.map((event) => [event.type, event.data.messageId])).toEqual([
      ['chat.message', question.id],
      ['chat.message', answer.id],
    ])

    // The other guest's own message is the first thing on their stream: nothing of the first conversation came before it.
    const own = await post<ChatMessage>(`/api/chat/conversations/${second.conversation.id}/messages`, visitorHeader(second), { body: 'Hello' })
    await otherStream.waitFor("the other guest's own message", () => otherStream.events.find((event) => event.data.messageId === own.id))
    expect(otherStream.events.map((event) => event.data.conversationId)).toEqual([second.conversation.id])
  })
})
