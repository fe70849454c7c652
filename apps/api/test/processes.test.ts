import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { session } from '../src/db/schema/auth'
import { createTestListing, createTestOffer, shareableTerms } from './factories'
import type { EventServer, SignedInUser } from '../src/modules/events/events.test-helpers'
import { eventually, signedInUser, twoServersOnOneDatabase } from '../src/modules/events/events.test-helpers'

/**
 * Two server processes on one database (docs/decisions/028-runtime.md): two apps with their own
 * hubs and caches on the scratch PostgreSQL of TEST_DATABASE_URL (else on one PGlite). Whatever
 * either keeps in memory, both answer alike, and a change made through one shows through the other.
 */

const servers = twoServersOnOneDatabase()

async function read(server: EventServer, user: SignedInUser, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.base}${path}`, { headers: user.headers })
  return { status: response.status, body: await response.text() }
}

describe('two server processes on one database', () => {
  it('give the same answers, and an edit through one is seen through the other within a second', async () => {
    const { one, two } = servers
    const seller = await signedInUser(one.db, ['SELLER_AGENT'], 'Lena Listing')
    const buyer = await signedInUser(one.db, ['BUYER_SIMPLE'], 'Ben Buyer')
    const listing = await createTestListing(one, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Listing', listAgentEmail: seller.email })
    const maker = { db: one.db, hashPassword: async () => 'x' }
    const low = await createTestOffer(maker, { status: 'active', listing, buyer, terms: { purchasePrice: 280_000 } })
    const high = await createTestOffer(maker, { status: 'active', listing, terms: { purchasePrice: 300_000 } })
    const optimize = `/api/listings/${listing.id}/optimize`

    // Both rank (and keep) the same offers the same way, and show the same listing and session.
    for (const path of [optimize, `/api/listings/${listing.id}/offers`, '/api/me']) {
      const [first, second] = [await read(one, seller, path), await read(two, seller, path)]
      expect(first.status, first.body).toBe(200)
      expect(second).toEqual(first)
    }
    const ranked = (body: string) => (JSON.parse(body) as OptimizeResult).offers.map((entry) => [entry.id, entry.purchasePrice])
    expect(ranked((await read(two, seller, optimize)).body)).toEqual([
      [high.offer.id, 300_000],
      [low.offer.id, 280_000],
    ])

    // The buyer sends a revision raising the low offer through server one; server two, which keeps the ranking, shows it.
    const saved = await fetch(`${one.base}/api/offers/${low.offer.id}/revisions`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version: 1, terms: shareableTerms({ purchasePrice: 320_000 }) }),
    })
    expect(saved.status, await saved.text()).toBe(200)
    const seen = await eventually('the raised offer ranked first through server two', async () => {
      const answer = ranked((await read(two, seller, optimize)).body)
      return answer[0]?.[0] === low.offer.id ? answer : null
    }, 1_000)
    expect(seen).toEqual([
      [low.offer.id, 320_000],
      [high.offer.id, 300_000],
    ])
    expect((await read(one, seller, optimize)).body).toEqual((await read(two, seller, optimize)).body)
  })
})

describe('sessions kept by two server processes', () => {
  const me = (server: EventServer, user: SignedInUser) => fetch(`${server.base}/api/me`, { headers: user.headers }).then((response) => response.status)

  it('a session signed out through one is refused at once by it, and by the other within a second', async () => {
    const { one, two } = servers
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'], 'Sam Signout')
    // Both have checked, and keep, the session.
    expect([await me(one, user), await me(two, user), await me(one, user), await me(two, user)]).toEqual([200, 200, 200, 200])

    const signedOut = await fetch(`${one.base}/api/session`, { method: 'DELETE', headers: user.headers })
    expect(signedOut.status).toBe(204)
    expect(await me(one, user)).toBe(401)
    await eventually('the signed-out session refused through server two', async () => (await me(two, user)) === 401, 1_000)
  })

  it('a session ended from the devices list through one is refused by the other within a second', async () => {
    const { one, two } = servers
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'], 'Dee Device')
    const other = await signedInUser(one.db, ['BUYER_SIMPLE'])
    expect([await me(one, user), await me(two, user), await me(two, other)]).toEqual([200, 200, 200])
    // The same user's second device, made as a sign-in would.
    const phone = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const [row] = await one.db.select({ id: session.id }).from(session).where(eq(session.token, user.token))
    await one.db.update(session).set({ userId: user.id }).where(eq(session.token, phone.token))

    const ended = await fetch(`${one.base}/api/sessions/${row?.id}`, { method: 'DELETE', headers: phone.headers })
    expect(ended.status, await ended.text()).toBeLessThan(300)
    await eventually('the ended session refused through server two', async () => (await me(two, user)) === 401, 1_000)
    // Another user's kept session is not touched.
    expect(await me(two, other)).toBe(200)
  })

  it('an API key revoked through one is refused at once by it, and by the other within a second', async () => {
    const { one, two } = servers
    const owner = await signedInUser(one.db, ['SELLER_AGENT'], 'Kim Keys')
    const made = await fetch(`${one.base}/api/me/api-keys`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Back office', scopes: ['offers:read'] }),
    })
    expect(made.status, await made.clone().text()).toBe(201)
    const { key, secret } = (await made.json()) as { key: { id: string }; secret: string }
    const feed = (server: EventServer) => fetch(`${server.base}/api/feed?since=0`, { headers: { authorization: `Bearer ${secret}` } }).then((response) => response.status)
    // Both have checked, and keep, the key.
    expect([await feed(one), await feed(two), await feed(one), await feed(two)]).toEqual([200, 200, 200, 200])

    const revoked = await fetch(`${one.base}/api/me/api-keys/${key.id}`, { method: 'DELETE', headers: owner.headers })
    expect(revoked.status, await revoked.text()).toBeLessThan(300)
    expect(await feed(one)).toBe(401)
    await eventually('the revoked key refused through server two', async () => (await feed(two)) === 401, 1_000)
  })

  it('an admin role taken away through one is refused by the other within a second', async () => {
    const { one, two } = servers
    const superAdmin = await signedInUser(one.db, ['SUPER_ADMIN'], 'Sue Super')
    const admin = await signedInUser(one.db, ['ADMIN'], 'Al Admin')
    const adminList = (server: EventServer) => fetch(`${server.base}/api/admin/users`, { headers: admin.headers }).then((response) => response.status)
    expect([await adminList(one), await adminList(two)]).toEqual([200, 200])

    const current = (await (await fetch(`${one.base}/api/admin/users/${admin.id}`, { headers: superAdmin.headers })).json()) as { user: { updatedAt: string } }
    const changed = await fetch(`${one.base}/api/admin/users/${admin.id}/roles`, {
      method: 'PUT',
      headers: { ...superAdmin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ roles: ['BUYER_SIMPLE'], expectedUpdatedAt: current.user.updatedAt }),
    })
    expect(changed.status, await changed.text()).toBe(200)
    expect(await adminList(one)).toBe(403)
    await eventually('the former admin refused through server two', async () => (await adminList(two)) === 403, 1_000)
  })
})
