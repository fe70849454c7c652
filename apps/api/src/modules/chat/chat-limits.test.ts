import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { CHAT_LIMITS } from '@offerbook/domain/chat'
import { useTestApp } from '../../../test/per-file'
import { createTestListing } from '../../../test/factories'
import { chatConversation, chatMessage } from '../../db/schema/conversations'
import type { As } from './chat-test-helpers'
import { chatApi, guestHeaders, signedInUser } from './chat-test-helpers'

const t = useTestApp()
let api: ReturnType<typeof chatApi>
let agent: { id: string; as: As }
let listingId: string

beforeAll(async () => {
  api = chatApi(t.app)
  agent = await signedInUser(t, ['SELLER_AGENT'], 'Lena Listing')
  listingId = (await createTestListing(t, { ownerId: agent.id })).id
})

const conversations = async () => (await t.db.select({ total: count() }).from(chatConversation))[0]?.total ?? 0
const messagesIn = async (id: string) => (await t.db.select({ total: count() }).from(chatMessage).where(eq(chatMessage.conversationId, id)))[0]?.total ?? 0

describe('bad input', () => {
  it("refuses a guest's start without a name, with a bad email or a name over 100 characters, storing nothing", async () => {
    const before = await conversations()
    const cases: [object, [string, string][]][] = [
      [{ listingId, email: 'gina@example.com' }, [['name', 'Required']]],
      [{ listingId, name: '   ', email: 'gina@example.com' }, [['name', 'Required']]],
      [{ name: 'Gina Guest', email: 'not-an-email' }, [['email', 'Invalid email']]],
      [{ name: 'x'.repeat(101), email: 'gina@example.com' }, [['name', 'Must have at most 100 characters']]],
      [{}, [['name', 'Required'], ['email', 'Required']]],
      [{ listingId: 'nope', name: 'Gina Guest', email: 'gina@example.com' }, [['listingId', 'Invalid value']]],
    ]
    for (const [payload, fields] of cases) {
      const response = await api.start({}, payload, '10.0.0.1')
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json<ApiError>().errors?.map((error) => [error.path, error.message])).toEqual(fields)
    }
    expect(await conversations()).toBe(before)
  })

  it('refuses an empty, blank or 2001-character message on its field, storing nothing', async () => {
    const started = await api.startOk({}, { listingId, name: 'Gina Guest', email: 'gina@example.com' }, '10.0.0.2')
    const guest = guestHeaders(started)
    const id = started.conversation.id
    const cases: [unknown, string][] = [
      ['', 'Required'],
      ['  \n ', 'Required'],
      ['x'.repeat(CHAT_LIMITS.bodyMax + 1), 'Must have at most 2000 characters'],
      [42, 'Required'],
    ]
    for (const [body, message] of cases) {
      const response = await api.send(guest, id, body)
      expect(response.statusCode).toBe(400)
      expect(response.json<ApiError>().errors?.map((error) => [error.path, error.message])).toEqual([['body', message]])
    }
    expect(await messagesIn(id)).toBe(0)
    expect((await api.sendOk(guest, id, 'x'.repeat(CHAT_LIMITS.bodyMax))).body).toHaveLength(CHAT_LIMITS.bodyMax)
    expect((await api.list(agent.as)).items.find((item) => item.id === id)?.lastMessagePreview).toHaveLength(CHAT_LIMITS.previewMax)
  })

  it('answers 400 to a bad `before`, and pages 50 messages oldest first', async () => {
    const started = await api.startOk({}, { name: 'Page Guest', email: 'page@example.com' }, '10.0.0.3')
    const guest = guestHeaders(started)
    const id = started.conversation.id
    expect((await api.messages(guest, id, '?before=yesterday')).statusCode).toBe(400)
    const rows = Array.from({ length: 55 }, (_, index) => ({ conversationId: id, side: 'visitor' as const, senderName: 'Page Guest', body: `message ${index}`, createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, index)) }))
    await t.db.insert(chatMessage).values(rows)
    const first = await api.messagesOk(guest, id)
    expect([first.hasMore, first.items.length, first.items[0]?.body, first.items.at(-1)?.body]).toEqual([true, 50, 'message 5', 'message 54'])
    const second = await api.messages(guest, id, `?before=${encodeURIComponent(first.items[0]?.createdAt ?? '')}`)
    expect(second.json<{ items: { body: string }[]; hasMore: boolean }>()).toMatchObject({ hasMore: false, items: [0, 1, 2, 3, 4].map((index) => ({ body: `message ${index}` })) })
  })
})

describe('flood limits', () => {
  it('lets a guest start 5 conversations an hour from one address, then answers 429', async () => {
    const ip = '10.1.0.1'
    for (let index = 0; index < CHAT_LIMITS.guestStartsPerHour; index++) await api.startOk({}, { listingId, name: `Guest ${index}`, email: 'flood@example.com' }, ip)
    const before = await conversations()
    const refused = await api.start({}, { listingId, name: 'One More', email: 'flood@example.com' }, ip)
    expect([refused.statusCode, refused.json<ApiError>().key]).toEqual([429, 'chat.tooManyChats'])
    expect(await conversations()).toBe(before)
    await api.startOk({}, { listingId, name: 'Elsewhere', email: 'other@example.com' }, '10.1.0.2')
  })

  it("lets a guest's side send 20 messages a minute and a signed-in user 60, then answers 429", async () => {
    const started = await api.startOk({}, { listingId, name: 'Chatty Guest', email: 'chatty@example.com' }, '10.2.0.1')
    const guest = guestHeaders(started)
    const id = started.conversation.id
    for (let index = 0; index < CHAT_LIMITS.guestMessagesPerMinute; index++) await api.sendOk(guest, id, `hello ${index}`)
    const refused = await api.send(guest, id, 'one too many')
    expect([refused.statusCode, refused.json<ApiError>().key]).toEqual([429, 'chat.tooManyMessages'])
    expect(await messagesIn(id)).toBe(CHAT_LIMITS.guestMessagesPerMinute)

    // The agent's side is counted on its own.
    for (let index = 0; index < CHAT_LIMITS.userMessagesPerMinute; index++) await api.sendOk(agent.as, id, `answer ${index}`)
    const agentRefused = await api.send(agent.as, id, 'one too many')
    expect([agentRefused.statusCode, agentRefused.json<ApiError>().key]).toEqual([429, 'chat.tooManyMessages'])
    expect(await messagesIn(id)).toBe(CHAT_LIMITS.guestMessagesPerMinute + CHAT_LIMITS.userMessagesPerMinute)
  })
})
