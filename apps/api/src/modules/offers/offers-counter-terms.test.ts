import { describe, expect, it } from 'vitest'
import type { ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { OfferView } from '@offerbook/domain/offer'
import { useTestApp } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { createTestOffer } from '../../../test/factories'
import { pdftotext, run, setUpPdfWork, toFile } from '../signing/signing-pdf.test-helpers'
import type { AcceptedOffer } from '../signing/signing.test-helpers'
import { completeNow, fieldRefusal, lastLink, packetOf, partiesAsSigners, sendOffer, signAs } from '../signing/signing.test-helpers'
import { expectRefusal, offerOf, offersCaller } from './offers.test-helpers'

/**
 * A counter-offer that changes the clause choices, a group field by field and plain terms, through
 * the API as the two sides use it: what each version's agreement says, what bad counters are told,
 * and that the packet sealed after the buyer side accepts carries the countered clauses.
 */

const t = useTestApp()
setUpPdfWork()
const call = offersCaller(t)

/** Stipulations A (3%, at most $9,000) and B ($2,500 off the price), RF707 clause D (1,800 sq ft, 30 days). */
const STIPULATIONS: ClauseFormData = { ACheckbox: true, Atext1: '3', Atext2: '9000', BCheckbox: true, Btext1: '2500' }
const ADDENDUM: ClauseFormData = { DCheckbox: true, Dtext1: '1800', Dtext2: '30' }
const FREE_TEXT = 'The garage remotes stay with the house.'
const HOLDER_ADDRESS = '200 Church Street, Nashville, TN 37201'

/** The seller side's counter: cash (the financing's type alone), B struck, D's days cut to 21, and three plain terms. */
const COUNTER = {
  financing: { type: 'cash' },
  stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '9000' },
  addendum: { ...ADDENDUM, Dtext2: '21' },
  appraisalContingency: false,
  resolutionPeriodDays: 5,
  earnestMoney: { holderAddress: HOLDER_ADDRESS },
}

/** The clause texts as the agreement prints them, filled in. */
const CLAUSE_A = "A. Seller pays Buyer's expenses: At Closing, Seller shall pay 3% of the Purchase Price, but not more than $9,000 in all"
const CLAUSE_B = 'B. Reduction in price in lieu of repairs: Instead of Seller making repairs, the Purchase Price is reduced by $2,500 at Closing.'
const clauseD = (days: string) =>
  `D. [X] Square-footage contingency. This Agreement is contingent on the heated and cooled living area of the Property being at least 1800 square feet. Buyer may have it measured at Buyer's expense within ${days} days after the Binding Agreement Date`

/** A draft with the clauses, shared by its buyer side through the API: version 1. */
async function sharedOffer() {
  const created = await createTestOffer(t, { terms: { stipulationChoices: STIPULATIONS, addendum: ADDENDUM, stipulations: FREE_TEXT, resolutionPeriodDays: 3 } })
  if (!created.seller) throw new Error('createTestOffer made no seller')
  const shared = offerOf(await call(created.buyer, 'POST', `/api/offers/${created.offer.id}/share`))
  expect(shared).toMatchObject({ status: 'active', negotiation: { version: 1 }, terms: { stipulationChoices: STIPULATIONS, addendum: ADDENDUM, stipulations: FREE_TEXT, financing: { type: 'conventional' } } })
  return { ...created, seller: created.seller, shared }
}

/** What pdftotext reads, each line's number left out and the spaces folded, so a sentence wrapped over lines reads whole. */
async function textOf(pdf: Uint8Array): Promise<string> {
  const lines = (await pdftotext(pdf)).split('\n')
  return lines
    .map((line) => line.replace(/^\s*\d+(?=\s{2,}|$)/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
}

/** The text from one heading to the next. */
function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from)
  const end = text.indexOf(to, start)
  expect(start, `no '${from}'`).toBeGreaterThanOrEqual(0)
  expect(end, `no '${to}' after '${from}'`).toBeGreaterThan(start)
  return text.slice(start, end)
}

async function agreementOf(who: CreatedUser, offerId: string, version: number): Promise<string> {
  const response = await call(who, 'GET', `/api/offers/${offerId}/agreement?version=${version}`)
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
  expect(response.headers['content-type']).toBe('application/pdf')
  return textOf(response.rawPayload)
}

