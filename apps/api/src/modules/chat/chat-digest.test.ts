import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { useTestApp } from '../../../test/per-file'
import { createTestListing } from '../../../test/factories'
import { chatMessage, contactOptOut } from '../../db/schema/conversations'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { createJobRunner } from '../jobs/job-runner'
import { chatDigestJob, runChatDigest } from './chat-digest'
import type { As } from './chat-test-helpers'
import { chatApi, guestHeaders, signedInUser } from './chat-test-helpers'

const MINUTE = 60_000
const PUBLIC_URL = 'https://offerbook.example'

const t = useTestApp()
let api: ReturnType<typeof chatApi>
let agent: { id: string; email: string; as: As }
let listing: { id: string; unparsedAddress: string }

beforeAll(async () => {
  api = chatApi(t.app)
  agent = await signedInUser(t, ['SELLER_AGENT'], 'Lena Listing')
  await t.db.update(user).set({ language: 'es-es' }).where(eq(user.id, agent.id))
  listing = await createTestListing(t, { ownerId: agent.id })
})

const digests = async (to: string[]) => t.db.select().from(outboxMessage).where(inArray(outboxMessage.recipient, to))
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MINUTE)

describe('the chat digest', () => {
  it('emails a side once about what it left unread for 5 minutes, in its language, escaped, and not again', async () => {
    const started = await api.startOk({}, { listingId: listing.id, name: 'Gina Guest', email: 'gina.digest@example.com' }, '10.9.0.1')
    const guest = guestHeaders(started)
    const id = started.conversation.id
    await api.sendOk(guest, id, 'Is it <b>still</b> available?')
    await api.sendOk(guest, id, 'Can I visit on Sunday & Monday?')

    expect(await runChatDigest(t.db, { now: at(1), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(0)
    expect(await digests([agent.email])).toEqual([])

    expect(await runChatDigest(t.db, { now: at(6), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(1)
    const [email, ...more] = await digests([agent.email])
    expect(more).toEqual([])
    expect(email).toMatchObject({ channel: 'email', kind: 'chat-digest', locale: 'es-es', subject: `Tiene 2 mensajes nuevos de Gina Guest sobre ${listing.unparsedAddress}` })
    expect(email?.htmlBody).toContain('Is it &lt;b&gt;still&lt;/b&gt; available?')
    expect(email?.htmlBody).not.toContain('<b>still</b>')
    expect(email?.htmlBody).toContain('Sunday &amp; Monday')
    expect(email?.textBody).toContain('Is it <b>still</b> available?')
    expect(email?.textBody).toContain(`${PUBLIC_URL}/notifications/messages`)

    // More unread messages, later runs: still the one email.
    await api.sendOk(guest, id, 'Hello?')
    expect(await runChatDigest(t.db, { now: at(7), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(0)
    expect(await runChatDigest(t.db, { now: at(30), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(0)
    expect(await digests([agent.email])).toHaveLength(1)

    // The visitor is told of the agent's answer, in English, with a link to the property.
    await api.read(agent.as, id)
    await api.sendOk(agent.as, id, 'Yes, come on Sunday.')
    expect(await runChatDigest(t.db, { now: at(36), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(1)
    const [toGuest] = await digests(['gina.digest@example.com'])
    expect(toGuest).toMatchObject({ locale: 'en-us', subject: `You have 1 new message from Lena Listing about ${listing.unparsedAddress}` })
    // The link reopens the conversation from any browser: its fragment holds what the chat's header needs.
    const link = toGuest?.textBody.match(new RegExp(`${PUBLIC_URL}/property/${listing.id}#chat=([^\\s]+)`))?.[1]
    expect(link).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9_-]{43}$`))
    expect(link).not.toContain(started.visitorToken ?? '-')
    expect((await api.messagesOk({ 'x-chat-visitor': link ?? '' }, id)).items.at(-1)?.body).toBe('Yes, come on Sunday.')
    expect(await digests([agent.email])).toHaveLength(1)
  })

  it('sends nothing to a side that has read the messages', async () => {
    const started = await api.startOk({}, { listingId: listing.id, name: 'Reader Guest', email: 'reader@example.com' }, '10.9.0.2')
    await api.sendOk(guestHeaders(started), started.conversation.id, 'Quick question')
    const before = (await digests([agent.email])).length
    await api.read(agent.as, started.conversation.id)
    expect(await runChatDigest(t.db, { now: at(60), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(0)
    expect(await digests([agent.email])).toHaveLength(before)
  })

  it('sends nothing to a guest address that unsubscribed from messages of users', async () => {
    await t.db.insert(contactOptOut).values({ channel: 'email', recipient: 'gone@example.com', reason: 'unsubscribe' })
    const started = await api.startOk({}, { listingId: listing.id, name: 'Gone Guest', email: 'Gone@example.com' }, '10.9.0.4')
    await api.read(agent.as, started.conversation.id)
    await api.sendOk(agent.as, started.conversation.id, 'Are you there?')
    expect(await runChatDigest(t.db, { now: at(66), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(0)
    expect(await digests(['gone@example.com', 'Gone@example.com'])).toEqual([])
  })

  it('emails every admin about a support conversation, and the signed-in visitor at their account', async () => {
    const admins = [await signedInUser(t, ['ADMIN'], 'Ada Admin'), await signedInUser(t, ['SUPER_ADMIN'], 'Sue Super')]
    const buyer = await signedInUser(t, ['BUYER_SIMPLE'], 'Ben Buyer')
    const started = await api.startOk(buyer.as, {})
    await api.sendOk(buyer.as, started.conversation.id, 'Help me, please')
    expect(await runChatDigest(t.db, { now: at(90), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(2)
    const toAdmins = await digests(admins.map((admin) => admin.email))
    expect(toAdmins.map((email) => email.subject)).toEqual(['You have 1 new message from Ben Buyer about your support chat', 'You have 1 new message from Ben Buyer about your support chat'])

    await api.sendOk(admins[0]!.as, started.conversation.id, 'We are on it')
    expect(await runChatDigest(t.db, { now: at(120), publicUrl: PUBLIC_URL, secret: t.config.authSecret })).toBe(1)
    const [toBuyer] = await digests([buyer.email])
    expect(toBuyer?.subject).toBe('You have 1 new message from the Offerbook support team about your support chat')
    expect(toBuyer?.textBody).toContain(`${PUBLIC_URL}/`)
  })

  it('runs by itself as a job until stopped', async () => {
    const started = await api.startOk({}, { listingId: listing.id, name: 'Job Guest', email: 'job.guest@example.com' }, '10.9.0.3')
    await t.db.insert(chatMessage).values({ conversationId: started.conversation.id, side: 'staff', senderName: 'Lena Listing', body: 'Written ten minutes ago', createdAt: at(-10) })
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const job = createJobRunner({ db: t.db, log, jobs: [chatDigestJob({ db: t.db, log, publicUrl: PUBLIC_URL, secret: t.config.authSecret, everyMs: 20 })] })
    await job.start()
    try {
      await vi.waitFor(async () => expect(await digests(['job.guest@example.com'])).toHaveLength(1), { timeout: 10_000, interval: 50 })
    } finally {
      await job.stop()
    }
    expect(log.info).toHaveBeenCalledWith({ count: 1 }, 'chat digests queued')
    expect(log.error).not.toHaveBeenCalled()
    expect(log.warn).not.toHaveBeenCalled()
  })
})
