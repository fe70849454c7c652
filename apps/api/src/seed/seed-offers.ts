import { and, asc, eq, inArray, isNotNull, like } from 'drizzle-orm'
import type { OfferTermsInput } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import type { Db } from '../db/client'
import { listing } from '../db/schema/listings'
import { insertOfferEvent } from '../modules/offers/offer-rows.service'
import { offer } from '../db/schema/offers'
import { user } from '../db/schema/users'
import { DEMO_LISTING_KEY_PREFIX, DEMO_SELLER_EMAILS } from './seed-listings'

const DAY = 86_400_000
const BUYER_EMAIL = 'buyer-simple@example.com'
const BUYER_AGENT_EMAIL = 'buyer-agent@example.com'

type Person = { id: string; name: string; email: string }

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

/** The demo offers: what each buyer side offers on the first and second listing, different enough to rank. */
function demoTerms(listPrice: number, { buyer, agent }: { buyer: Person; agent: Person }, now: Date, seller: { fullName: string; email: string }) {
  const closing = (days: number) => isoDate(new Date(now.getTime() + days * DAY))
  const expires = new Date(now.getTime() + 14 * DAY).toISOString()
  const listingAgent = { fullName: seller.fullName, email: seller.email, firmName: 'Offerbook Demo Realty', firmLicenseNumber: '264501' }
  const price = (share: number) => Math.round((listPrice * share) / 1000) * 1000
  const fromBen: OfferTermsInput = {
    purchasePrice: price(0.98),
    earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
    financing: { type: 'conventional', loanAmount: price(0.8), lenderName: 'First Tennessee Lending' },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: closing(45),
    sellerConcessions: { unit: 'dollars', amount: 3_000 },
    expiresAt: expires,
    buyers: [{ fullName: buyer.name, email: buyer.email }],
    listingAgent,
  }
  const fromAlex: OfferTermsInput = {
    purchasePrice: price(1.01),
    earnestMoney: { amount: 10_000, holder: 'listing-broker', dueDays: 2 },
    financing: { type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 5,
    resolutionPeriodDays: 2,
    saleOfBuyersPropertyContingency: false,
    closingDate: closing(30),
    expiresAt: expires,
    buyers: [{ fullName: 'Casey Client', email: 'casey.client@example.com' }],
    buyerAgent: { fullName: agent.name, email: agent.email, firmName: 'Demo Buyers Realty' },
    listingAgent,
  }
  const fromBenFha: OfferTermsInput = {
    ...fromBen,
    purchasePrice: price(1.0),
    financing: { type: 'fha', loanAmount: price(0.965), lenderName: 'Music City Mortgage' },
    sellerConcessions: { unit: 'percent', amount: 2 },
    closingDate: closing(60),
  }
  return { fromBen, fromAlex, fromBenFha }
}

/**
 * A few shared offers from Ben Buyer and Alex Agent on two of Lena Listing's Active demo listings, so
 * a fresh start has offers to review and rank. A listing that already has an offer from either is
 * left alone, so it runs at every start.
 */
export async function seedDemoOffers(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<{ created: number }> {
  const people = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.email, [BUYER_EMAIL, BUYER_AGENT_EMAIL, DEMO_SELLER_EMAILS.agent]))
  const byEmail = new Map(people.map((person) => [person.email, person]))
  const buyer = byEmail.get(BUYER_EMAIL)
  const agent = byEmail.get(BUYER_AGENT_EMAIL)
  const seller = byEmail.get(DEMO_SELLER_EMAILS.agent)
  if (!buyer || !agent || !seller) return { created: 0 }

  const listings = await db
    .select({ id: listing.id, listPrice: listing.listPrice, listAgentFullName: listing.listAgentFullName, listAgentEmail: listing.listAgentEmail })
    .from(listing)
    .where(and(like(listing.listingKey, `${DEMO_LISTING_KEY_PREFIX}%`), eq(listing.listAgentUserId, seller.id), eq(listing.standardStatus, 'Active'), isNotNull(listing.listPrice)))
    .orderBy(asc(listing.listingKey))
    .limit(2)

  let created = 0
  for (const [index, target] of listings.entries()) {
    const existing = await db
      .select({ id: offer.id })
      .from(offer)
      .where(and(eq(offer.listingId, target.id), inArray(offer.buyerId, [buyer.id, agent.id])))
      .limit(1)
    if (existing.length > 0) continue
    const terms = demoTerms(target.listPrice ?? 400_000, { buyer, agent }, now, { fullName: target.listAgentFullName ?? seller.name, email: target.listAgentEmail ?? seller.email })
    const wanted = index === 0 ? [terms.fromBen, terms.fromAlex, terms.fromBenFha] : [terms.fromAlex, terms.fromBen]
    await db.transaction(async (tx) => {
      for (const [position, input] of wanted.entries()) {
        const parsed = OfferTermsSchema.parse(input)
        const maker = parsed.buyerAgent.email === agent.email ? agent : buyer
        const createdAt = new Date(now.getTime() - (3 - position) * DAY)
        const sharedAt = new Date(createdAt.getTime() + 3_600_000)
        const [row] = await tx
          .insert(offer)
          .values({
            listingId: target.id,
            buyerId: maker.id,
            status: 'active',
            terms: parsed,
            purchasePrice: parsed.purchasePrice,
            expiresAt: parsed.expiresAt ? new Date(parsed.expiresAt) : null,
            createdAt,
            updatedAt: sharedAt,
            sharedAt,
          })
          .returning({ id: offer.id })
        if (!row) throw new Error('offer insert returned no row')
        await insertOfferEvent(tx, { offerId: row.id, type: 'created', actorId: maker.id, actorName: maker.name, toStatus: 'draft', at: createdAt })
        await insertOfferEvent(tx, { offerId: row.id, type: 'shared', actorId: maker.id, actorName: maker.name, fromStatus: 'draft', toStatus: 'active', at: sharedAt })
        created++
      }
    })
  }
  return { created }
}
