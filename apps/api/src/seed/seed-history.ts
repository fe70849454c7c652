import { randomUUID } from 'node:crypto'
import { inArray, like } from 'drizzle-orm'
import type { OfferTermsInput } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import type { OfferEventType, OfferStatus } from '@offerbook/domain/offer-status'
import type { StandardStatus } from '@offerbook/domain/listing'
import type { FileStorage } from '../storage/storage'
import type { Db } from '../db/client'
import { listing, listingMedia, teamMember } from '../db/schema/listings'
import type { OfferEventInput } from '../modules/offers/offer-rows.service'
import { insertOfferEvent } from '../modules/offers/offer-rows.service'
import { offer } from '../db/schema/offers'
import { user } from '../db/schema/users'
import { ensureDemoPhotos, findDemoSellers, generateListing } from './seed-listings'
import { seededRandom } from './seeded-random'
import { listingsChanged } from '../modules/listings/listing-changes'

/**
 * The demo brokerage and its history (issue #16): Pat Broker, the demo principal broker, leads a
 * brokerage of Lena Listing and Alex Agent, and Lena has a few months of past sales of her own
 * (HIST-0001 ...): listings published over the past six months in several statuses, with offers from
 * Ben Buyer and Alex Agent that were shared, accepted, declined or left to expire, so the principal
 * broker's /analytics and the agents' dashboards have figures on a fresh start. New listings of their
 * own, so the demo listings and offers the browser tests rely on stay as they are.
 */
export const HISTORY_LISTING_KEY_PREFIX = 'HIST-'

const DAY = 86_400_000
const HOUR = 3_600_000

const BROKER_EMAIL = 'principal-broker@example.com'
const BUYER_EMAIL = 'buyer-simple@example.com'
const BUYER_AGENT_EMAIL = 'buyer-agent@example.com'
const SELLER_AGENT_EMAIL = 'seller-agent@example.com'

/** Each past listing's status and how many days ago it was published: oldest first, about six months back. */
export const HISTORY_PLAN: readonly { status: StandardStatus; publishedDaysAgo: number }[] = [
  { status: 'Closed', publishedDaysAgo: 178 },
  { status: 'Closed', publishedDaysAgo: 160 },
  { status: 'Closed', publishedDaysAgo: 141 },
  { status: 'Closed', publishedDaysAgo: 118 },
  { status: 'Closed', publishedDaysAgo: 96 },
  { status: 'Pending', publishedDaysAgo: 74 },
  { status: 'Pending', publishedDaysAgo: 52 },
  { status: 'ActiveUnderContract', publishedDaysAgo: 33 },
  { status: 'Active', publishedDaysAgo: 24 },
  { status: 'Active', publishedDaysAgo: 12 },
]

type Person = { id: string; name: string; email: string }
type PlannedOffer = { maker: Person; status: OfferStatus; share: number; sharedAt: Date; decidedAt: Date | null; bindingAgreementAt: Date | null; signedAt: Date | null }

const isoDate = (date: Date) => date.toISOString().slice(0, 10)
const roundPrice = (amount: number) => Math.round(amount / 1000) * 1000

/** The offers of one past listing: the winner (if it sold or is under contract) and the ones that lost or lapsed. */
function plannedOffers(status: StandardStatus, publishedAt: Date, now: Date, people: { ben: Person; alex: Person }, random: () => number): PlannedOffer[] {
  const at = (base: Date, days: number) => new Date(Math.min(base.getTime() + days * DAY, now.getTime() - HOUR))
  const first = at(publishedAt, 2 + random() * 6)
  const second = at(first, 0.5 + random() * 2)
  const third = at(second, 0.5 + random() * 2)
  const decided = at(third, 1 + random() * 1.5)
  const [winner, loser] = random() < 0.5 ? [people.ben, people.alex] : [people.alex, people.ben]
  const bound = at(decided, 1)
  // One Pending sale has its Binding Agreement Date a few days ago, so its deadlines fall in the next 14 days.
  const recentBound = status === 'Pending' && publishedAt.getTime() > now.getTime() - 60 * DAY ? new Date(now.getTime() - 5 * DAY) : bound
  const lost = (maker: Person, sharedAt: Date, outcome: OfferStatus): PlannedOffer => ({ maker, status: outcome, share: 0.94 + random() * 0.04, sharedAt, decidedAt: outcome === 'expired' ? at(sharedAt, 7) : decided, bindingAgreementAt: null, signedAt: null })
  switch (status) {
    case 'Closed':
      return [
        { maker: winner, status: 'closed', share: 0.98 + random() * 0.05, sharedAt: second, decidedAt: decided, bindingAgreementAt: bound, signedAt: at(bound, 2) },
        lost(loser, first, 'declined'),
        lost(people.ben, third, random() < 0.5 ? 'declined' : 'expired'),
      ]
    case 'Pending':
    case 'ActiveUnderContract':
      return [
        { maker: winner, status: 'accepted', share: 0.97 + random() * 0.05, sharedAt: second, decidedAt: decided, bindingAgreementAt: recentBound, signedAt: status === 'Pending' ? at(recentBound, 1) : null },
        lost(loser, first, 'declined'),
      ]
    default:
      return [lost(loser, first, 'expired'), lost(winner, second, 'declined')]
  }
}

