import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestOffer, createUser } from '../../../test/factories'
import { listing as listingTable } from '../../db/schema/listings'
import { offer as offerTable } from '../../db/schema/offers'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offerOf, offersTestApp, sellerWithListing, statusOf } from './offers.test-helpers'

/** The answers to a shared offer and the contract's life: withdraw, decline, acknowledge, terminate, accept. */

const suite = offersTestApp()
const { call } = suite

describe('answers and the contract', () => {
  it('withdraw tells the seller side; a withdrawn offer cannot be withdrawn again', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'active' })
    const withdrawn = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`))
    expect(withdrawn).toMatchObject({ status: 'withdrawn', actions: [] })
    expect(withdrawn.decidedAt).not.toBeNull()
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({ type: 'withdrawn', fromStatus: 'active', toStatus: 'withdrawn' })
    expect((await notificationsOf(suite.t, seller!.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.withdrawn'])
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`), 409, { key: 'offer.cannotWithdraw', message: 'An offer that is withdrawn cannot be withdrawn', params: { status: 'withdrawn' } })
  })

  it('decline tells the buyer side with a link to their offer', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'active' })
    expect(offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/decline`, { version: 1 })).status).toBe('declined')
    const [notice] = await notificationsOf(suite.t, buyer.id, offer.id)
    expect(notice).toMatchObject({ type: 'offer.declined', data: { side: 'buyer' } })
    const [email] = await emailsTo(suite.t, buyer.email)
    expect(email?.textBody).toContain(`/submitted-offers/update/${offer.id}`)
  })

  it('a decline may say why: the buyer side reads the reason on its offer, and the record keeps it', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'active' })
    const tooLong = await call(seller, 'POST', `/api/offers/${offer.id}/decline`, { version: 1, reason: 'x'.repeat(1001) })
    expect(tooLong.statusCode).toBe(400)
    expect(offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))).toMatchObject({ status: 'active', declineReason: null })
    const declined = offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/decline`, { version: 1, reason: '  We took a cash offer closing sooner.  ' }))
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'We took a cash offer closing sooner.' })
    expect(offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`)).declineReason).toBe('We took a cash offer closing sooner.')

    // Without a reason, as before: none is shown.
    const other = await createTestOffer(suite.t, { status: 'active' })
    expect(offerOf(await call(other.seller, 'POST', `/api/offers/${other.offer.id}/decline`, { version: 1 })).declineReason).toBeNull()
  })

  it('acknowledging the acceptance stamps the Binding Agreement Date, once, and the deadlines appear', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'accepted', terms: { inspectionPeriodDays: 10, earnestMoney: { amount: 5000, dueDays: 3 } } })
    const before = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(before.deadlines).toBeNull()
    expect(before.actions).toEqual(['acknowledge', 'close', 'terminate'])
    const acknowledged = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/acknowledge`))
    expect(acknowledged.status).toBe('accepted')
    expect(acknowledged.bindingAgreementAt).not.toBeNull()
    // Once binding, the contract ends only by a signed notice of termination (decision 065).
    expect(acknowledged.actions).toEqual(['close'])
    const date = acknowledged.deadlines?.bindingAgreementDate ?? ''
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const plus = (days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
    expect(acknowledged.deadlines).toMatchObject({ earnestMoneyDue: plus(3), inspectionPeriodEnds: plus(10), closing: acknowledged.terms.closingDate })
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({ type: 'acknowledged', fromStatus: 'accepted', toStatus: 'accepted' })
    expect((await notificationsOf(suite.t, seller!.id, offer.id)).map((notice) => notice.type)).toEqual(['offer.acknowledged'])
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/acknowledge`), 409, { key: 'offer.alreadyAcknowledged', message: 'The acceptance has already been acknowledged' })
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/acknowledge`), 403, { key: 'offer.notYourOffer', message: 'Only the buyer side can change this offer' })
  })

  it('terminate in one step is either side’s, only of an accepted offer not yet binding; closing in one step is gone (offers-closing.test.ts)', async () => {
    const closing = await createTestOffer(suite.t, { status: 'accepted', buyer: await createUser(suite.t, { roles: ['BUYER_AGENT'] }) })
    expect((await call(closing.seller, 'POST', `/api/offers/${closing.offer.id}/close`)).statusCode).toBe(404)
    expect(await statusOf(suite.t, closing.offer.id)).toBe('accepted')
    const terminating = await createTestOffer(suite.t, { status: 'accepted' })
    expect(offerOf(await call(terminating.buyer, 'POST', `/api/offers/${terminating.offer.id}/terminate`)).status).toBe('terminated')
    expect((await notificationsOf(suite.t, terminating.seller!.id, terminating.offer.id)).map((notice) => notice.type)).toEqual(['offer.terminated'])
    const active = await createTestOffer(suite.t, { status: 'active' })
    expectRefusal(await call(active.seller, 'POST', `/api/offers/${active.offer.id}/terminate`), 409, { key: 'offer.cannotTerminate', message: 'An offer that is active cannot be terminated', params: { status: 'active' } })
    // A binding contract takes a signed notice of termination (contract-notices/notices.test.ts).
    const bound = await createTestOffer(suite.t, { status: 'accepted', bindingAgreementAt: new Date() })
    expectRefusal(await call(bound.seller, 'POST', `/api/offers/${bound.offer.id}/terminate`), 409, { key: 'notice.terminateByNotice' })
    expect(await statusOf(suite.t, bound.offer.id)).toBe('accepted')
  })

  it('a change whose notification cannot be sent does not happen, and leaves no audit event', async () => {
    const { offer, buyer, listing } = await createTestOffer(suite.t, { status: 'active' })
    // A notify address the outbox refuses (written past the settings form, which would refuse it too).
    await suite.t.db
      .update(listingTable)
      .set({ notify: { owner: true, listAgent: true, emails: ['not an email'] } })
      .where(eq(listingTable.id, listing.id))
    const response = await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`)
    expect(response.statusCode).toBe(400)
    expect(await statusOf(suite.t, offer.id)).toBe('active')
    expect((await eventsOf(suite.t, offer.id)).map((event) => event.type)).toEqual(['created', 'shared'])
  })
})

describe('POST /api/offers/:id/accept', () => {
  async function threeOffers() {
    const { seller, listing } = await sellerWithListing(suite.t)
    const offers = []
    for (let index = 0; index < 3; index++) offers.push(await createTestOffer(suite.t, { status: 'active', listing }))
    const withdrawn = await createTestOffer(suite.t, { status: 'withdrawn', listing })
    return { seller, listing, offers, withdrawn }
  }

  it('declines the others at the same instant, tells each buyer in the same words, and puts the listing under contract', async () => {
    const { seller, listing, offers, withdrawn } = await threeOffers()
    const [chosen, second, third] = offers as [(typeof offers)[number], (typeof offers)[number], (typeof offers)[number]]
    const accepted = offerOf(await call(seller, 'POST', `/api/offers/${chosen.offer.id}/accept`, { others: 'decline', version: 1 }))
    expect(accepted).toMatchObject({ status: 'accepted', viewer: 'seller', actions: ['close', 'terminate'] })

    const rows = await suite.t.db.select().from(offerTable).where(eq(offerTable.listingId, listing.id))
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(second.offer.id)?.status).toBe('declined')
    expect(byId.get(third.offer.id)?.status).toBe('declined')
    expect(byId.get(withdrawn.offer.id)?.status).toBe('withdrawn')
    const decided = new Set([chosen, second, third].map((entry) => byId.get(entry.offer.id)?.decidedAt?.toISOString()))
    expect(decided.size).toBe(1)
    expect(accepted.decidedAt).toBe([...decided][0])

    const [secondEmails, thirdEmails, chosenEmails, withdrawnEmails] = await Promise.all([second, third, chosen, withdrawn].map((entry) => emailsTo(suite.t, entry.buyer.email)))
    expect(secondEmails).toHaveLength(1)
    expect(thirdEmails).toHaveLength(1)
    expect(secondEmails?.[0]?.subject).toBe(thirdEmails?.[0]?.subject)
    expect(secondEmails?.[0]?.textBody).toBe(thirdEmails?.[0]?.textBody)
    expect(secondEmails?.[0]?.subject).toContain('declined')
    expect(chosenEmails?.[0]?.subject).toContain('accepted')
    expect(withdrawnEmails).toEqual([])
    expect((await eventsOf(suite.t, second.offer.id)).at(-1)).toMatchObject({ type: 'declined', actorId: seller.id, fromStatus: 'active', toStatus: 'declined' })

    const [after] = await suite.t.db.select().from(listingTable).where(eq(listingTable.id, listing.id))
    expect(after?.standardStatus).toBe('ActiveUnderContract')
  })

  it('keeps the others as back-ups when asked, and refuses a second acceptance', async () => {
    const { seller, offers } = await threeOffers()
    const [chosen, second, third] = offers as [(typeof offers)[number], (typeof offers)[number], (typeof offers)[number]]
    offerOf(await call(seller, 'POST', `/api/offers/${chosen.offer.id}/accept`, { others: 'backup', version: 1 }))
    expect(await statusOf(suite.t, second.offer.id)).toBe('backup')
    expect(await statusOf(suite.t, third.offer.id)).toBe('backup')
    const [secondEmail] = await emailsTo(suite.t, second.buyer.email)
    const [thirdEmail] = await emailsTo(suite.t, third.buyer.email)
    expect(secondEmail?.textBody).toBe(thirdEmail?.textBody)
    expect(secondEmail?.subject).toContain('back-up')
    expect((await notificationsOf(suite.t, second.buyer.id)).map((notice) => notice.type)).toEqual(['offer.backup'])

    expectRefusal(await call(seller, 'POST', `/api/offers/${second.offer.id}/accept`, { others: 'decline', version: 1 }), 409, { key: 'offer.alreadyAccepted', message: 'Another offer on this property is already accepted' })
    expect(await statusOf(suite.t, second.offer.id)).toBe('backup')
    // The buyer side of a back-up may still withdraw it.
    expect(offerOf(await call(second.buyer, 'POST', `/api/offers/${second.offer.id}/withdraw`)).status).toBe('withdrawn')
  })

  it('refuses to accept an offer that is no longer open', async () => {
    const { offer, seller } = await createTestOffer(suite.t, { status: 'declined' })
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { version: 1 }), 409, { key: 'offer.cannotAccept', message: 'An offer that is declined cannot be accepted', params: { status: 'declined' } })
  })
})
