import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { createTestListing, createTestOffer, shareableTerms } from '../../../test/factories'
import { appEvent } from '../../db/schema/conversations'
import { publishEvent, visitorRecipient } from './events.publish'
import type { SignedInUser, StreamClient } from './events.test-helpers'
import { publishTo, signedInUser, useEventServer } from './events.test-helpers'

/**
 * GET /api/events on a real listening server, read with fetch as the browser reads it: who gets
 * which event, nothing for a rolled-back change, and a reconnect with Last-Event-ID.
 */

const { server, stream } = useEventServer({ heartbeatMs: 200 })
let seller: SignedInUser
let buyer: SignedInUser
let stranger: SignedInUser

beforeAll(async () => {
  seller = await signedInUser(server.db, ['SELLER_AGENT'], 'Lena Listing')
  buyer = await signedInUser(server.db, ['BUYER_SIMPLE'], 'Ben Buyer')
  stranger = await signedInUser(server.db, ['BUYER_AGENT'], 'Sam Stranger')
}, 120_000)

const marker = (value: string) => ({ marker: value })
const hasMarker = (client: StreamClient, value: string) => client.events.find((event) => event.data.marker === value)

describe('GET /api/events', () => {
  it('refuses an anonymous caller, a bad token and a guest header that opens no conversation with the 401 ApiError', async () => {
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-session' }, { 'x-chat-visitor': 'a1b2.c3d4' }]
    for (const headers of refused) {
      const response = await fetch(`${server.base}/api/events`, { headers })
      expect(response.status).toBe(401)
      const body = ApiErrorSchema.parse(await response.json())
      expect(body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', key: 'request.signInRequired' })
    }
  })

  it("carries a chat guest's events on the X-Chat-Visitor header, and only theirs", async () => {
    const started = await fetch(`${server.base}/api/chat/conversations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Gina Guest', email: 'gina.guest@example.com' }) })
    expect(started.status).toBe(201)
    const { conversation, visitorToken } = (await started.json()) as { conversation: { id: string }; visitorToken: string }
    const guest = await stream({ 'x-chat-visitor': `${conversation.id}.${visitorToken}` })
    expect(guest.status).toBe(200)
    await guest.waitFor('the guest stream to open', () => guest.text().includes(': connected'))
    await publishTo(server.db, [stranger.id], marker('not for the guest'))
    await publishTo(server.db, [visitorRecipient(conversation.id)], marker('for the guest'))
    await guest.waitFor('the guest marker', () => hasMarker(guest, 'for the guest'))
    expect(guest.events.map((event) => event.data)).toEqual([marker('for the guest')])
    guest.close()
  })

  it('opens an event stream with its headers, the retry hint, and heartbeats', async () => {
    const client = await stream(seller.headers)
    expect(client.status).toBe(200)
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(client.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(client.headers.get('x-accel-buffering')).toBe('no')
    // The security headers of every answer, though the hijacked reply skips the onSend hooks.
    expect(client.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(client.headers.get('x-content-type-options')).toBe('nosniff')
    await client.waitFor('a heartbeat', () => client.text().includes(': ping\n\n'))
    expect(client.text().startsWith('retry: 2000\n\n: connected\n\n')).toBe(true)
    client.close()
  })

  it("brings a buyer's change of a shared offer to the listing agent's and the buyer's streams, and nothing to another user", async () => {
    const listing = await createTestListing(server, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Listing', listAgentEmail: seller.email })
    const { offer } = await createTestOffer({ db: server.db, hashPassword: async () => 'x' }, { status: 'active', listing, buyer })
    const [sellerStream, buyerStream, strangerStream] = [await stream(seller.headers), await stream(buyer.headers), await stream(stranger.headers)]

    // A change of a shared offer reaches the seller side when it is sent as a revision (decision 036).
    const saved = await fetch(`${server.base}/api/offers/${offer.id}/revisions`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, terms: shareableTerms({ purchasePrice: 631_000 }), confirmed: ['purchasePrice'] }),
    })
    expect(saved.status).toBe(200)

    const changed = await sellerStream.waitFor('offer.changed on the seller stream', () => sellerStream.events.find((event) => event.type === 'offer.changed'))
    expect(changed.data).toEqual({ offerId: offer.id, listingId: listing.id, status: 'active', event: 'updated' })
    const notified = await sellerStream.waitFor('notification.created on the seller stream', () => sellerStream.events.find((event) => event.type === 'notification.created'))
    expect(notified.data).toMatchObject({ type: 'offer.updated', offerId: offer.id, listingId: listing.id })
    const own = await buyerStream.waitFor('offer.changed on the buyer stream', () => buyerStream.events.find((event) => event.type === 'offer.changed'))
    expect(own.data).toEqual({ offerId: offer.id, listingId: listing.id, status: 'active', event: 'updated' })

    // The stranger's stream is open and working: the first event it gets is the one sent to it.
    await publishTo(server.db, [stranger.id], marker('for the stranger'))
    await strangerStream.waitFor('the stranger marker', () => hasMarker(strangerStream, 'for the stranger'))
    expect(strangerStream.events.map((event) => event.data)).toEqual([marker('for the stranger')])
  })

  it('publishes nothing for a change that rolls back', async () => {
    const client = await stream(stranger.headers)
    await expect(
      server.db.transaction(async (tx) => {
        await publishEvent(tx, { recipients: [stranger.id], type: 'chat.read', data: marker('rolled back') })
        throw new Error('the change fails')
      }),
    ).rejects.toThrow('the change fails')
    await publishTo(server.db, [stranger.id], marker('after the rollback'))
    await client.waitFor('the marker after the rollback', () => hasMarker(client, 'after the rollback'))
    expect(client.events.map((event) => event.data)).toEqual([marker('after the rollback')])
    const rows = await server.db.select().from(appEvent).where(eq(appEvent.recipient, stranger.id))
    expect(rows.some((row) => row.data.marker === 'rolled back')).toBe(false)
  })

  it('replays exactly the events missed after Last-Event-ID, in order, then goes on live; a bad id counts as none', async () => {
    const user = await signedInUser(server.db, ['BUYER_SIMPLE'])
    const first = await stream(user.headers)
    await publishTo(server.db, [user.id], marker('1'))
    const seen = await first.waitFor('event 1', () => hasMarker(first, '1'))
    first.close()
    await first.waitFor('the first stream to end', () => first.ended())

    for (const value of ['2', '3', '4']) await publishTo(server.db, [user.id], marker(value))
    await publishTo(server.db, [stranger.id], marker('not the user'))
    const again = await stream({ ...user.headers, 'last-event-id': seen.id })
    await again.waitFor('the replay', () => again.events.length >= 3)
    await publishTo(server.db, [user.id], marker('5'))
    await again.waitFor('event 5', () => hasMarker(again, '5'))
    expect(again.events.map((event) => event.data.marker)).toEqual(['2', '3', '4', '5'])
    const ids = again.events.map((event) => Number(event.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(ids[0]).toBeGreaterThan(Number(seen.id))

    const bad = await stream({ ...user.headers, 'last-event-id': 'not-a-number' })
    expect(bad.status).toBe(200)
    await publishTo(server.db, [user.id], marker('6'))
    await bad.waitFor('event 6', () => hasMarker(bad, '6'))
    expect(bad.events.map((event) => event.data.marker)).toEqual(['6'])
  })

  it('keeps at most 10 streams per user: the 11th closes the oldest', async () => {
    const user = await signedInUser(server.db, ['SELLER_SIMPLE'])
    const opened: StreamClient[] = []
    for (let index = 0; index < 11; index++) {
      const client = await stream(user.headers)
      await client.waitFor('the stream to open', () => client.text().includes(': connected'))
      opened.push(client)
    }
    await opened[0]!.waitFor('the oldest stream to end', () => opened[0]!.ended())
    expect(server.hub.streamCount(user.id)).toBe(10)
    await publishTo(server.db, [user.id], marker('to the ten'))
    for (const client of opened.slice(1)) await client.waitFor('the event on each open stream', () => hasMarker(client, 'to the ten'))
    expect(opened.slice(1).every((client) => !client.ended())).toBe(true)
  })
})
