import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { Devices, SignedOutDevices } from '@offerbook/domain/devices'
import type { Session } from '@offerbook/domain/session'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createUser } from '../../../test/factories'
import { session } from '../../db/schema/auth'
import { parseUserAgent } from '@offerbook/domain/user-agent'

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

const t = useTestApp()

async function signInFrom(user: CreatedUser, userAgent: string, remoteAddress = '198.51.100.7'): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress, headers: { 'user-agent': userAgent }, payload: { email: user.email, password: user.password } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Session>().accessToken
}

const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(token) })
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode

async function sessionRows(userId: string) {
  return t.db.select().from(session).where(eq(session.userId, userId))
}

/** The bearer token is the session token with better-auth's signature after a dot. */
const ofToken = (bearerToken: string) => (row: { token: string }) => bearerToken.split('.')[0] === row.token

describe('GET /api/sessions', () => {
  it('lists two sign-ins of one user as two devices, this one marked current, with no token anywhere', async () => {
    const user = await createUser(t)
    const laptop = await signInFrom(user, CHROME_MAC, '198.51.100.7')
    const other = await signInFrom(user, FIREFOX_WINDOWS, '203.0.113.20')

    const response = await list(laptop)
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain(laptop)
    expect(response.body).not.toContain(other)
    const rows = await sessionRows(user.id)
    for (const row of rows) expect(response.body).not.toContain(row.token)
    expect(response.body).not.toMatch(/token/i)

    const { items } = response.json<Devices>()
    expect(items).toHaveLength(2)
    const current = items.find((item) => item.current)
    expect(items.filter((item) => item.current)).toHaveLength(1)
    expect(current).toMatchObject({ browser: 'Chrome 131', system: 'macOS', ipAddress: '198.51.100.7' })
    expect(items.find((item) => !item.current)).toMatchObject({ browser: 'Firefox 133', system: 'Windows', ipAddress: '203.0.113.20' })
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['browser', 'current', 'id', 'ipAddress', 'lastSeenAt', 'signedInAt', 'system'])
      expect(rows.map((row) => row.id)).toContain(item.id)
      expect(Number.isNaN(Date.parse(item.signedInAt))).toBe(false)
    }

    // Seen from the other device, the other one is current.
    const fromOther = (await list(other)).json<Devices>().items
    expect(fromOther.find((item) => item.current)?.browser).toBe('Firefox 133')
  })

  it('shows the most recently active first and leaves out expired sessions', async () => {
    const user = await createUser(t)
    const first = await signInFrom(user, CHROME_MAC)
    const second = await signInFrom(user, FIREFOX_WINDOWS)
    const third = await signInFrom(user, 'curl/8.5.0')
    const rows = await sessionRows(user.id)
    const byToken = (token: string) => rows.find(ofToken(token))!
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    await t.db.update(session).set({ updatedAt: minutesAgo(1) }).where(eq(session.id, byToken(first).id))
    await t.db.update(session).set({ updatedAt: minutesAgo(3) }).where(eq(session.id, byToken(second).id))
    await t.db.update(session).set({ expiresAt: minutesAgo(1) }).where(eq(session.id, byToken(third).id))

    const { items } = (await list(first)).json<Devices>()
    expect(items.map((item) => item.id)).toEqual([byToken(first).id, byToken(second).id])
  })

  it('names a device it cannot read as unknown instead of failing', async () => {
    const user = await createUser(t)
    const token = await signInFrom(user, 'curl/8.5.0')
    const { items } = (await list(token)).json<Devices>()
    expect(items[0]).toMatchObject({ browser: null, system: null, current: true })
  })

  it('asks for a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(401)
    const withBadToken = await list('not-a-token')
    expect(withBadToken.statusCode).toBe(401)
    expect(withBadToken.json<ApiError>().code).toBe('UNAUTHORIZED')
  })
})