function termsFor(listPrice: number, planned: PlannedOffer, people: { alex: Person }, seller: { fullName: string; email: string }): OfferTermsInput {
  const price = roundPrice(listPrice * planned.share)
  const closingFrom = planned.bindingAgreementAt ?? planned.sharedAt
  const listingAgent = { fullName: seller.fullName, email: seller.email, firmName: 'Offerbook Demo Realty', firmLicenseNumber: '264501' }
  const common = {
    purchasePrice: price,
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: isoDate(new Date(closingFrom.getTime() + 30 * DAY)),
    expiresAt: new Date(planned.sharedAt.getTime() + 7 * DAY).toISOString(),
    listingAgent,
  }
  if (planned.maker.id === people.alex.id) {
    return {
      ...common,
      earnestMoney: { amount: 10_000, holder: 'listing-broker', dueDays: 2 },
      financing: { type: 'cash' },
      buyers: [{ fullName: 'Casey Client', email: 'casey.client@example.com' }],
      buyerAgent: { fullName: planned.maker.name, email: planned.maker.email, firmName: 'Offerbook Demo Realty' },
    }
  }
  return {
    ...common,
    earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
    financing: { type: 'conventional', loanAmount: roundPrice(price * 0.8), lenderName: 'First Tennessee Lending' },
    buyers: [{ fullName: planned.maker.name, email: planned.maker.email }],
  }
}

const DECISION_EVENTS: Partial<Record<OfferStatus, OfferEventType>> = { accepted: 'accepted', closed: 'accepted', declined: 'declined', expired: 'expired' }

/** Pat Broker's brokerage: Lena and Alex, each seeing all of the broker's transactions. Left alone once there. */
export async function seedDemoBrokerage(db: Db): Promise<{ created: number }> {
  const people = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, [BROKER_EMAIL, SELLER_AGENT_EMAIL, BUYER_AGENT_EMAIL]))
  const byEmail = new Map(people.map((person) => [person.email, person.id]))
  const broker = byEmail.get(BROKER_EMAIL)
  const members = [byEmail.get(SELLER_AGENT_EMAIL), byEmail.get(BUYER_AGENT_EMAIL)].filter((id): id is string => id !== undefined)
  if (!broker || members.length === 0) return { created: 0 }
  // An agent already in another brokerage (one at most) stays there: the conflict leaves the row out.
  const inserted = await db
    .insert(teamMember)
    .values(members.map((memberId) => ({ leaderId: broker, memberId, access: 'all', kind: 'agent', brokerage: true })))
    .onConflictDoNothing()
    .returning({ memberId: teamMember.memberId })
  return { created: inserted.length }
}

