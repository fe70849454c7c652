import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestListing, createTestOffer } from '../../../test/factories'
import type { EventServer, SharedDatabase, StreamClient } from './events.test-helpers'
import { eventually, openStream, publishTo, sharedDatabase, signedInUser, startEventServer } from './events.test-helpers'

/**
 * Two server processes (two apps, each with its own hub, on one database: PostgreSQL's LISTEN/NOTIFY
 * with TEST_DATABASE_URL, else one PGlite), and a client that never reads.
 */

let shared: SharedDatabase
let one: EventServer
let two: EventServer
const streams: StreamClient[] = []

beforeAll(async () => {
  shared = await sharedDatabase()
  one = await startEventServer(shared)
  two = await startEventServer(shared)
}, 120_000)

afterAll(async () => {
  for (const stream of streams) stream.close()
  await one?.close()
  await two?.close()
  await shared?.close()
})

describe('events across server processes', () => {
  it('brings a change made through one server to a stream opened on the other', async () => {
    const seller = await signedInUser(one.db, ['SELLER_AGENT'], 'Lena Listing')
    const buyer = await signedInUser(one.db, ['BUYER_SIMPLE'], 'Ben Buyer')
    const listing = await createTestListing(one, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Listing', listAgentEmail: seller.email })
    const { offer } = await createTestOffer({ db: one.db, hashPassword: async () => 'x' }, { status: 'active', listing, buyer })
    const onTwo = await openStream(two.base, seller.headers)
    streams.push(onTwo)
    await onTwo.waitFor('the stream to open', () => onTwo.text().includes(': connected'))

    const withdrawn = await fetch(`${one.base}/api/offers/${offer.id}/withdraw`, { method: 'POST', headers: buyer.headers })
    expect(withdrawn.status).toBe(200)
    const changed = await onTwo.waitFor('offer.changed on server two', () => onTwo.events.find((event) => event.type === 'offer.changed'))
    expect(changed.data).toEqual({ offerId: offer.id, listingId: listing.id, status: 'withdrawn', event: 'withdrawn' })
    await onTwo.waitFor('the notification on server two', () => onTwo.events.find((event) => event.type === 'notification.created' && event.data.offerId === offer.id))
    // Server one's hub has no stream of the seller: it read nothing for it.
    expect(one.hub.streamCount(seller.id)).toBe(0)
    expect(two.hub.streamCount(seller.id)).toBe(1)
  })
})

describe('a client that never reads', () => {
  it('is dropped once its buffer passes the limit, and the hub lets go of it', async () => {
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const socket = connect({ host: '127.0.0.1', port: one.port })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
    // Paused: nothing is read from the kernel, whose buffers fill, then the server's.
    socket.pause()
    let closed = false
    socket.once('close', () => (closed = true))
    socket.on('error', () => {})
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\nAccept: text/event-stream\r\n\r\n`)
    await eventually('the stream to open', () => one.hub.streamCount(user.id) === 1)

    const big = 'x'.repeat(200_000)
    let sent = 0
    while (one.hub.streamCount(user.id) > 0 && sent < 300) {
      await publishTo(one.db, [user.id], { big, n: sent })
      sent++
    }
    expect(one.hub.streamCount(user.id)).toBe(0)
    // Far less than everything was taken: the server stopped writing when the client stopped reading.
    expect(sent).toBeLessThan(300)

    // Reading again, the client finds the connection ended by the server.
    let received = 0
    socket.on('data', (chunk: Buffer) => (received += chunk.length))
    socket.resume()
    await eventually('the server to have closed the connection', () => closed, 20_000)
    expect(received).toBeLessThan(sent * big.length)
  })
})
