import { eq } from 'drizzle-orm'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import { describe, expect, it } from 'vitest'
import { concatLabel } from '@offerbook/domain/clauses/clause-text'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import type { OfferTerms } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import { createTestOffer } from '../../../test/factories'
import { offer as offerTable } from '../../db/schema/offers'
import { renderOfferPdf } from '../offer-documents/offer-pdf'
import { expectRefusal, offerOf, offersTestApp } from './offers.test-helpers'

/** The stipulation picker's choices are saved with the offer, like the addendum's, and their text is built by the server. */

const suite = offersTestApp()
const { call } = suite

const CHOICES = { ACheckbox: true, Atext1: '3', Atext2: '5,000', MCheckbox: true, RCheckbox: true, Rtext1: ' 7 ', BCheckbox: false, Btext1: '' }

describe('PATCH /api/offers/{id} with stipulation choices', () => {
  it('saves the choices, reads them back as they were made, and builds the clauses text from them', async () => {
    const { buyer, offer } = await createTestOffer(suite.t, { terms: { stipulations: '' } })
    const before = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(before.terms.stipulationChoices).toBeNull()
    expect(before.stipulationClauses).toBe('')

    const saved = offerOf(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...before.terms, stipulationChoices: CHOICES, stipulations: 'Seller leaves the washer.' } }))
    const expected = concatLabel(STIPULATION_CLAUSES, CHOICES)
    expect(saved.stipulationClauses).toBe(expected)
    expect(expected.split('\n')).toHaveLength(3)
    expect(expected).toContain('Seller shall pay 3% of the Purchase Price, but not more than $5,000 in all')
    expect(expected).toContain('inspected within 7 days after the Binding Agreement Date')

    const reread = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(reread.terms.stipulationChoices).toEqual(CHOICES)
    expect(reread.terms.stipulations).toBe('Seller leaves the washer.')
    expect(reread.stipulationClauses).toBe(expected)
  })

  it('shows the seller side the same clauses once the offer is shared', async () => {
    const { offer, seller } = await createTestOffer(suite.t, { status: 'active', terms: { stipulationChoices: { MCheckbox: true } } })
    const view = offerOf(await call(seller, 'GET', `/api/offers/${offer.id}`))
    expect(view.stipulationClauses).toBe(concatLabel(STIPULATION_CLAUSES, { MCheckbox: true }))
  })

  it('refuses a choice that breaks its field rule, on the field, and keeps what was saved', async () => {
    const { buyer, offer } = await createTestOffer(suite.t, { terms: { stipulationChoices: { MCheckbox: true } } })
    const before = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    const body = expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...before.terms, stipulationChoices: { ACheckbox: true, Atext1: '101', Atext2: '5000' } } }), 400, {
      key: 'clauses.percentOver',
      message: 'A percent cannot be more than 100',
    })
    expect(body.errors).toEqual([{ path: 'terms.stipulationChoices.Atext1', key: 'clauses.percentOver', message: 'A percent cannot be more than 100' }])
    expect(offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`)).terms.stipulationChoices).toEqual({ MCheckbox: true })
  })

  it('refuses choices with nothing ticked and names that are not the catalogue’s', async () => {
    const { buyer, offer } = await createTestOffer(suite.t)
    const before = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    const none = expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...before.terms, stipulationChoices: { ACheckbox: false } } }), 400, {
      key: 'clauses.tickOne',
      message: 'Tick at least one clause',
    })
    expect(none.errors?.map((error) => error.path)).toEqual(['terms.stipulationChoices'])
    const unknown = expectRefusal(await call(buyer, 'PATCH', `/api/offers/${offer.id}`, { terms: { ...before.terms, stipulationChoices: { MCheckbox: true, Ptext9: 'x' } } }), 400)
    expect(unknown.errors?.[0]?.path).toBe('terms.stipulationChoices')
  })

  it('still reads an offer saved before the choices were kept: its imported text stays its stipulations', async () => {
    const imported = concatLabel(STIPULATION_CLAUSES, { MCheckbox: true })
    const { buyer, offer } = await createTestOffer(suite.t, { terms: { stipulations: imported } })
    // Stored as it was then: terms without the stipulationChoices key.
    const { stipulationChoices: _none, ...oldTerms } = offer.terms
    await suite.t.db.update(offerTable).set({ terms: oldTerms as OfferTerms }).where(eq(offerTable.id, offer.id))
    const view = offerOf(await call(buyer, 'GET', `/api/offers/${offer.id}`))
    expect(view.terms.stipulations).toBe(imported)
    expect(view.terms.stipulationChoices).toBeNull()
    expect(view.stipulationClauses).toBe('')
  })
})

/** The words of a PDF, in reading order, white space made single. */
async function wordsOf(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    const parts: string[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent()
      parts.push(...content.items.filter((item): item is TextItem => 'str' in item).map((item) => item.str))
    }
    return parts.join(' ').replace(/\s+/g, ' ')
  } finally {
    await document.destroy()
  }
}

describe('the offer PDF', () => {
  it('prints the ticked stipulation clauses built from the choices, then the free text', async () => {
    const terms = OfferTermsSchema.parse({ stipulationChoices: { RCheckbox: true, Rtext1: '7' }, stipulations: 'Seller leaves the washer.' })
    const words = await wordsOf(await renderOfferPdf({ terms, property: { address: '1200 Magnolia Drive, Nashville, TN 37212' }, createdAt: new Date('2025-05-10T15:00:00Z') }))
    const clause = concatLabel(STIPULATION_CLAUSES, { RCheckbox: true, Rtext1: '7' })
    const stipulations = words.slice(words.indexOf('SPECIAL STIPULATIONS'))
    expect(stipulations).toContain('inspected within 7 days after the Binding Agreement Date')
    expect(stipulations).toContain(clause.slice(0, 30))
    expect(stipulations.indexOf(clause.slice(0, 30))).toBeLessThan(stipulations.indexOf('Seller leaves the washer.'))
  })
})
