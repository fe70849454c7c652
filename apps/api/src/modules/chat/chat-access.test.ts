import { asc, eq, gt } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import { useTestApp } from '../../../test/per-file'
import { createTestListing } from '../../../test/factories'
import { appEvent, chatConversation } from '../../db/schema/conversations'
import { resolveChatVisitor, visitorLinkKey } from './chat-visitor'
import type { As } from './chat-test-helpers'
import { chatApi, guestHeaders, signedInUser } from './chat-test-helpers'

const t = useTestApp()
let api: ReturnType<typeof chatApi>
let agent: { id: string; as: As }
let otherAgent: { id: string; as: As }
let admin: { id: string; as: As }
let superAdmin: { id: string; as: As }
let buyer: { id: string; as: As }
let listingId: string
let address: string

beforeAll(async () => {
  api = chatApi(t.app)
  agent = await signedInUser(t, ['SELLER_AGENT'], 'Lena Listing')
  otherAgent = await signedInUser(t, ['SELLER_AGENT'], 'Oscar Other')
  admin = await signedInUser(t, ['ADMIN'], 'Ada Admin')
  superAdmin = await signedInUser(t, ['SUPER_ADMIN'], 'Sue Super')
  buyer = await signedInUser(t, ['BUYER_SIMPLE'], 'Ben Buyer')
  const listing = await createTestListing(t, { ownerId: agent.id })
  listingId = listing.id
  address = listing.unparsedAddress
})

/** The events written since `after`, as recipient and type. */
async function eventsSince(after: number) {
  const rows = await t.db.select().from(appEvent).where(gt(appEvent.id, after)).orderBy(asc(appEvent.id))
  return rows.map((row) => ({ recipient: row.recipient, type: row.type, data: row.data }))
}
async function lastEventId(): Promise<number> {
  const rows = await t.db.select({ id: appEvent.id }).from(appEvent)
  return Math.max(0, ...rows.map((row) => row.id))
}

