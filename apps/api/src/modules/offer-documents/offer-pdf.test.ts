import { PDFDocument } from 'pdf-lib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { TextItem } from 'pdfjs-dist/types/src/display/api'
import { describe, expect, it } from 'vitest'
import type { OfferTermsInput } from '@offerbook/domain/offer'
import { EMPTY_OFFER_TERMS, OfferTermsSchema } from '@offerbook/domain/offer'
import { renderRf707Document } from '../contracts/contracts.service'
import { renderOfferPdf } from './offer-pdf'

const ADDRESS = '1200 Magnolia Drive, Nashville, TN 37212'
const CREATED_AT = new Date('2025-05-10T15:00:00Z')
/** The right margin, with 2 points for pdf.js measuring with its own copy of Helvetica's metrics. */
const RIGHT_EDGE = 612 - 54 + 2

const TERMS: OfferTermsInput = {
  purchasePrice: 400_000,
  earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Acme Title', dueDays: 3 },
  financing: { type: 'conventional', loanAmount: 320_000, downPayment: 80_000, lenderName: 'First Bank', lenderPhone: '(615) 555-0150', lenderEmail: 'loans@firstbank.example' },
  appraisalContingency: true,
  inspectionPeriodDays: 10,
  saleOfBuyersPropertyContingency: false,
  closingDate: '2025-06-30',
  possession: { time: 'after-closing', date: '2025-07-02' },
  sellerConcessions: { unit: 'percent', amount: 3 },
  buyerBrokerCompensation: { unit: 'dollars', amount: 8_400 },
  homeWarranty: { included: true, paidBy: 'seller', amount: 600 },
  expiresAt: '2025-05-12T17:00:00-05:00',
  buyers: [
    { fullName: 'Ben Buyer', email: 'ben@example.com', phone: '(615) 555-0101' },
    { fullName: 'Bea Buyer', email: 'bea@example.com', phone: '' },
  ],
  buyerAgent: { fullName: 'Alex Agent', email: 'alex@example.com', phone: '(615) 555-0102', firmName: 'Buyer Realty', firmLicenseNumber: '262000', licenseNumber: '340000' },
  listingAgent: { fullName: 'Lena Listing', email: 'lena@example.com', phone: '(615) 555-0103', firmName: 'Listing Realty', firmLicenseNumber: '261234', licenseNumber: '339911' },
  stipulations: 'Seller leaves the washer and dryer.\n\nBuyer may walk through the property 24 hours before closing.',
}

type ReadOffer = { pageCount: number; title: unknown; pages: { rows: string[]; rightmost: number }[] }

/** Each page's rows of text top to bottom (pieces on one baseline joined by a space), and how far right any text reaches. */
async function read(bytes: Uint8Array): Promise<ReadOffer> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    const pages: ReadOffer['pages'] = []
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent()
      const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '')
      const byBaseline = new Map<number, TextItem[]>()
      for (const item of items) {
        const y = Math.round(Number(item.transform[5]) * 10)
        byBaseline.set(y, [...(byBaseline.get(y) ?? []), item])
      }
      const rows = [...byBaseline.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, row]) => row.sort((a, b) => Number(a.transform[4]) - Number(b.transform[4])).map((item) => item.str).join(' ').replace(/\s+/g, ' ').trim())
      pages.push({ rows, rightmost: Math.max(...items.map((item) => Number(item.transform[4]) + item.width)) })
    }
    const metadata = await document.getMetadata()
    return { pageCount: document.numPages, title: (metadata.info as Record<string, unknown>).Title, pages }
  } finally {
    await document.destroy()
  }
}

const render = async (terms: OfferTermsInput, options: { addendum?: Uint8Array } = {}) => read(await renderOfferPdf({ terms: OfferTermsSchema.parse(terms), address: ADDRESS, createdAt: CREATED_AT, ...options }))

/** The rows of the offer's own pages without the running header and the footers. */
const bodyRows = (offer: ReadOffer) => offer.pages.flatMap((page) => page.rows.filter((row) => !row.startsWith('Offer to Purchase - ') && !/^Offer to Purchase Page \d+ of \d+$/.test(row)))