/** The offer as the seller side sees it now. */
async function current(offerId: string, seller: CreatedUser): Promise<OfferView> {
  return offerOf(await call(seller, 'GET', `/api/offers/${offerId}`))
}

describe('a counter-offer that changes the clauses and the terms', () => {
  it("makes version 2 of the counter's terms, keeps every term it left out, and each version's agreement prints its own clauses", async () => {
    const { offer, buyer, seller, shared } = await sharedOffer()
    const countered = offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { version: 1, terms: COUNTER, message: 'Cash, and no price reduction.' }))
    expect(countered).toMatchObject({ status: 'countered', negotiation: { version: 2, turn: 'buyer' } })
    const [first, second] = countered.negotiation.versions
    expect(first).toMatchObject({ number: 1, side: 'buyer', terms: { stipulationChoices: STIPULATIONS, addendum: ADDENDUM } })
    expect(second).toMatchObject({ number: 2, kind: 'counter', side: 'seller', message: 'Cash, and no price reduction.' })
    expect([...(second?.changed ?? [])].sort()).toEqual(['addendum', 'appraisalContingency', 'earnestMoney', 'financing', 'resolutionPeriodDays', 'stipulationChoices'])
    // The counter's terms, and the fields of a group it did not name as they were.
    const before = shared.terms
    expect(second?.terms).toEqual({
      ...before,
      financing: { ...before.financing, type: 'cash' },
      earnestMoney: { ...before.earnestMoney, holderAddress: HOLDER_ADDRESS },
      stipulationChoices: COUNTER.stipulationChoices,
      addendum: COUNTER.addendum,
      appraisalContingency: false,
      resolutionPeriodDays: 5,
    })
    expect(second?.terms).toMatchObject({ earnestMoney: { amount: 5_000, holderName: 'Volunteer Title' }, financing: { lenderName: 'First Bank', loanAmount: 240_000 }, stipulations: FREE_TEXT, purchasePrice: 300_000 })
    expect(countered.terms).toEqual(second?.terms)

    // Version 1's agreement, asked for by the seller side after the counter: A and B, D at 30 days.
    const v1 = await agreementOf(seller, offer.id, 1)
    const v1Stipulations = between(v1, '8. SPECIAL STIPULATIONS', '9. TIME LIMIT OF OFFER')
    expect(v1Stipulations).toContain(CLAUSE_A)
    expect(v1Stipulations).toContain(CLAUSE_B)
    expect(v1Stipulations).toContain(FREE_TEXT)
    expect(v1).toContain('Special stipulation B: Price reduction')
    expect(v1).toMatch(/Price less concessions \.+ \$288,575/)
    expect(v1).toContain(clauseD('30'))
    expect(v1).toContain('[X] Financing contingency. This Agreement depends on the Buyer obtaining a conventional loan of $240,000')
    expect(v1).toContain('[X] Contingent on appraised value.')
    expect(v1).toContain('the parties have 3 days to agree in writing')
    expect(v1).toContain('whose address is ________')

    // Version 2's, for the buyer side who must answer it: A alone, D at 21 days, nothing about what was struck.
    const v2 = await agreementOf(buyer, offer.id, 2)
    expect(v2).toContain('Offer version 2')
    const v2Stipulations = between(v2, '8. SPECIAL STIPULATIONS', '9. TIME LIMIT OF OFFER')
    expect(v2Stipulations).toContain(CLAUSE_A)
    expect(v2Stipulations).toContain(FREE_TEXT)
    expect(v2Stipulations).not.toContain('Reduction in price')
    expect(v2).not.toContain('$2,500')
    expect(v2).not.toContain('Special stipulation B')
    expect(v2).toMatch(/Price less concessions \.+ \$291,000/)
    expect(v2).not.toMatch(/struck|strike/i)
    expect(v2).toContain(clauseD('21'))
    expect(v2).not.toContain(clauseD('30'))
    expect(v2).toContain('[X] No financing contingency.')
    expect(v2).toContain('[ ] Financing contingency.')
    expect(v2).toContain('[X] Not contingent on appraised value.')
    expect(v2).toContain('the parties have 5 days to agree in writing')
    expect(v2).toContain(`The Buyer delivers earnest money of $5,000 to Volunteer Title (a title company) (the Holder), whose address is ${HOLDER_ADDRESS}, within 3 days`)
  })

  it('refuses a clause without its fields, a change of buyers and a counter that changes nothing, each with its 400, and the version stays 1', async () => {
    const { offer, seller, shared } = await sharedOffer()
    const counter = async (terms: Record<string, unknown>) => call(seller, 'POST', `/api/offers/${offer.id}/counter`, { version: 1, terms, message: '' })
    const unmoved = async () => expect(await current(offer.id, seller)).toMatchObject({ status: 'active', terms: shared.terms, negotiation: { version: 1, turn: shared.negotiation.turn, versions: [{ number: 1 }] } })

    // RF707 clause H ticked with its days left empty: refused on that field.
    const blank = expectRefusal(await counter({ addendum: { ...ADDENDUM, HCheckbox: true } }), 400, { key: 'common.required' })
    expect(blank.errors).toEqual([fieldRefusal('terms.addendum.Htext1', 'common.required')])
    await unmoved()

    // The parties are not a counter term: the unknown key is refused, whatever else the counter says.
    const buyers = expectRefusal(await counter({ purchasePrice: 310_000, buyers: [{ fullName: 'Someone Else', email: 'someone@example.com', phone: '' }] }), 400, { key: 'common.invalidValue' })
    expect(buyers.errors).toEqual([fieldRefusal('terms', 'common.invalidValue')])
    await unmoved()

    // The same clauses written in another order, a struck clause's leftover value, the financing as it is: nothing to send.
    const same = { addendum: { Dtext2: '30', Dtext1: '1800', DCheckbox: true, ECheckbox: false, Etext1: '12 Oak Lane' }, stipulationChoices: { Btext1: '2500', BCheckbox: true, Atext2: '9000', Atext1: '3', ACheckbox: true }, financing: { type: 'conventional' } }
    expectRefusal(await counter(same), 400, { key: 'negotiation.counterUnchanged', message: 'The counter-offer changes nothing: change at least one term' })
    await unmoved()
  })

  it('is accepted by the buyer side, and the packet signed by both parties and sealed carries the countered clauses', async () => {
    const created = await sharedOffer()
    const { offer, buyer, seller } = created
    offerOf(await call(seller, 'POST', `/api/offers/${offer.id}/counter`, { version: 1, terms: COUNTER, message: '' }))
    const accepted = offerOf(await call(buyer, 'POST', `/api/offers/${offer.id}/counter/accept`, { version: 2 }))
    expect(accepted).toMatchObject({ status: 'accepted', negotiation: { version: 2, turn: null }, terms: { stipulationChoices: COUNTER.stipulationChoices, addendum: COUNTER.addendum } })

    const deal: AcceptedOffer = created
    const sent = await sendOffer(t, deal, { signers: partiesAsSigners(deal) })
    expect(sent).toMatchObject({ kind: 'offer', status: 'sent' })
    await signAs(t, await lastLink(t, buyer.email))
    expect((await signAs(t, await lastLink(t, seller.email))).packet.status).toBe('completing')
    expect(await completeNow(t)).toBe(1)
    expect(packetOf(await call(seller, 'GET', `/api/signing/packets/${sent.id}`)).status).toBe('completed')

    const download = await call(buyer, 'GET', `/api/signing/packets/${sent.id}/signed`)
    expect(download.statusCode, download.body.slice(0, 300)).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    const sealed = download.rawPayload
    const text = await textOf(sealed)
    expect(text).toContain('Offer version 2')
    const stipulations = between(text, '8. SPECIAL STIPULATIONS', '9. TIME LIMIT OF OFFER')
    expect(stipulations).toContain(CLAUSE_A)
    expect(stipulations).not.toContain('Reduction in price')
    expect(text).not.toContain('$2,500')
    expect(text).toContain(clauseD('21'))
    expect(text).not.toContain(clauseD('30'))
    expect(text).toContain('Certificate of Completion')

    const check = await run('qpdf', ['--check', await toFile(sealed, 'sealed.pdf')])
    expect(check.code, check.stdout + check.stderr).toBe(0)
    expect(check.stdout).toContain('No syntax or stream encoding errors found')
  })
})
