import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { OfferTerms } from '@offerbook/domain/offer'
import { createTestOffer, createUser } from '../../../test/factories'
import { readPdf } from '../contracts/rf707-pdf.test-helpers'
import { offer as offerTable, offerVersion } from '../../db/schema/offers'
import { emailsTo, eventsOf, expectRefusal, notificationsOf, offerOf, offersTestApp, readZip, statusOf } from './offers.test-helpers'

/** Sent revisions, answers bound to a version, expiry at its instant, and the documents of each version (decision 036). */

const suite = offersTestApp()
const { call } = suite

const DAY = 86_400_000

/** A draft shared through the API: version 1 and its offer form are made at sharing. */
async function sharedOffer() {
  const created = await createTestOffer(suite.t)
  offerOf(await call(created.buyer, 'POST', `/api/offers/${created.offer.id}/share`))
  return created
}

/** What the seller side has been told of the offer so far: bell, email, ledger. */
async function toldSeller(offerId: string, seller: { id: string; email: string }) {
  return { notices: (await notificationsOf(suite.t, seller.id, offerId)).length, emails: (await emailsTo(suite.t, seller.email)).length, events: (await eventsOf(suite.t, offerId)).length }
}

async function expireAt(offerId: string, expiresAt: Date): Promise<void> {
  const [row] = await suite.t.db.select({ terms: offerTable.terms }).from(offerTable).where(eq(offerTable.id, offerId))
  await suite.t.db
    .update(offerTable)
    .set({ expiresAt, terms: { ...(row?.terms as OfferTerms), expiresAt: expiresAt.toISOString() } })
    .where(eq(offerTable.id, offerId))
}

describe('a shared offer changes only by a sent revision', () => {
  it('keeps a save as the working copy the seller side never sees, then sends it as one version with one notice, one entry and one email', async () => {
    const { offer, buyer, seller } = await sharedOffer()
    const before = await toldSeller(offer.id, seller!)
    const shared = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(shared.negotiation.version).toBe(1)
    expect(shared.negotiation.versions.map((version) => [version.number, version.kind])).toEqual([[1, 'offer']])

    // Typed slowly: three saves.
    for (const price of [3_100, 31_000, 310_000]) offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...shared.terms, purchasePrice: price } }))
    const asBuyer = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(asBuyer.workingTerms?.purchasePrice).toBe(310_000)
    expect(asBuyer.terms.purchasePrice).toBe(300_000)
    const asSeller = offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`))
    expect(asSeller).toMatchObject({ terms: { purchasePrice: 300_000 }, workingTerms: null, negotiation: { version: 1 } })
    const whileEditing = await toldSeller(offer.id, seller!)
    // The seller's opening is a 'viewed' entry of the ledger; nothing else was written or sent.
    expect(whileEditing).toEqual({ ...before, events: before.events + 1 })

    const sent = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1 }))
    expect(sent).toMatchObject({ status: 'active', terms: { purchasePrice: 310_000 }, workingTerms: null, negotiation: { version: 2 } })
    expect(sent.negotiation.versions.map((version) => [version.number, version.kind, version.terms.purchasePrice, version.changed])).toEqual([
      [1, 'offer', 300_000, []],
      [2, 'revision', 310_000, ['purchasePrice']],
    ])
    expect(await toldSeller(offer.id, seller!)).toEqual({ notices: whileEditing.notices + 1, emails: whileEditing.emails + 1, events: whileEditing.events + 1 })
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({ type: 'updated', fromStatus: 'active', toStatus: 'active', details: { version: 2, changed: ['purchasePrice'] } })
    expect(offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`)).terms.purchasePrice).toBe(310_000)

    // Nothing left to send: refused, and nothing told.
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 2 }), 400, { key: 'offer.revisionUnchanged', message: 'The revision changes nothing: change at least one term' })
    expect((await toldSeller(offer.id, seller!)).notices).toBe(whileEditing.notices + 1)
    // A sent version is never changed, in the database either.
    await expect(suite.t.db.update(offerVersion).set({ message: 'changed' }).where(eq(offerVersion.offerId, offer.id))).rejects.toThrow()
  })

  it('gives two revisions sent at the same instant two consecutive versions, neither lost', async () => {
    const { offer, buyer } = await sharedOffer()
    const { terms } = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    const responses = await Promise.all([305_000, 306_000].map((price) => call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: { ...terms, purchasePrice: price } })))
    for (const response of responses) expect(response.statusCode, response.body).toBe(200)
    const versions = await suite.t.db.select().from(offerVersion).where(eq(offerVersion.offerId, offer.id))
    expect(versions.map((version) => version.number).sort()).toEqual([1, 2, 3])
    expect(versions.filter((version) => version.number > 1).map((version) => version.terms.purchasePrice).sort()).toEqual([305_000, 306_000])
    const [row] = await suite.t.db.select({ version: offerTable.version, price: offerTable.purchasePrice }).from(offerTable).where(eq(offerTable.id, offer.id))
    expect(row?.version).toBe(3)
    expect(row?.price).toBe(versions.find((version) => version.number === 3)?.terms.purchasePrice)
  })

  it('asks the revision, like the share, to confirm a price far under the list price, and sends nothing until it does', async () => {
    const { offer, buyer, seller } = await sharedOffer()
    const { terms } = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    const before = await toldSeller(offer.id, seller!)
    const typo = { ...terms, purchasePrice: 30_000, earnestMoney: { ...terms.earnestMoney, amount: 1_000 }, financing: { ...terms.financing, type: 'cash' as const } }
    const refused = expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: typo }), 400, { key: 'offer.moneyUnconfirmed' })
    expect(refused.errors?.map((error) => error.path)).toEqual(['purchasePrice'])
    expect(await toldSeller(offer.id, seller!)).toEqual(before)
    expect(await suite.t.db.select().from(offerVersion).where(eq(offerVersion.offerId, offer.id))).toHaveLength(1)
    const sent = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: typo, confirmed: ['purchasePrice'] }))
    expect(sent).toMatchObject({ status: 'active', negotiation: { version: 2 }, terms: { purchasePrice: 30_000 } })
  })
})