describe('the offer PDF', () => {
  it('is a PDF titled Offer to Purchase with the property address', async () => {
    const bytes = await renderOfferPdf({ terms: OfferTermsSchema.parse(TERMS), address: ADDRESS, createdAt: CREATED_AT })
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    // The terms, then the concessions asked of the seller on a second page.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2)
    const offer = await read(bytes)
    expect(offer.title).toBe(`Offer to Purchase: ${ADDRESS}`)
    expect(offer.pages[0]?.rows.slice(0, 3)).toEqual(['Offer to Purchase', ADDRESS, 'Prepared May 10, 2025, 10:00 AM CDT'])
    expect(offer.pages[0]?.rows.at(-1)).toBe('Offer to Purchase Page 1 of 2')
  })

  it("dates the offer in the property's time zone, named, whatever the server's zone", async () => {
    // 9:30 PM on November 24 in Memphis is already November 25 in UTC, and 10:30 PM in Knoxville.
    const lateEvening = new Date('2026-11-25T03:30:00Z')
    const central = await read(await renderOfferPdf({ terms: OfferTermsSchema.parse(TERMS), address: ADDRESS, createdAt: lateEvening, timeZone: 'America/Chicago' }))
    expect(central.pages[0]?.rows[2]).toBe('Prepared November 24, 2026, 9:30 PM CST')
    const eastern = await read(await renderOfferPdf({ terms: OfferTermsSchema.parse(TERMS), address: ADDRESS, createdAt: lateEvening, timeZone: 'America/New_York' }))
    expect(eastern.pages[0]?.rows[2]).toBe('Prepared November 24, 2026, 10:30 PM EST')
    expect(bodyRows(eastern)).toContain('Offer expires May 12, 2025, 6:00 PM EDT')
  })

  it('names the parties: every buyer, the buyer agent, and the listing agent with the firm license number', async () => {
    const rows = bodyRows(await render(TERMS))
    expect(rows).toContain(`Property ${ADDRESS}`)
    expect(rows).toContain('Buyer 1 Ben Buyer, ben@example.com, (615) 555-0101')
    expect(rows).toContain('Buyer 2 Bea Buyer, bea@example.com')
    const listing = rows.indexOf('Listing agent Lena Listing')
    expect(rows.slice(listing, listing + 5)).toEqual(['Listing agent Lena Listing', 'License number 339911', 'Listing Realty, firm license number 261234', 'lena@example.com', '(615) 555-0103'])
    expect(rows).toContain("Buyer's agent Alex Agent")
    expect(rows).toContain('Buyer Realty, firm license number 262000')
  })

  it('prints every term with its label', async () => {
    const rows = bodyRows(await render(TERMS))
    for (const expected of [
      'Purchase price $400,000',
      'Earnest money $5,000, held by a title company (Acme Title), due within 3 days after the Binding',
      'Financing Conventional loan',
      'Loan amount $320,000',
      'Down payment $80,000',
      'Lender: First Bank, (615) 555-0150, loans@firstbank.example',
      'Appraisal contingency Yes',
      'Inspection period 10 days after the Binding Agreement Date',
      "Sale of buyer's property No",
      'Closing date On or before June 30, 2025',
      'Possession After closing, on July 2, 2025',
      'Seller concessions $12,000 (3% of the purchase price)',
      'Buyer-broker compensation $8,400, paid by the seller as a concession',
      'Home warranty Included, paid by the seller, up to $600',
      'Offer expires May 12, 2025, 5:00 PM CDT',
    ])
      expect(rows).toContain(expected)
    expect(rows).toContain('Agreement Date')
    expect(rows.join('\n')).not.toContain('Addendum')
  })

  it('prints the written buyer agreement beside the compensation, and every concession asked of the seller with its source', async () => {
    const rows = bodyRows(
      await render({
        ...TERMS,
        buyerAgreement: { type: 'exclusive', date: '2025-04-02' },
        stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '10,000' },
        addendum: { BCheckbox: true, Btext1: '3,500' },
      }),
    )
    expect(rows).toContain('Written buyer agreement Exclusive buyer representation agreement, dated April 2, 2025')
    const heading = rows.indexOf('Concessions asked of the seller')
    // 400,000 less 3,500 = 396,500; 3 % of it 11,895; clause A 3 % capped at 10,000; 400,000 - 3,500 - 11,895 - 8,400 - 10,000 - 600 = 365,605.
    expect(rows.slice(heading + 1, heading + 8)).toEqual([
      'Purchase price $400,000',
      'RF707 clause B Price reduction: -$3,500',
      'Seller concessions 3% of the price: -$11,895',
      'Buyer-broker compensation -$8,400',
      'Special stipulation A 3% of the price, capped at $10,000: -$10,000',
      'Home warranty Paid by the seller: -$600',
      'Price less concessions $365,605',
    ])
  })

  it('prints the special stipulations as written, paragraphs apart', async () => {
    const rows = bodyRows(await render(TERMS))
    const heading = rows.indexOf('Special stipulations')
    expect(rows.slice(heading + 1)).toEqual(['Seller leaves the washer and dryer.', 'Buyer may walk through the property 24 hours before closing.'])
  })

  it('says what is not stated yet on an empty draft', async () => {
    const offer = await read(await renderOfferPdf({ terms: EMPTY_OFFER_TERMS, address: ADDRESS, createdAt: CREATED_AT }))
    const rows = bodyRows(offer)
    expect(offer.pageCount).toBe(1)
    for (const expected of ['Buyer Not stated', "Buyer's agent Not stated", 'Listing agent Not stated', 'Purchase price Not stated', 'Financing Not stated', 'Seller concessions None', 'Home warranty Not included'])
      expect(rows).toContain(expected)
    expect(rows.at(-1)).toBe('None.')
  })

  it('wraps long stipulations over as many pages as they need, with every word in order and a page count on each', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, index) => `${index + 1}. Stipulation number ${index + 1}: ${'the seller shall repair the item before closing at the seller expense '.repeat(4).trim()}.`)
    const stipulations = paragraphs.join('\n').slice(0, 20_000)
    const offer = await render({ ...TERMS, stipulations })
    expect(offer.pageCount).toBeGreaterThanOrEqual(4)
    offer.pages.forEach((page, index) => {
      expect(page.rows.at(-1)).toBe(`Offer to Purchase Page ${index + 1} of ${offer.pageCount}`)
      if (index > 0) expect(page.rows[0]).toBe(`Offer to Purchase - ${ADDRESS}`)
      expect(page.rightmost).toBeLessThanOrEqual(RIGHT_EDGE)
    })
    const rows = bodyRows(offer)
    const printed = rows.slice(rows.indexOf('Special stipulations') + 1).join(' ')
    expect(printed).toBe(stipulations.replace(/\s+/g, ' '))
    expect(printed).toContain('60. Stipulation number 60')
  })

  it('cuts a word longer than a line instead of running off the page', async () => {
    const url = `https://example.com/${'x'.repeat(400)}`
    const offer = await render({ ...TERMS, stipulations: `See ${url} for the survey.` })
    const rows = bodyRows(offer)
    const printed = rows.slice(rows.indexOf('Special stipulations') + 1)
    expect(printed.length).toBeGreaterThan(2)
    expect(printed.join('').replace(/\s+/g, '')).toBe(`See${url}for the survey.`.replace(/\s+/g, ''))
    expect(offer.pages[0]?.rightmost).toBeLessThanOrEqual(RIGHT_EDGE)
  })

  it('prints characters the standard font lacks as look-alikes or ?, never failing', async () => {
    const offer = await render({ ...TERMS, buyers: [{ fullName: 'José Łukasz', email: 'jose@example.com' }], stipulations: '“Seller’s” fridge stays 😀 — שלום' })
    const rows = bodyRows(offer)
    expect(rows).toContain('Buyer José Lukasz, jose@example.com')
    expect(rows.at(-1)).toBe('“Seller’s” fridge stays ? — ????')
  })

  it('appends the RF707 addendum pages after the offer, and says so among the terms', async () => {
    const { pdf: addendum } = await renderRf707Document({ formData: { MCheckbox: true }, parties: { buyer: 'Ben Buyer', property: ADDRESS }, now: CREATED_AT })
    const offer = await render({ ...TERMS, addendum: { MCheckbox: true } }, { addendum })
    expect(offer.pageCount).toBe(2 + 6)
    expect(bodyRows({ ...offer, pages: offer.pages.slice(0, 1) })).toContain('Addendum RF707 Additional Contract Language, attached after these pages')
    expect(offer.pages[0]?.rows.at(-1)).toBe('Offer to Purchase Page 1 of 2')
    expect(offer.pages[2]?.rows).toContain('ADDITIONAL CONTRACT LANGUAGE')
    expect(offer.pages[7]?.rows.at(-1)).toContain('Page 6 of 6')
  })
})
