import { describe, expect, it } from 'vitest'
import type { OfferTermsInput } from '@offerbook/domain/offer'
import { EMPTY_OFFER_TERMS, OfferTermsSchema } from '@offerbook/domain/offer'
import { layoutPurchaseAgreement } from '@offerbook/domain/contracts/purchase-agreement'
import { AGREEMENT_ADDRESS as ADDRESS, AGREEMENT_PROPERTY as PROPERTY, SAMPLE_AGREEMENT_TERMS as TERMS } from '@offerbook/domain/contracts/purchase-agreement.test-helpers'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { printedLine, readPdf } from '../contracts/rf707-pdf.test-helpers'
import type { Word } from '../signing/signing-pdf.test-helpers'
import { pdftotext, run, setUpPdfWork, toFile, wordsOnPages } from '../signing/signing-pdf.test-helpers'
import { agreementSignBoxes, initialsBox } from '../contracts/agreement-pdf'
import type { OfferPdfInput } from './offer-pdf'
import { renderOfferPdf } from './offer-pdf'

const CREATED_AT = new Date('2025-05-10T15:00:00Z')

const HEADINGS = [
  '1.  PURCHASE AND SALE',
  '2.  PURCHASE PRICE, PAYMENT AND FINANCING',
  '3.  EARNEST MONEY',
  '4.  CLOSING AND POSSESSION',
  '5.  INSPECTIONS AND RESOLUTION',
  '6.  TITLE AND SURVEY',
  '7.  CONCESSIONS, COMPENSATION AND WARRANTY',
  '8.  SPECIAL STIPULATIONS',
  '9.  TIME LIMIT OF OFFER',
  '10. BINDING AGREEMENT DATE',
  '11. SIGNATURES',
]

setUpPdfWork()

const render = (terms: OfferTermsInput, more: Partial<OfferPdfInput> = {}) =>
  renderOfferPdf({ terms: OfferTermsSchema.parse(terms), property: PROPERTY, createdAt: CREATED_AT, ...more })