describe('every answer names the version it answers', () => {
  it('refuses accept, decline, counter and highest and best on a version the offer moved on from, and changes nothing', async () => {
    const { offer, buyer, seller, listing } = await sharedOffer()
    const { terms } = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: { ...terms, purchasePrice: 250_000 } }))
    const before = await toldSeller(offer.id, seller!)
    const buyerNotices = (await notificationsOf(suite.t, buyer.id, offer.id)).length

    const stale = [
      await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { others: 'decline', version: 1 }),
      await call(seller, 'POST', `/api/offers/${offer.id}/decline`, { version: 1 }),
      await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { version: 1, terms: { purchasePrice: 290_000 }, message: '' }),
      await call(seller, 'POST', `/api/listings/${listing.id}/highest-and-best`, { deadline: new Date(Date.now() + DAY).toISOString(), message: 'Best by Friday', versions: { [offer.id]: 1 } }),
    ]
    for (const response of stale) {
      const body = expectRefusal(response, 409, { key: 'offer.versionChanged', message: 'This offer changed while you were looking at it: it is now version 2', params: { version: 2 } })
      expect((body as ApiError).current).toMatchObject({ version: 2, status: 'active', terms: { purchasePrice: 250_000 } })
    }
    expect(await statusOf(suite.t, offer.id)).toBe('active')
    expect(await toldSeller(offer.id, seller!)).toEqual(before)
    expect((await notificationsOf(suite.t, buyer.id, offer.id)).length).toBe(buyerNotices)
    const [row] = await suite.t.db.select({ version: offerTable.version, bestDeadline: offerTable.bestDeadline }).from(offerTable).where(eq(offerTable.id, offer.id))
    expect(row).toEqual({ version: 2, bestDeadline: null })

    // On the version it now is, the answer goes through, at the terms the seller side saw.
    expect(offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { others: 'decline', version: 2 }))).toMatchObject({ status: 'accepted', terms: { purchasePrice: 250_000 } })
  })

  it("refuses the buyer side's answer to a counter the seller side has replaced, and a body without a version", async () => {
    const { offer, buyer, seller } = await sharedOffer()
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { version: 1, terms: { purchasePrice: 320_000 }, message: '' }))
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 1 }), 409, { key: 'offer.versionChanged', params: { version: 2 } })
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/decline`, {}), 400, { key: 'offer.versionRequired' })
    expect(offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 2 }))).toMatchObject({ status: 'accepted', terms: { purchasePrice: 320_000 } })
  })
})

describe('expiry at the instant it passes', () => {
  it('refuses an accept one second after the expiration, shows the offer expired with no action, and lets its buyer side renew it', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t, { status: 'active' })
    const expiresAt = new Date(Math.floor((Date.now() - 1000) / 1000) * 1000)
    await expireAt(offer.id, expiresAt)
    const before = await toldSeller(offer.id, seller!)

    const refused = expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/accept`, { others: 'decline', version: 1 }), 409, { key: 'offer.expired' })
    expect(refused.message).toMatch(/^This offer expired on \w+ \d+, \d{4}, \d+:\d{2} [AP]M C[SD]T$/)
    expectRefusal(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { version: 1, terms: { purchasePrice: 310_000 }, message: '' }), 409, { key: 'offer.expired' })
    expect(await statusOf(suite.t, offer.id)).toBe('active')
    expect(await toldSeller(offer.id, seller!)).toEqual(before)
    expect(offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`))).toMatchObject({ status: 'expired', actions: [] })
    const { items } = (await call(seller, 'GET', `/api/listings/${offer.listingId}/offers`)).json<{ items: { id: string; status: string }[] }>()
    expect(items.find((item) => item.id === offer.id)?.status).toBe('expired')
    const asBuyer = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(asBuyer).toMatchObject({ status: 'expired', actions: ['renew'] })

    // A revision without a new expiration does not renew it.
    expectRefusal(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: { ...asBuyer.terms, purchasePrice: 305_000 } }), 400, { key: 'offer.renewNeedsExpiry' })
    const renewedUntil = new Date(Date.now() + 2 * DAY).toISOString()
    const renewed = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: { ...asBuyer.terms, expiresAt: renewedUntil } }))
    expect(renewed).toMatchObject({ status: 'active', terms: { expiresAt: renewedUntil }, negotiation: { version: 2 } })
    expect((await eventsOf(suite.t, offer.id)).at(-1)).toMatchObject({ type: 'updated', fromStatus: 'expired', toStatus: 'active', details: { version: 2, renewed: true } })
    expect(await toldSeller(offer.id, seller!)).toMatchObject({ notices: before.notices + 1, emails: before.emails + 1 })
    expect(offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`))).toMatchObject({ status: 'active', actions: ['accept', 'decline', 'counter'] })
  })

  it('renews an offer the expiry job already expired, and refuses to share a draft whose expiration passed', async () => {
    const expired = await createTestOffer(suite.t, { status: 'expired' })
    const { terms } = offerOf(await call(expired.buyer, 'GET', `/api/offers/${expired.offer.id}`))
    expect(offerOf(await call(expired.buyer, 'POST', `/api/offers/${expired.offer.id}/revisions`, { version: 1, terms: { ...terms, expiresAt: new Date(Date.now() + DAY).toISOString() } })).status).toBe('active')

    const draft = await createTestOffer(suite.t)
    await expireAt(draft.offer.id, new Date(Date.now() - 1000))
    expectRefusal(await call(draft.buyer, 'POST', `/api/offers/${draft.offer.id}/share`), 409, { key: 'offer.expired' })
    expect(await statusOf(suite.t, draft.offer.id)).toBe('draft')
  })
})