describe('a guest and the listing agent', () => {
  it('chat: the agent sees the new conversation unread, answers, and the guest reads it with the token', async () => {
    const started = await api.startOk({}, { listingId, name: 'Gina Guest', email: 'gina@example.com' })
    expect(started.visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(started.conversation).toMatchObject({ kind: 'listing', listingId, listingTitle: address, counterpartName: 'Lena Listing', unread: 0, lastMessagePreview: null })
    const guest = guestHeaders(started)
    const id = started.conversation.id
    const [stored] = await t.db.select().from(chatConversation).where(eq(chatConversation.id, id))
    expect(stored?.visitorTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored?.visitorTokenHash).not.toBe(started.visitorToken)

    let since = await lastEventId()
    const sent = await api.sendOk(guest, id, 'Is it <b>still</b> available?')
    expect(sent).toMatchObject({ side: 'visitor', mine: true, senderName: 'Gina Guest', body: 'Is it <b>still</b> available?' })
    expect(await eventsSince(since)).toEqual([
      { recipient: `visitor:${id}`, type: 'chat.message', data: { conversationId: id, messageId: sent.id } },
      { recipient: agent.id, type: 'chat.message', data: { conversationId: id, messageId: sent.id } },
    ])

    const agentList = await api.list(agent.as)
    expect(agentList.unread).toBe(1)
    expect(agentList.items).toEqual([expect.objectContaining({ id, counterpartName: 'Gina Guest', listingTitle: address, unread: 1, lastMessagePreview: 'Is it <b>still</b> available?' })])

    since = await lastEventId()
    expect((await api.read(agent.as, id)).json()).toEqual({ unread: 0 })
    expect((await eventsSince(since)).map((event) => [event.recipient, event.type])).toEqual([
      [`visitor:${id}`, 'chat.read'],
      [agent.id, 'chat.read'],
    ])
    const answer = await api.sendOk(agent.as, id, 'Yes, it is!')
    expect(answer).toMatchObject({ side: 'staff', mine: true, senderName: 'Lena Listing' })

    expect((await api.list(guest)).items).toEqual([expect.objectContaining({ id, unread: 1, counterpartName: 'Lena Listing', lastMessagePreview: 'Yes, it is!' })])
    const page = await api.messagesOk(guest, id)
    expect(page.hasMore).toBe(false)
    expect(page.items.map((message) => [message.side, message.mine, message.body])).toEqual([
      ['visitor', true, 'Is it <b>still</b> available?'],
      ['staff', false, 'Yes, it is!'],
    ])
    expect((await api.read(guest, id)).json()).toEqual({ unread: 0 })
    expect((await api.list(guest)).unread).toBe(0)
    expect((await api.list(agent.as)).unread).toBe(0)
    expect(await resolveChatVisitor(t.db, t.config.authSecret, guest['x-chat-visitor'])).toBe(`visitor:${id}`)
  })

  it("keeps a guest's conversation from everyone else: another guest, another agent, an admin (404)", async () => {
    const first = await api.startOk({}, { listingId, name: 'First Guest', email: 'first@example.com' })
    const second = await api.startOk({}, { listingId, name: 'Second Guest', email: 'second@example.com' })
    expect(second.conversation.id).not.toBe(first.conversation.id)
    const id = first.conversation.id
    await api.sendOk(guestHeaders(first), id, 'Hello from the first guest')
    for (const as of [guestHeaders(second), otherAgent.as, admin.as, buyer.as]) {
      for (const response of [await api.messages(as, id), await api.send(as, id, 'let me in'), await api.read(as, id)]) {
        expect(response.statusCode, response.body).toBe(404)
        expect(response.json<ApiError>().key).toBe('chat.notFound')
      }
    }
    expect((await api.list(otherAgent.as)).items).toEqual([])
    expect((await api.list(admin.as)).items.map((item) => item.id)).not.toContain(id)
    expect((await api.list(guestHeaders(second))).items.map((item) => item.id)).toEqual([second.conversation.id])
    // Another conversation's token with this one's id proves nothing: the caller is anonymous.
    const forged = { 'x-chat-visitor': `${id}.${second.visitorToken ?? ''}` }
    expect((await api.messages(forged, id)).statusCode).toBe(401)
    expect(await resolveChatVisitor(t.db, t.config.authSecret, forged['x-chat-visitor'])).toBeNull()
    expect(await resolveChatVisitor(t.db, t.config.authSecret, 'nonsense')).toBeNull()
  })

  it("opens a guest's conversation with the link key of the emails too, from any browser, and nothing with a key made for another", async () => {
    const started = await api.startOk({}, { listingId, name: 'Link Guest', email: 'link.guest@example.com' })
    const other = await api.startOk({}, { listingId, name: 'Other Guest', email: 'other.guest@example.com' })
    const id = started.conversation.id
    await api.sendOk(guestHeaders(started), id, 'Still there?')
    const [stored] = await t.db.select().from(chatConversation).where(eq(chatConversation.id, id))
    const key = visitorLinkKey(t.config.authSecret, id, stored?.visitorTokenHash ?? '')
    const byLink = { 'x-chat-visitor': `${id}.${key}` }
    expect((await api.messagesOk(byLink, id)).items.map((message) => message.body)).toEqual(['Still there?'])
    expect(await resolveChatVisitor(t.db, t.config.authSecret, byLink['x-chat-visitor'])).toBe(`visitor:${id}`)

    // A key under another secret, or this key on another conversation, opens nothing.
    const wrongSecret = { 'x-chat-visitor': `${id}.${visitorLinkKey('another-secret-another-secret-42', id, stored?.visitorTokenHash ?? '')}` }
    expect((await api.messages(wrongSecret, id)).statusCode).toBe(401)
    const elsewhere = { 'x-chat-visitor': `${other.conversation.id}.${key}` }
    expect((await api.messages(elsewhere, other.conversation.id)).statusCode).toBe(401)
  })

  it('answers 401 without a bearer token or a valid X-Chat-Visitor, and 404 for an unknown id', async () => {
    const anonymous = [await api.messages({}, listingId), await t.app.inject({ method: 'GET', url: '/api/chat/conversations' }), await api.send({ 'x-chat-visitor': 'x.y' }, listingId, 'hi')]
    for (const response of anonymous) expect([response.statusCode, response.json<ApiError>().key]).toEqual([401, 'request.signInRequired'])
    for (const id of ['not-a-uuid', listingId]) expect((await api.messages(buyer.as, id)).statusCode).toBe(404)
  })
})

describe('support conversations', () => {
  it('are answered by every admin, who sees no listing conversation', async () => {
    const started = await api.startOk(buyer.as, {})
    expect(started.visitorToken).toBeUndefined()
    expect(started.conversation).toMatchObject({ kind: 'support', listingId: null, listingTitle: null, counterpartName: 'Offerbook support' })
    const id = started.conversation.id
    const since = await lastEventId()
    await api.sendOk(buyer.as, id, 'I need help')
    expect((await eventsSince(since)).map((event) => event.recipient).sort()).toEqual([admin.id, buyer.id, superAdmin.id].sort())

    for (const staff of [admin, superAdmin]) {
      const list = await api.list(staff.as)
      expect(list.items.map((item) => [item.kind, item.counterpartName, item.unread])).toEqual([['support', 'Ben Buyer', 1]])
    }
    const answer = await api.sendOk(admin.as, id, 'How can we help?')
    expect(answer).toMatchObject({ side: 'staff', senderName: 'Ada Admin' })
    expect((await api.messagesOk(superAdmin.as, id)).items.map((message) => message.mine)).toEqual([false, true])
    expect((await api.list(buyer.as)).unread).toBe(1)
    expect((await api.messages(agent.as, id)).statusCode).toBe(404)
  })

  it('reuse a signed-in visitor’s conversation, per listing and for support', async () => {
    const support = await api.startOk(buyer.as, { name: 'ignored', email: 'ignored@example.com' })
    const again = await api.startOk(buyer.as, {})
    expect(again.conversation.id).toBe(support.conversation.id)
    const aboutListing = await api.startOk(buyer.as, { listingId })
    expect(aboutListing.conversation.id).not.toBe(support.conversation.id)
    expect((await api.startOk(buyer.as, { listingId })).conversation.id).toBe(aboutListing.conversation.id)
    const [stored] = await t.db.select().from(chatConversation).where(eq(chatConversation.id, aboutListing.conversation.id))
    expect(stored).toMatchObject({ visitorUserId: buyer.id, visitorName: 'Ben Buyer', staffUserId: agent.id, visitorTokenHash: null })
  })

  it("refuses a chat with oneself, and a listing that is not open to visitors", async () => {
    for (const [as, payload] of [[agent.as, { listingId }], [admin.as, {}]] as const) {
      const response = await api.start(as, payload)
      expect([response.statusCode, response.json<ApiError>().key]).toEqual([400, 'chat.selfChat'])
    }
    const draft = await createTestListing(t, { ownerId: agent.id, standardStatus: 'Incomplete' })
    const hidden = await createTestListing(t, { ownerId: agent.id, visibility: 'private' })
    for (const id of [draft.id, hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await api.start(buyer.as, { listingId: id })
      expect([response.statusCode, response.json<ApiError>().key]).toEqual([404, 'chat.listingNotFound'])
    }
  })
})
