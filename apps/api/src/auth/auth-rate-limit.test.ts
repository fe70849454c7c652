import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/build-test-app'
import { buildTestApp } from '../../test/build-test-app'
import { rateLimit } from '../db/schema/auth'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { nodeEnv: 'production' } })
})
afterAll(async () => t.close())

describe("better-auth's own endpoints in production", () => {
  it('limit repeated sign-in attempts, counting them in the database', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': '192.0.2.44', origin: 'http://localhost:3000' },
        payload: { email: 'admin@example.com', password: 'wrong-password' },
      })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode)
    expect(statuses).toContain(429)
    expect(statuses.indexOf(429)).toBeGreaterThan(0)
    const counters = await t.db.select().from(rateLimit)
    expect(counters.length).toBeGreaterThan(0)
  })
})