/** Lena's past listings and their offers; the ones already there are left alone, so it runs at every start. */
export async function seedDemoHistory(db: Db, storage: FileStorage, { now = new Date() }: { now?: Date } = {}): Promise<{ listings: number; offers: number }> {
  const present = new Set((await db.select({ key: listing.listingKey }).from(listing).where(like(listing.listingKey, `${HISTORY_LISTING_KEY_PREFIX}%`))).map((row) => row.key))
  const keyOf = (index: number) => `${HISTORY_LISTING_KEY_PREFIX}${String(index + 1).padStart(4, '0')}`
  if (HISTORY_PLAN.every((_, index) => present.has(keyOf(index)))) return { listings: 0, offers: 0 }

  const sellers = await findDemoSellers(db)
  const people = await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.email, [BUYER_EMAIL, BUYER_AGENT_EMAIL]))
  const ben = people.find((person) => person.email === BUYER_EMAIL)
  const alex = people.find((person) => person.email === BUYER_AGENT_EMAIL)
  if (!sellers || !ben || !alex) return { listings: 0, offers: 0 }
  const photoFileIds = await ensureDemoPhotos(db, storage, sellers.agentId)
  const agent = sellers.agent

  let listings = 0
  let offers = 0
  for (const [index, plan] of HISTORY_PLAN.entries()) {
    if (present.has(keyOf(index))) continue
    const random = seededRandom(16_000 + index)
    const generated = generateListing(index, { now, sellers, keyPrefix: HISTORY_LISTING_KEY_PREFIX, seed: 16, demoExtras: false })
    const publishedAt = new Date(now.getTime() - plan.publishedDaysAgo * DAY)
    const listPrice = generated.values.listPrice ?? 400_000
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(listing)
        .values({
          ...generated.values,
          listingKey: keyOf(index),
          standardStatus: plan.status,
          ownerId: sellers.agentId,
          listAgentUserId: sellers.agentId,
          listAgentFullName: agent.fullName,
          listAgentEmail: agent.email,
          listAgentDirectPhone: agent.phone,
          listAgentMlsId: agent.mlsId,
          listOfficeName: agent.office,
          firmLicenseNumber: agent.firmLicenseNumber,
          visibility: 'public',
          draftStep: null,
          offerDeadline: null,
          offerInstructions: null,
          publishedAt,
          createdAt: new Date(publishedAt.getTime() - 2 * DAY),
          modificationTimestamp: new Date(Math.min(now.getTime() - HOUR, publishedAt.getTime() + (plan.publishedDaysAgo / 2) * DAY)),
        })
        .onConflictDoNothing({ target: listing.listingKey })
        .returning({ id: listing.id })
      // Another process seeding at the same moment got there first.
      if (!row) return
      listings++
      await listingsChanged(tx, [row.id])
      const photos = generated.photos.length > 0 ? generated.photos : [index % photoFileIds.length]
      await tx.insert(listingMedia).values(
        photos.map((photo, order) => {
          const id = randomUUID()
          return { id, listingId: row.id, fileId: photoFileIds[photo] ?? photoFileIds[0]!, mediaKey: id, order }
        }),
      )
      for (const planned of plannedOffers(plan.status, publishedAt, now, { ben, alex }, random)) {
        const terms = OfferTermsSchema.parse(termsFor(listPrice, planned, { alex }, { fullName: agent.fullName, email: agent.email }))
        const createdAt = new Date(planned.sharedAt.getTime() - 2 * HOUR)
        const updatedAt = planned.signedAt ?? planned.bindingAgreementAt ?? planned.decidedAt ?? planned.sharedAt
        const [made] = await tx
          .insert(offer)
          .values({
            listingId: row.id,
            buyerId: planned.maker.id,
            status: planned.status,
            terms,
            purchasePrice: terms.purchasePrice,
            expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null,
            createdAt,
            updatedAt,
            sharedAt: planned.sharedAt,
            decidedAt: planned.decidedAt,
            bindingAgreementAt: planned.bindingAgreementAt,
            signedAt: planned.signedAt,
          })
          .returning({ id: offer.id })
        if (!made) throw new Error('offer insert returned no row')
        offers++
        const decision = DECISION_EVENTS[planned.status]
        const seller = { actorId: sellers.agentId, actorName: agent.fullName }
        const events: OfferEventInput[] = [
          { offerId: made.id, type: 'created', actorId: planned.maker.id, actorName: planned.maker.name, toStatus: 'draft', at: createdAt },
          { offerId: made.id, type: 'shared', actorId: planned.maker.id, actorName: planned.maker.name, fromStatus: 'draft', toStatus: 'active', at: planned.sharedAt },
        ]
        if (decision && planned.decidedAt) {
          const toStatus = planned.status === 'closed' ? 'accepted' : planned.status
          events.push(decision === 'expired' ? { offerId: made.id, type: 'expired', fromStatus: 'active', toStatus, at: planned.decidedAt } : { offerId: made.id, type: decision, ...seller, fromStatus: 'active', toStatus, at: planned.decidedAt })
        }
        if (planned.bindingAgreementAt) events.push({ offerId: made.id, type: 'acknowledged', actorId: planned.maker.id, actorName: planned.maker.name, fromStatus: 'accepted', toStatus: 'accepted', at: planned.bindingAgreementAt })
        if (planned.signedAt) events.push({ offerId: made.id, type: 'signed', fromStatus: 'accepted', toStatus: 'accepted', at: planned.signedAt })
        if (planned.status === 'closed' && planned.signedAt) events.push({ offerId: made.id, type: 'closed', ...seller, fromStatus: 'accepted', toStatus: 'closed', at: new Date(Math.min(now.getTime() - HOUR, planned.signedAt.getTime() + 28 * DAY)) })
        for (const event of events) await insertOfferEvent(tx, event)
      }
    })
  }
  return { listings, offers }
}