/** The text as poppler reads it, white space collapsed, so a value wrapped over two lines reads whole. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('the offer PDF: the purchase and sale agreement', () => {
  it('is the agreement on its form, which a reader opens, with every section heading and Page x of N on each page', async () => {
    const bytes = await render(TERMS)
    const check = await run('qpdf', ['--check', await toFile(bytes)])
    expect(check.code, check.stdout + check.stderr).toBe(0)
    const read = await readPdf(bytes)
    expect(read.info.Title).toBe(`OB-PSA - RESIDENTIAL PURCHASE AND SALE AGREEMENT: ${ADDRESS}`)
    expect(read.pages[0]?.rows.slice(0, 4)).toEqual(['OB-PSA Version 12/01/2026', 'RESIDENTIAL PURCHASE AND SALE AGREEMENT', `Property: ${ADDRESS}`, 'Offer version 1, prepared May 10, 2025, 10:00 AM CDT'])
    // In reading order a heading's number and title sit apart (a column of numbers); laid out, they share a line.
    const text = await pdftotext(bytes, { layout: true })
    for (const heading of HEADINGS) expect(text).toMatch(new RegExp(`\\d+ +${flat(heading).replace(/[.,]/g, '\\$&').replace(' ', ' +')}\\n`))
    read.pages.forEach((page, index) => {
      expect(page.rows.at(-1)).toBe(`OB-PSA - Residential Purchase and Sale Agreement - Version 12/01/2026 Page ${index + 1} of ${read.pageCount}`)
    })
    // The PDF's numbered lines are the layout's, number for number.
    const layout = layoutPurchaseAgreement({ terms: OfferTermsSchema.parse(TERMS), property: PROPERTY })
    expect(read.pageCount).toBe(layout.pages.length)
    expect(read.pages.flatMap((page) => page.lines.map((line) => `${line.number} ${line.text}`))).toEqual(layout.lines.map((line) => `${line.number} ${printedLine(line.spans).trimEnd()}`))
  })

  it('prints every filled value where a reader finds it', async () => {
    const text = flat(await pdftotext(await render(TERMS, { version: 3 }), { layout: false }))
    for (const value of [
      'The Buyer, Ben Buyer and Bea Buyer, agrees to buy',
      `Address: ${ADDRESS}`,
      'County: Davidson County, Tennessee.',
      'Tax map and parcel number: 093 13 0 123.00',
      "at the Register of Deeds: Instrument No. 20190412-0034567, Register's Office of Davidson County",
      `Legal description: ${PROPERTY.legalDescription}`,
      'The purchase price is $400,000 (four hundred thousand dollars).',
      'conventional loan of $320,000, with a down payment of $80,000, from the lender First Bank, (615) 555-0150, loans@firstbank.example.',
      '[X] Contingent on appraised value.',
      'earnest money of $5,000 to Acme Title (a title company) (the Holder)',
      'within 3 days after the Binding Agreement Date',
      'Closing takes place on or before June 30, 2025',
      '[X] after Closing, on July 2, 2025',
      'inspected for 10 days after the Binding Agreement Date',
      "prepaid items: $12,000 (3% of the purchase price).",
      "the Seller pays the Buyer's broker $8,400",
      '[X] A home warranty is included, paid by the seller, costing no more than $600.',
      'Seller leaves the washer and dryer. Buyer may walk through the property 24 hours before closing.',
      'received, by May 12, 2025, 5:00 PM CDT.',
      'Printed name: Ben Buyer',
      'Licensee: Alex Agent; license no. 340000',
      'Firm: Listing Realty; firm license no. 261234',
      'Offer version 3',
    ])
      expect(text).toContain(value)
    expect(text).not.toMatch(/not stated/i)
  })

  it('leaves an empty draft as blanks to fill', async () => {
    const bytes = await renderOfferPdf({ terms: EMPTY_OFFER_TERMS, property: { address: ADDRESS }, createdAt: CREATED_AT })
    const text = flat(await pdftotext(bytes, { layout: false }))
    expect(text).toMatch(/The purchase price is _{12}\./)
    expect(text).toMatch(/Tax map and parcel number: _{40} Deed book and page, or instrument number, at the Register of Deeds: _{24} Legal description: _{56} /)
    expect(text).not.toMatch(/not stated/i)
    // The Binding Agreement Date is a rule with nothing on it, filled at sealing once it is known.
    const lines = (await readPdf(bytes)).pages.flatMap((page) => page.lines.map((line) => line.text.trim()))
    expect(lines).toContain('Binding Agreement Date:')
  })

  it("fills the Binding Agreement Date in the property's zone once notice of acceptance is received", async () => {
    const text = flat(await pdftotext(await render(TERMS, { bindingAgreementAt: '2026-12-02T03:05:00Z', timeZone: 'America/New_York' }), { layout: false }))
    expect(text).toContain('Binding Agreement Date: December 1, 2026 at 10:05 PM EST')
  })

  it('prints characters the standard font lacks as look-alikes or ?, never failing', async () => {
    const text = flat(await pdftotext(await render({ ...TERMS, buyers: [{ fullName: 'José Łukasz', email: 'jose@example.com' }], stipulations: '“Seller’s” fridge stays 😀 — שלום' }), { layout: false }))
    expect(text).toContain('Printed name: José Lukasz')
    expect(text).toContain('“Seller’s” fridge stays ? — ????')
  })

  it('appends the RF707 addendum pages after the agreement, and the agreement says it is part of it', async () => {
    const parties = { buyer: 'Ben Buyer', property: ADDRESS }
    const rf707 = layoutRf707({ MCheckbox: true }, parties)
    if (!rf707.fits) throw new Error('the RF707 does not fit')
    const bytes = await render({ ...TERMS, addendum: { MCheckbox: true } }, { addendum: { layout: rf707, parties } })
    const read = await readPdf(bytes)
    const agreementPages = layoutPurchaseAgreement({ terms: OfferTermsSchema.parse({ ...TERMS, addendum: { MCheckbox: true } }), property: PROPERTY }).pages.length
    expect(read.pageCount).toBe(agreementPages + 6)
    expect(flat(await pdftotext(bytes, { last: agreementPages, layout: false }))).toContain('[X] The RF707 Additional Contract Language addendum attached, with the clauses marked [X] on it, is part of this Agreement.')
    expect(read.pages[agreementPages]?.rows).toContain('ADDITIONAL CONTRACT LANGUAGE')
    expect(read.pages.at(-1)?.rows.at(-1)).toContain('Page 6 of 6')
    const check = await run('qpdf', ['--check', await toFile(bytes)])
    expect(check.code, check.stdout + check.stderr).toBe(0)
  })

  it("reserves the signers' places: no signature, date, name, initials or Binding Agreement Date box covers a word on any page", async () => {
    const terms = OfferTermsSchema.parse({ ...TERMS, buyers: [TERMS.buyers?.[0]], addendum: { MCheckbox: true } })
    const parties = { buyer: 'Ben Buyer', property: ADDRESS }
    const rf707 = layoutRf707({ MCheckbox: true }, parties)
    if (!rf707.fits) throw new Error('the RF707 does not fit')
    const addendum = { layout: rf707, parties }
    // A legal description of several paragraphs, wrapped over many lines of page 1.
    const property = { ...PROPERTY, legalDescription: Array.from({ length: 4 }, () => PROPERTY.legalDescription).join('\n') }
    const bytes = await render(terms, { addendum, property })
    const layout = layoutPurchaseAgreement({ terms, property })
    const { places, pageCount } = agreementSignBoxes(layout, addendum)
    expect(pageCount).toBe((await readPdf(bytes)).pageCount)

    // One buyer named, two seller blocks to fill: each has a signature and a date; the unnamed sellers a name too.
    const agreementPlaces = places.filter((place) => place.page < layout.pages.length).map((place) => `${place.role} ${place.index} ${place.field}`)
    // The Binding Agreement Date, not known yet, is a place too: the packet fills it at sealing.
    expect(agreementPlaces).toEqual(['record 0 binding-agreement-date', 'buyer 0 signature', 'buyer 0 date-signed', 'seller 0 signature', 'seller 0 date-signed', 'seller 0 full-name', 'seller 1 signature', 'seller 1 date-signed', 'seller 1 full-name'])
    // The RF707's lines 284 to 287, on its sixth page: Buyer, Buyer, Seller, Seller.
    const lastPage = layout.pages.length + 5
    expect(places.filter((place) => place.page === lastPage && place.field === 'signature').map((place) => `${place.role} ${place.index}`)).toEqual(['buyer 0', 'buyer 1', 'seller 0', 'seller 1'])

    const words = await wordsOnPages(bytes, 1, pageCount)
    const toPoints = (box: { x: number; y: number; width: number; height: number }) => ({ xMin: box.x * 612, yMin: box.y * 792, xMax: (box.x + box.width) * 612, yMax: (box.y + box.height) * 792 })
    const overlaps = (a: ReturnType<typeof toPoints>, b: Word) => a.xMin < b.xMax && b.xMin < a.xMax && a.yMin < b.yMax && b.yMin < a.yMax
    const boxes = [
      ...places.map((place) => ({ page: place.page, what: `${place.role} ${place.index} ${place.field}`, box: toPoints(place.box) })),
      ...Array.from({ length: pageCount }, (_, page) => Array.from({ length: 6 }, (_, signer) => ({ page, what: `initials of signer ${signer}`, box: toPoints(initialsBox(signer)) }))).flat(),
    ]
    for (const { page, what, box } of boxes) {
      const covered = (words[page] ?? []).filter((word) => overlaps(box, word)).map((word) => word.text)
      expect(covered, `${what} on page ${page + 1}`).toEqual([])
      expect(box.yMax - box.yMin, what).toBeGreaterThan(8)
    }
    // The signature boxes take the empty lines above their rule: tall enough to sign in.
    for (const place of places.filter((candidate) => candidate.field === 'signature' && candidate.page < layout.pages.length)) expect(toPoints(place.box).yMax - toPoints(place.box).yMin).toBeGreaterThan(30)
  })
})
