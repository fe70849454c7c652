import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import type { TestApp } from '../../test/build-test-app'
import { buildTestApp } from '../../test/build-test-app'
import { signIn } from '../../test/factories'
import { account } from './schema/auth'
import { user, userRole } from './schema/users'
import { seedDemoAccounts } from './seed'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t.close())

describe('seedDemoAccounts', () => {
  it('creates one verified, onboarded account per demo role, and nothing more when run again', async () => {
    expect(await seedDemoAccounts(t.db, t.hashPassword)).toEqual({ created: DEMO_ACCOUNTS.length })
    expect(await seedDemoAccounts(t.db, t.hashPassword)).toEqual({ created: 0 })

    const [users] = await t.db.select({ n: count() }).from(user)
    const [roles] = await t.db.select({ n: count() }).from(userRole)
    const [accounts] = await t.db.select({ n: count() }).from(account)
    expect([users?.n, roles?.n, accounts?.n]).toEqual([8, 8, 8])

    const [broker] = await t.db.select().from(user).where(eq(user.email, 'principal-broker@example.com'))
    expect(broker).toMatchObject({ emailVerified: true, onboarded: true, isPrincipalBroker: true })
    expect(broker?.sellerAgentId).toMatch(/^TN-1\d{5}$/)
    expect(broker?.nrds).toEqual(expect.any(String))
  })

  it('stores passwords that better-auth accepts', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const session = await signIn(t.app, demo.email, DEMO_PASSWORD)
      expect(session.user.roles).toEqual(demo.roles)
    }
  })
})