describe('DELETE /api/sessions/:id', () => {
  it("signs the other device out: its token is refused, this one's still works", async () => {
    const user = await createUser(t)
    const mine = await signInFrom(user, CHROME_MAC)
    const other = await signInFrom(user, FIREFOX_WINDOWS)
    const otherId = (await list(mine)).json<Devices>().items.find((item) => !item.current)!.id

    const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${otherId}`, headers: bearer(mine) })
    expect(response.statusCode).toBe(204)
    expect(await me(other)).toBe(401)
    expect(await me(mine)).toBe(200)
    expect((await list(mine)).json<Devices>().items.map((item) => item.id)).not.toContain(otherId)

    const again = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${otherId}`, headers: bearer(mine) })
    expect(again.statusCode).toBe(404)
  })

  it("answers 404 for another user's session and deletes nothing", async () => {
    const alice = await createUser(t)
    const bob = await createUser(t)
    const aliceToken = await signInFrom(alice, CHROME_MAC)
    const bobToken = await signInFrom(bob, FIREFOX_WINDOWS)
    const bobSessionId = (await list(bobToken)).json<Devices>().items[0]!.id

    const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${bobSessionId}`, headers: bearer(aliceToken) })
    expect(response.statusCode).toBe(404)
    expect(response.json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', key: 'session.deviceNotFound', message: 'Device not found' })
    expect(await me(bobToken)).toBe(200)
    expect(await sessionRows(bob.id)).toHaveLength(1)
    expect(await me(aliceToken)).toBe(200)
  })

  it('answers 404 for an unknown id and 4xx, never 500, for a malformed one', async () => {
    const user = await createUser(t)
    const token = await signInFrom(user, CHROME_MAC)
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/sessions/NoSuchSession123', headers: bearer(token) })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<ApiError>().code).toBe('NOT_FOUND')

    for (const id of ['%00', 'a%00b', "x'%20or%201=1", '%F0%9F%98%80', 'a'.repeat(400), '%2E%2E', 'white%20space']) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: bearer(token) })
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, id).toBeLessThan(500)
      expect(response.json<ApiError>().statusCode).toBe(response.statusCode)
    }
    expect(await me(token)).toBe(200)
  })

  it('signs this device out when it names the current session', async () => {
    const user = await createUser(t)
    const token = await signInFrom(user, CHROME_MAC)
    const currentId = (await list(token)).json<Devices>().items[0]!.id
    const response = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${currentId}`, headers: bearer(token) })
    expect(response.statusCode).toBe(204)
    expect(await me(token)).toBe(401)
  })
})

describe('DELETE /api/sessions (sign out everywhere else)', () => {
  it('ends every other session of the caller, answers the count, and leaves other users alone', async () => {
    const user = await createUser(t)
    const stranger = await createUser(t)
    const mine = await signInFrom(user, CHROME_MAC)
    const others = [await signInFrom(user, FIREFOX_WINDOWS), await signInFrom(user, 'curl/8.5.0')]
    const strangerToken = await signInFrom(stranger, CHROME_MAC)

    const response = await t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(mine) })
    expect(response.statusCode).toBe(200)
    expect(response.json<SignedOutDevices>()).toEqual({ signedOut: 2 })
    expect(await me(mine)).toBe(200)
    for (const token of others) expect(await me(token)).toBe(401)
    expect(await me(strangerToken)).toBe(200)
    const { items } = (await list(mine)).json<Devices>()
    expect(items).toHaveLength(1)
    expect(items[0]?.current).toBe(true)

    const again = await t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(mine) })
    expect(again.json<SignedOutDevices>()).toEqual({ signedOut: 0 })
  })

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/sessions' })
    expect(response.statusCode).toBe(401)
  })
})

describe('last seen', () => {
  it('moves when a device makes a call after some minutes, and not on every call', async () => {
    const user = await createUser(t)
    const mine = await signInFrom(user, CHROME_MAC)
    const other = await signInFrom(user, FIREFOX_WINDOWS)
    const [otherRow] = (await sessionRows(user.id)).filter(ofToken(other))
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    await t.db.update(session).set({ updatedAt: tenMinutesAgo }).where(eq(session.id, otherRow!.id))

    const lastSeen = async () => (await list(mine)).json<Devices>().items.find((item) => item.id === otherRow!.id)!.lastSeenAt
    expect(await lastSeen()).toBe(tenMinutesAgo.toISOString())

    expect(await me(other)).toBe(200)
    let moved = ''
    await vi.waitFor(async () => {
      moved = await lastSeen()
      expect(Date.parse(moved)).toBeGreaterThan(Date.now() - 60_000)
    })

    // Within the interval another call writes nothing.
    expect(await me(other)).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await lastSeen()).toBe(moved)
  })
})

describe('parseUserAgent', () => {
  it.each([
    [CHROME_MAC, 'Chrome 131', 'macOS'],
    [FIREFOX_WINDOWS, 'Firefox 133', 'Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge 131', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15', 'Safari 17', 'macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', 'Safari 17', 'iOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome 131', 'iOS'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet 26', 'Android 14'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera 115', 'Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'ChromeOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'Linux'],
  ])('reads %s', (userAgent, browser, system) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, system })
  })

  it('gives null for what it cannot read', () => {
    expect(parseUserAgent('')).toEqual({ browser: null, system: null })
    expect(parseUserAgent(null)).toEqual({ browser: null, system: null })
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null })
    expect(parseUserAgent('x'.repeat(100_000))).toEqual({ browser: null, system: null })
  })
})
