import { describe, expect, it } from 'vitest'
import type { User } from '@offerbook/domain/user'
import { useTestApp } from '../../../test/per-file'
import { createTestOffer, createUser } from '../../../test/factories'
import { getUser } from '../users/users.service'
import { loadOfferForViewer, lockOfferForBuyer, toOfferView } from './offers-access'

const t = useTestApp()

async function userOf(id: string): Promise<User> {
  const found = await getUser(t.db, id)
  if (!found) throw new Error('no such user')
  return found
}

const stranger = async () => userOf((await createUser(t, { roles: ['BUYER_SIMPLE'] })).id)

describe('loadOfferForViewer', () => {
  it('shows a draft to its buyer only; the seller side and strangers get 404', async () => {
    const { offer, buyer, seller } = await createTestOffer(t)
    expect((await loadOfferForViewer(t.db, { viewer: await userOf(buyer.id), id: offer.id })).viewer).toBe('buyer')
    await expect(loadOfferForViewer(t.db, { viewer: await userOf(seller!.id), id: offer.id })).rejects.toMatchObject({ statusCode: 404, key: 'offer.notFound', message: 'Offer not found' })
    await expect(loadOfferForViewer(t.db, { viewer: await stranger(), id: offer.id })).rejects.toMatchObject({ statusCode: 404 })
    await expect(loadOfferForViewer(t.db, { viewer: null, id: offer.id })).rejects.toMatchObject({ statusCode: 404 })
  })

  it('shows a shared offer to the seller side, and to a link holder until the link expires', async () => {
    const { offer, seller, token } = await createTestOffer(t, { status: 'active' })
    expect((await loadOfferForViewer(t.db, { viewer: await userOf(seller!.id), id: offer.id })).viewer).toBe('seller')
    expect((await loadOfferForViewer(t.db, { viewer: null, id: offer.id, token })).viewer).toBe('link')
    await expect(loadOfferForViewer(t.db, { viewer: null, id: offer.id, token: `${token}x` })).rejects.toMatchObject({ statusCode: 404 })
    await expect(loadOfferForViewer(t.db, { viewer: await stranger(), id: offer.id })).rejects.toMatchObject({ statusCode: 404 })
    const later = new Date(Date.now() + 2 * 86_400_000)
    await expect(loadOfferForViewer(t.db, { viewer: null, id: offer.id, token, now: later })).rejects.toMatchObject({ statusCode: 403, key: 'offer.linkExpired', message: 'This offer link has expired' })
  })

  it('answers 404 for an id that is not an offer', async () => {
    await expect(loadOfferForViewer(t.db, { viewer: null, id: 'nope' })).rejects.toMatchObject({ statusCode: 404 })
    await expect(loadOfferForViewer(t.db, { viewer: null, id: '3f1c2a4e-9b7d-4c2e-8a1f-0d9e8c7b6a55' })).rejects.toMatchObject({ statusCode: 404 })
  })
})

describe('lockOfferForBuyer', () => {
  it('locks for the buyer, refuses the seller side with 403 and a stranger with 404', async () => {
    const { offer, buyer, seller } = await createTestOffer(t, { status: 'active' })
    const [asBuyer, asSeller, asStranger] = [await userOf(buyer.id), await userOf(seller!.id), await stranger()]
    // One connection under PGlite: everything inside the transaction goes through tx.
    const row = await t.db.transaction(async (tx) => lockOfferForBuyer(tx, asBuyer, offer.id))
    expect(row.id).toBe(offer.id)
    await expect(t.db.transaction(async (tx) => lockOfferForBuyer(tx, asSeller, offer.id))).rejects.toMatchObject({ statusCode: 403, key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
    await expect(t.db.transaction(async (tx) => lockOfferForBuyer(tx, asStranger, offer.id))).rejects.toMatchObject({ statusCode: 404 })
  })
})

describe('toOfferView', () => {
  it('gives the buyer of a draft its share problems and actions, and a link holder no actions', async () => {
    const draft = await createTestOffer(t, { terms: { listingAgent: { fullName: '', email: '' } } })
    const view = await toOfferView(t.db, draft.offer, 'buyer', { publicUrl: 'http://localhost:3000' })
    expect(view.actions).toEqual(['share'])
    expect(view.shareProblems[0]).toEqual({ field: 'listingAgent', key: 'offerTerms.listingAgentRequired' })
    expect(view.shareUrl).toBeNull()
    expect(view.events.map((event) => event.type)).toEqual(['created'])

    const shared = await createTestOffer(t, { status: 'active' })
    const asLink = await toOfferView(t.db, shared.offer, 'link', { publicUrl: 'http://localhost:3000' })
    expect(asLink.actions).toEqual([])
    expect(asLink.shareUrl).toBeNull()
    const asSeller = await toOfferView(t.db, shared.offer, 'seller', { publicUrl: 'http://localhost:3000' })
    expect(asSeller.actions).toEqual(['accept', 'decline', 'counter'])
    const asBuyer = await toOfferView(t.db, shared.offer, 'buyer', { publicUrl: 'http://localhost:3000' })
    expect(asBuyer.shareUrl).toBe(`http://localhost:3000/property/${shared.listing.id}/offers/${shared.offer.id}`)
  })

  it('computes the deadlines from the Binding Agreement Date once acknowledged', async () => {
    const { offer } = await createTestOffer(t, { status: 'accepted', bindingAgreementAt: new Date('2030-03-10T15:00:00Z'), terms: { inspectionPeriodDays: 10, earnestMoney: { dueDays: 3 } } })
    const view = await toOfferView(t.db, offer, 'buyer', { publicUrl: 'http://localhost:3000' })
    expect(view.deadlines).toMatchObject({ bindingAgreementDate: '2030-03-10', earnestMoneyDue: '2030-03-13', inspectionPeriodEnds: '2030-03-20' })
    // Once binding, the contract ends only by a signed notice of termination (decision 065).
    expect(view.actions).toEqual(['close'])
  })
})
