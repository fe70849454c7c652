import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { OfferTermsSchema, shareProblems } from '@offerbook/domain/offer'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'
import { useTestApp } from '../../test/per-file'
import { bearer, createTestListing, signIn } from '../../test/factories'
import { offer } from '../db/schema/offers'
import { user } from '../db/schema/users'
import { seedDemoAccounts } from './seed'
import { seedDemoOffers } from './seed-offers'

const t = useTestApp()

describe('seedDemoOffers', () => {
  it("shares offers from Ben Buyer and Alex Agent on two of Lena Listing's listings, once", async () => {
    await seedDemoAccounts(t.db, t.hashPassword)
    const [lena] = await t.db.select().from(user).where(eq(user.email, 'seller-agent@example.com'))
    if (!lena) throw new Error('no demo seller agent')
    const listings = []
    for (const key of ['DEMO-0001', 'DEMO-0002', 'DEMO-0003']) {
      listings.push(await createTestListing(t, { ownerId: lena.id, listAgentUserId: lena.id, listingKey: key, listAgentFullName: lena.name, listAgentEmail: lena.email, listPrice: 420_000 }))
    }

    expect(await seedDemoOffers(t.db)).toEqual({ created: 5 })
    expect(await seedDemoOffers(t.db)).toEqual({ created: 0 })
    const rows = await t.db.select().from(offer)
    expect(new Set(rows.map((row) => row.listingId))).toEqual(new Set([listings[0]?.id, listings[1]?.id]))
    expect(rows.every((row) => row.status === 'active' && row.sharedAt !== null)).toBe(true)
    // Each is an offer the share check lets through, as a revision or a counter on it checks again.
    expect(rows.flatMap((row) => shareProblems(OfferTermsSchema.parse(row.terms), new Date()))).toEqual([])

    const { accessToken } = await signIn(t.app, lena.email, DEMO_PASSWORD)
    const response = await t.app.inject({ method: 'GET', url: `/api/listings/${listings[0]?.id}/optimize`, headers: bearer(accessToken) })
    expect(response.statusCode, response.body).toBe(200)
    const ranked = response.json<OptimizeResult>().offers
    expect(ranked).toHaveLength(3)
    expect(ranked.map((entry) => entry.rank)).toEqual([1, 2, 3])
  })
})
