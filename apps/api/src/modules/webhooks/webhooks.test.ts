import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { CreatedApiKey } from '@offerbook/domain/api-keys'
import type { CreatedWebhook, Webhooks, WebhookDeliveries, WebhookSettings } from '@offerbook/domain/webhooks'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from '../../../test/factories'
import { adminAudit } from '../../db/schema/admin'
import { outboxMessage } from '../../db/schema/outbox'
import { user } from '../../db/schema/users'
import { webhookDelivery, webhookEndpoint } from '../../db/schema/webhooks'
import { sendTimelineReminders } from '../offer-record/timeline-reminders'
import { webhooksJob } from './webhooks-delivery'
import { createWebhook } from './webhooks.service'

const SERVER_SECRET = 'test-secret-test-secret-test-secret-42'
const t = useTestApp({ config: { webhooksAllowPrivate: true } })

/** A local receiver: answers each request with the next planned status (200 once the plan is spent) and keeps what it got. */
type Received = { headers: IncomingHttpHeaders; body: string }
let server: Server
let receiverUrl = ''
let plan: number[] = []
let received: Received[] = []
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(plan.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const silent = { info: () => {}, warn: () => {}, error: () => {} }
/** One run of the webhooks job, as the runner makes it; retries due at once. */
async function drain(allowPrivateByDefault = true): Promise<number> {
  const job = webhooksJob({ db: t.db, log: silent, publicUrl: 'http://localhost:3000', serverSecret: SERVER_SECRET, allowPrivateByDefault, retryDelayMs: () => 0 })
  return job.run({ stopping: () => false })
}

async function sessionOf(owner: CreatedUser): Promise<{ authorization: string }> {
  return bearer((await signIn(t.app, owner.email, owner.password)).accessToken)
}

async function makeEndpoint(headers: { authorization: string }, events: string[]): Promise<CreatedWebhook> {
  const response = await t.app.inject({ method: 'POST', url: '/api/me/webhooks', headers, payload: { url: receiverUrl, events } })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<CreatedWebhook>()
}

const deliveriesOf = async (headers: { authorization: string }, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/me/webhooks/${id}/deliveries`, headers })).json<WebhookDeliveries>().items

/** Every request the receiver got verifies with the endpoint's secret, by the standardwebhooks package. */
function verified(secret: string, requests: Received[]): unknown[] {
  const check = new StandardWebhook(secret)
  return requests.map((request) => check.verify(request.body, request.headers as Record<string, string>))
}

describe('webhooks', () => {
  it('a receiver that fails 3 times gets the event when it answers, with the same webhook-id on every attempt, each signed; a redelivery too', async () => {
    received = []
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const session = await sessionOf(agent)
    const created = await makeEndpoint(session, ['listing.changed'])
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    // Shown once: neither the list nor the stored row holds it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/me/webhooks', headers: session })
    expect(listed.json<Webhooks>().items).toMatchObject([{ id: created.webhook.id, url: receiverUrl, events: ['listing.changed'], enabled: true }])
    expect(listed.body).not.toContain(created.secret)
    const [row] = await t.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, created.webhook.id))
    expect(row!.secret).not.toContain(created.secret.slice(6))

    const listing = await createTestListing(t, { ownerId: agent.id })
    plan = [500, 503, 500]
    for (let attempt = 0; attempt < 4; attempt++) await drain()
    expect(received).toHaveLength(4)
    const payloads = verified(created.secret, received)
    expect(new Set(received.map((request) => request.headers['webhook-id'])).size).toBe(1)
    expect(payloads[3]).toMatchObject({ type: 'listing.changed', data: { resource: 'Property', key: listing.id } })
    const [delivery] = await deliveriesOf(session, created.webhook.id)
    expect(delivery).toMatchObject({ id: received[0]!.headers['webhook-id'], status: 'delivered', type: 'listing.changed' })
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([500, 503, 500, 200])

    const again = await t.app.inject({ method: 'POST', url: `/api/me/webhooks/${created.webhook.id}/deliveries/${delivery!.id}/redeliver`, headers: session })
    expect(again.statusCode).toBe(202)
    await drain()
    expect(received).toHaveLength(5)
    verified(created.secret, received.slice(4))
    expect(received[4]!.headers['webhook-id']).toBe(delivery!.id)
  })

  it("an offer's answer reaches the endpoint a key with the webhooks scope made; another user's endpoint never hears of it", async () => {
    received = []
    const { offer, seller } = await createTestOffer(t, { status: 'active' })
    const sellerSession = await sessionOf(seller!)
    const key = (await t.app.inject({ method: 'POST', url: '/api/me/api-keys', headers: sellerSession, payload: { name: 'CRM', scopes: ['webhooks'] } })).json<CreatedApiKey>()
    const created = await makeEndpoint(bearer(key.secret), ['offer.declined'])
    const stranger = await createUser(t, { roles: ['SELLER_AGENT'] })
    await makeEndpoint(await sessionOf(stranger), ['offer.declined'])
    const declined = await t.app.inject({ method: 'POST', url: `/api/offers/${offer.id}/decline`, headers: sellerSession, payload: { version: 1 } })
    expect(declined.statusCode, declined.body).toBe(200)
    await drain()
    expect(received).toHaveLength(1)
    expect(verified(created.secret, received)[0]).toMatchObject({ type: 'offer.declined', data: { resource: 'Offer', key: offer.id, offerId: offer.id } })
  })

  it('refuses a private address, at creation and at delivery, unless allowed', async () => {
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const actor = { uid: agent.id } as Parameters<typeof createWebhook>[2]['actor']
    await expect(createWebhook(t.db, { serverSecret: SERVER_SECRET, allowPrivateByDefault: false }, { actor, url: 'http://10.0.0.8/hooks', events: ['listing.changed'] })).rejects.toMatchObject({ key: 'webhook.privateAddress' })
    // Written as a name, it is refused when the delivery resolves it.
    received = []
    const session = await sessionOf(agent)
    const created = await makeEndpoint(session, ['listing.changed'])
    await t.db.update(webhookEndpoint).set({ url: receiverUrl.replace('127.0.0.1', 'localhost') }).where(eq(webhookEndpoint.id, created.webhook.id))
    await createTestListing(t, { ownerId: agent.id })
    await drain(false)
    expect(received).toHaveLength(0)
    const [delivery] = await deliveriesOf(session, created.webhook.id)
    expect(delivery!.attempts[0]).toMatchObject({ status: null, error: 'refused: not a public address' })
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/webhooks/${created.webhook.id}`, headers: session })).statusCode).toBe(204)
    const bad = await t.app.inject({ method: 'POST', url: '/api/me/webhooks', headers: session, payload: { url: 'ftp://example.com', events: [] } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<ApiError>().key).toBe('webhook.badUrl')
  })

  it("a super admin's choice on private addresses holds from the next webhook and the next delivery; nobody else may make it", async () => {
    const superAdmin = await sessionOf(await createUser(t, { roles: ['SUPER_ADMIN'], name: 'Sam Super' }))
    const settingsOf = async (headers: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/admin/settings/webhooks', headers })
    // This file's server runs with WEBHOOKS_ALLOW_PRIVATE: that holds while no admin has chosen.
    expect((await settingsOf(superAdmin)).json<WebhookSettings>()).toEqual({ allowPrivate: true, deploymentDefault: true, changedBy: null, changedAt: null })

    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const session = await sessionOf(agent)
    received = []
    const created = await makeEndpoint(session, ['listing.changed'])
    const refuse = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/webhooks', headers: superAdmin, payload: { allowPrivate: false } })
    expect(refuse.statusCode, refuse.body).toBe(200)
    expect(refuse.json<WebhookSettings>()).toMatchObject({ allowPrivate: false, deploymentDefault: true, changedBy: 'Sam Super' })
    expect(Date.parse(refuse.json<WebhookSettings>().changedAt!)).toBeGreaterThan(Date.now() - 60_000)

    // A new endpoint on loopback is refused, and the one made before gets nothing.
    const refused = await t.app.inject({ method: 'POST', url: '/api/me/webhooks', headers: session, payload: { url: receiverUrl, events: ['listing.changed'] } })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ApiError>().key).toBe('webhook.privateAddress')
    await createTestListing(t, { ownerId: agent.id })
    await drain()
    expect(received).toHaveLength(0)
    const [delivery] = await deliveriesOf(session, created.webhook.id)
    expect(delivery!.attempts[0]).toMatchObject({ status: null, error: 'refused: not a public address' })

    // Neither an admin nor an agent may change it; a value that is not true or false changes nothing.
    const admin = await sessionOf(await createUser(t, { roles: ['ADMIN'] }))
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/webhooks', headers: admin, payload: { allowPrivate: true } })).statusCode).toBe(403)
    expect((await settingsOf(admin)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/webhooks', headers: session, payload: { allowPrivate: true } })).statusCode).toBe(403)
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/webhooks', headers: superAdmin, payload: { allowPrivate: 'yes' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<ApiError>().key).toBe('common.invalidValue')
    expect((await settingsOf(superAdmin)).json<WebhookSettings>().allowPrivate).toBe(false)
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'webhooks.allowPrivate'))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ before: { allowPrivate: true }, after: { allowPrivate: false } })

    // Allowed again, the redelivery reaches the receiver on loopback.
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/webhooks', headers: superAdmin, payload: { allowPrivate: true } })).statusCode).toBe(200)
    const again = await t.app.inject({ method: 'POST', url: `/api/me/webhooks/${created.webhook.id}/deliveries/${delivery!.id}/redeliver`, headers: session })
    expect(again.statusCode, again.body).toBe(202)
    await drain()
    expect(received).toHaveLength(1)
    expect(verified(created.secret, received)[0]).toMatchObject({ type: 'listing.changed', data: { resource: 'Property' } })
  })

  it('a deactivated owner gets nothing; 3 days of failures turn the endpoint off and email its owner', async () => {
    received = []
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const session = await sessionOf(agent)
    const created = await makeEndpoint(session, ['listing.changed'])
    await createTestListing(t, { ownerId: agent.id })
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, agent.id))
    await drain()
    expect(received).toHaveLength(0)
    const [cancelled] = await t.db.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, created.webhook.id))
    expect(cancelled!.status).toBe('cancelled')

    await t.db.update(user).set({ deactivatedAt: null }).where(eq(user.id, agent.id))
    await createTestListing(t, { ownerId: agent.id })
    await t.db.update(webhookDelivery).set({ retryUntil: new Date(Date.now() - 1000) }).where(eq(webhookDelivery.status, 'pending'))
    plan = [500]
    await drain()
    const [endpoint] = await t.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, created.webhook.id))
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' })
    const mail = await t.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, agent.email))
    expect(mail.map((message) => message.subject)).toContain('A webhook endpoint was turned off')
  })

  it("sends a listing's creation and its status change as their own types, and a contract date's reminder as timeline.due", async () => {
    received = []
    const agent = await createUser(t, { roles: ['SELLER_AGENT'] })
    const session = await sessionOf(agent)
    const created = await makeEndpoint(session, ['listing.created', 'listing.status'])
    const draft = await t.app.inject({ method: 'POST', url: '/api/listings', headers: session, payload: { ListPrice: 399_000 } })
    expect(draft.statusCode, draft.body).toBe(201)
    const draftId = draft.json<{ listing: { id: string } }>().listing.id
    // An edit is listing.changed, which this endpoint did not ask for.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/listings/${draftId}`, headers: session, payload: { ListPrice: 405_000 } })).statusCode).toBe(200)
    const published = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id })
    const withdrawn = await t.app.inject({ method: 'PATCH', url: `/api/listings/${published.id}/settings`, headers: session, payload: { StandardStatus: 'Withdrawn' } })
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    await drain()
    const payloads = verified(created.secret, received) as { type: string; data: { key: string } }[]
    // Sent side by side by one run: in any order.
    expect(payloads.map((payload) => [payload.type, payload.data.key]).sort()).toEqual([
      ['listing.created', draftId],
      ['listing.status', published.id],
    ])

    // Bound on Monday 2 March 2026 in Nashville: earnest money within 3 days is due by the end of Thursday 5 March (CST).
    received = []
    const buyer = await createUser(t, { roles: ['BUYER_AGENT'] })
    const due = await makeEndpoint(await sessionOf(buyer), ['timeline.due'])
    const listing = await createTestListing(t, { ownerId: agent.id, listAgentUserId: agent.id, countyOrParish: 'Davidson' })
    const terms = { earnestMoney: { amount: 5000, holder: 'title-company' as const, dueDays: 3 }, financing: { type: 'cash' as const }, appraisalContingency: false, inspectionPeriodDays: 0, closingDate: '2026-05-29' }
    const { offer } = await createTestOffer(t, { status: 'accepted', listing, buyer, bindingAgreementAt: new Date('2026-03-02T15:00:00Z'), terms })
    await sendTimelineReminders(t.db, { publicUrl: 'http://localhost:3000' }, { now: new Date('2026-03-04T14:00:00Z') })
    await drain()
    expect(verified(due.secret, received)).toMatchObject([{ type: 'timeline.due', data: { resource: 'Offer', key: offer.id, offerId: offer.id, item: 'earnestMoney', due: '2026-03-06T05:59:00.000Z' } }])
  })
})
