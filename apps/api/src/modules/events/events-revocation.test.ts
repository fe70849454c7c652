import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { session } from '../../db/schema/auth'
import { bearer } from '../../../test/factories'
import type { EventServer, SignedInUser, StreamClient } from './events.test-helpers'
import { openStream, signedInUser, twoServersOnOneDatabase } from './events.test-helpers'

/**
 * Revocation reaches live streams: signing out, signing out everywhere else, a deactivation and a role
 * change close the streams they concern at once, on the server that made the change and on any other
 * (two apps on one database: PostgreSQL's LISTEN/NOTIFY with TEST_DATABASE_URL, else one PGlite).
 */

const servers = twoServersOnOneDatabase()

async function openedStream(server: EventServer, headers: Record<string, string>): Promise<StreamClient> {
  const stream = await openStream(server.base, headers)
  expect(stream.status).toBe(200)
  await stream.waitFor('the stream to open', () => stream.text().includes(': connected'))
  return stream
}

/** Another session of the same user (another device). */
async function secondSession(server: EventServer, user: SignedInUser): Promise<{ id: string; headers: { authorization: string } }> {
  const token = randomBytes(24).toString('base64url')
  const id = randomUUID()
  await server.db.insert(session).values({ id, token, userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
  return { id, headers: bearer(token) }
}

const ended = (stream: StreamClient) => stream.waitFor('the stream to end', () => stream.ended(), 5_000)

async function adminChange(server: EventServer, admin: SignedInUser, userId: string, action: string, body: Record<string, unknown>, method = 'POST') {
  const detail = await fetch(`${server.base}/api/admin/users/${userId}`, { headers: admin.headers })
  expect(detail.status).toBe(200)
  const { user } = (await detail.json()) as { user: { updatedAt: string } }
  const response = await fetch(`${server.base}/api/admin/users/${userId}/${action}`, {
    method,
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, expectedUpdatedAt: user.updatedAt }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

describe('signing out', () => {
  it('closes the stream of that session on the same server at once, and the stream cannot reopen', async () => {
    const { one } = servers
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const stream = await openedStream(one, user.headers)
    const out = await fetch(`${one.base}/api/session`, { method: 'DELETE', headers: user.headers })
    expect(out.status).toBe(204)
    await ended(stream)
    expect(one.hub.streamCount(user.id)).toBe(0)
    expect((await openStream(one.base, user.headers)).status).toBe(401)
  })

  it('closes the stream of that session on another server, and leaves the same user\'s other device streaming', async () => {
    const { one, two } = servers
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const other = await secondSession(one, user)
    const signedOut = await openedStream(two, user.headers)
    const stays = await openedStream(two, other.headers)
    expect((await fetch(`${one.base}/api/session`, { method: 'DELETE', headers: user.headers })).status).toBe(204)
    await ended(signedOut)
    expect(stays.ended()).toBe(false)
    expect(two.hub.streamCount(user.id)).toBe(1)
    stays.close()
  })

  it("'sign out everywhere else' closes the other devices' streams on every server and keeps the caller's", async () => {
    const { one, two } = servers
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const other = await secondSession(one, user)
    const elsewhereOne = await openedStream(one, other.headers)
    const elsewhereTwo = await openedStream(two, other.headers)
    const mine = await openedStream(two, user.headers)
    expect((await fetch(`${one.base}/api/sessions`, { method: 'DELETE', headers: user.headers })).status).toBe(200)
    await ended(elsewhereOne)
    await ended(elsewhereTwo)
    expect(mine.ended()).toBe(false)
    mine.close()
  })
})

describe('an administrator', () => {
  it("deactivating a user closes all of that user's streams on every server", async () => {
    const { one, two } = servers
    const admin = await signedInUser(one.db, ['ADMIN'])
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const other = await secondSession(one, user)
    const streams = [await openedStream(one, user.headers), await openedStream(two, other.headers)]
    await adminChange(one, admin, user.id, 'deactivate', { reason: 'Spam' })
    for (const stream of streams) await ended(stream)
    expect((await openStream(two.base, other.headers)).status).toBe(401)
  })

  it("changing a user's roles closes their streams, which reopen under the new roles", async () => {
    const { one, two } = servers
    const admin = await signedInUser(one.db, ['ADMIN'])
    const user = await signedInUser(one.db, ['BUYER_SIMPLE'])
    const stream = await openedStream(two, user.headers)
    await adminChange(one, admin, user.id, 'roles', { roles: ['SELLER_SIMPLE'] }, 'PUT')
    await ended(stream)
    const again = await openedStream(two, user.headers)
    expect(again.ended()).toBe(false)
    again.close()
  })
})
