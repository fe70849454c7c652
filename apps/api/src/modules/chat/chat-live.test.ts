import { beforeAll, describe, expect, it } from 'vitest'
import type { ChatMessage, StartChatAnswer } from '@offerbook/domain/chat'
import { createTestListing } from '../../../test/factories'
import type { SignedInUser } from '../events/events.test-helpers'
import { signedInUser, useEventServer } from '../events/events.test-helpers'

/** Over a real listening server: a guest's X-Chat-Visitor opens their events stream, which carries their conversation's news only. */

const { server, stream } = useEventServer()
let agent: SignedInUser
let listingId: string

beforeAll(async () => {
  agent = await signedInUser(server.db, ['SELLER_AGENT'], 'Lena Listing')
  listingId = (await createTestListing({ db: server.db }, { ownerId: agent.id })).id
})

async function post<T>(path: string, headers: Record<string, string>, body: object): Promise<T> {
  const response = await fetch(`${server.base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
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