describe('documents follow the version', () => {
  it('keeps the earlier offer form as superseded, leaves the abandoned draft form out, and files them apart in the ZIP', async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t)
    // A form made early in the draft, then the offer shared: the draft's form is not the offer the seller got.
    expect((await call(buyer, 'POST', `/api/offers/${offer.id}/forms`)).statusCode).toBe(201)
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/share`))
    const { terms } = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1, terms: { ...terms, purchasePrice: 295_000 } }))

    const forms = offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`)).attachments.filter((attachment) => attachment.kind === 'offer-form')
    expect(forms.map(({ version, superseded }) => ({ version, superseded }))).toEqual([
      { version: 1, superseded: true },
      { version: 2, superseded: false },
    ])
    expect(forms.map((form) => form.filename)).toEqual([expect.stringMatching(/^Purchase-and-Sale-Agreement-v1-/), expect.stringMatching(/^Purchase-and-Sale-Agreement-v2-/)])
    // Its buyer side still sees the draft's form, marked as no longer the offer.
    const buyerForms = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`)).attachments.filter((attachment) => attachment.kind === 'offer-form')
    expect(buyerForms.map(({ version, superseded }) => ({ version, superseded }))).toEqual([{ version: null, superseded: true }, ...forms.map(({ version, superseded }) => ({ version, superseded }))])

    const response = await call(seller, 'GET', `/api/offers/${offer.id}/transaction-file`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toContain('-v2.zip')
    const files = await readZip(response.rawPayload)
    const names = [...files.keys()]
    expect(names.filter((name) => name.includes('offer-form'))).toEqual([expect.stringMatching(/^documents\/01-offer-form-Purchase-and-Sale-Agreement-v2-/), expect.stringMatching(/^superseded\/01-offer-form-v1-Purchase-and-Sale-Agreement-v1-/)])
    expect(JSON.parse(files.get('offer.json')?.toString() ?? '{}')).toMatchObject({ version: 2, terms: { purchasePrice: 295_000 } })
  })
})

describe('the purchase agreement form an offer is made on', () => {
  it('is set when the offer is made, kept through saves and versions, and a form the product does not have is refused', async () => {
    const { offer, buyer } = await sharedOffer()
    const shared = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(shared.terms.form).toEqual({ code: 'OB-PSA', version: '12/01/2026' })

    const refused = expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...shared.terms, form: { code: 'OB-PSA', version: '01/01/1999' } } }), 400, 'Invalid value')
    expect(refused.errors?.map((error) => error.path)).toEqual(['terms.form.version'])

    offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...shared.terms, purchasePrice: 305_000 } }))
    const sent = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1 }))
    expect(sent.negotiation.versions.map((version) => version.terms.form)).toEqual([shared.terms.form, shared.terms.form])
  })
})

describe('the agreement of any version, previewed', () => {
  /** The agreement's numbered lines, as a reader's PDF tool gives them, joined. */
  async function agreementText(response: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }): Promise<string> {
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(String(response.headers['content-disposition'])).toMatch(/^inline; filename="Purchase-and-Sale-Agreement-v\d+-/)
    const read = await readPdf(new Uint8Array(response.rawPayload))
    return read.pages.flatMap((page) => page.lines.map((line) => line.text.trim())).join(' ')
  }

  it('shows each side, and a share link, the agreement of the version asked for, and names a version that does not exist', async () => {
    const { offer, buyer, seller, listing } = await sharedOffer()
    const shared = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...shared.terms, purchasePrice: 315_000 } }))
    offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/revisions`, { version: 1 }))

    const first = await agreementText(await call(seller, 'GET', `/api/offers/${offer.id}/agreement?version=1`))
    expect(first).toContain('The purchase price is $300,000')
    const now = await agreementText(await call(buyer, 'GET', `/api/offers/${offer.id}/agreement`))
    expect(now).toContain('The purchase price is $315,000')
    expect(await agreementText(await call(seller, 'GET', `/api/offers/${offer.id}/agreement?version=2`))).toBe(now)

    expectRefusal(await call(seller, 'GET', `/api/offers/${offer.id}/agreement?version=3`), 404, 'This offer has no version 3')
    expectRefusal(await call(seller, 'GET', `/api/offers/${offer.id}/agreement?version=two`), 400)
    const stranger = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(stranger, 'GET', `/api/offers/${offer.id}/agreement`), 404, 'Offer not found')
    expectRefusal(await call(null, 'GET', `/api/offers/${offer.id}/agreement`), 404, 'Offer not found')

    const linked = await createTestOffer(suite.t, { status: 'active', listing, terms: { purchasePrice: 290_000 } })
    expect(await agreementText(await call(null, 'GET', `/api/offers/${linked.offer.id}/agreement?token=${linked.token}`))).toContain('The purchase price is $290,000')
  })
})
