import { describe, expect, it } from 'vitest'
import type { OfferTermsInput } from '../offer-terms'
import { AGREEMENT_ADDRESS as ADDRESS, AGREEMENT_PROPERTY as PROPERTY, SAMPLE_AGREEMENT_TERMS as TERMS } from './purchase-agreement.test-helpers'
import { EMPTY_OFFER_TERMS, OfferTermsSchema } from '../offer-terms'
import type { AgreementInput, AgreementLayout, AgreementSectionKey } from './purchase-agreement'
import { layoutPurchaseAgreement } from './purchase-agreement'
import { CURRENT_AGREEMENT_FORM, agreementForm, agreementFormLabel, PURCHASE_AGREEMENT_FORMS } from './purchase-agreement-form'

const input = (terms: OfferTermsInput, more: Partial<AgreementInput> = {}): AgreementInput => ({
  terms: OfferTermsSchema.parse(terms),
  property: PROPERTY,
  sellers: ['Sam Seller'],
  ...more,
})

/** A section's lines joined into one text, spaces collapsed, so a value broken over two lines reads whole. */
function sectionText(layout: AgreementLayout, key: AgreementSectionKey): string {
  return layout.lines
    .filter((line) => line.section === key)
    .map((line) => line.text)
    .join(' ')
    .replace(/\s+/g, ' ')
}

describe('the purchase and sale agreement layout', () => {
  it('has its sections in the order of a Tennessee purchase and sale agreement, numbered', () => {
    const layout = layoutPurchaseAgreement(input(TERMS))
    expect(layout.sections.map((section) => `${section.number} ${section.key}`)).toEqual([
      '1 parties',
      '2 price',
      '3 earnestMoney',
      '4 closing',
      '5 inspections',
      '6 title',
      '7 concessions',
      '8 stipulations',
      '9 offerExpiry',
      '10 bindingDate',
      '11 signatures',
    ])
    for (const section of layout.sections) expect(layout.lines[section.line - 1]?.text).toBe(`${`${section.number}.`.padEnd(4)}${section.title}`)
  })

  it('puts every term in its section', () => {
    const layout = layoutPurchaseAgreement(input(TERMS), null)
    const expected: [AgreementSectionKey, string][] = [
      ['parties', 'The Buyer, Ben Buyer and Bea Buyer, agrees to buy, and the Seller, Sam Seller, agrees to sell'],
      ['parties', `Address: ${ADDRESS}`],
      ['parties', 'County: Davidson County, Tennessee.'],
      ['parties', 'Tax map and parcel number: 093 13 0 123.00'],
      ['parties', "Deed book and page, or instrument number, at the Register of Deeds: Instrument No. 20190412-0034567, Register's Office of Davidson County"],
      ['parties', `Legal description: ${PROPERTY.legalDescription}`],
      ['price', 'The purchase price is $400,000 (four hundred thousand dollars).'],
      ['price', '[X] Financing contingency. This Agreement depends on the Buyer obtaining a conventional loan of $320,000, with a down payment of $80,000, from the lender First Bank, (615) 555-0150, loans@firstbank.example.'],
      ['price', '[ ] No financing contingency.'],
      ['price', '[X] Contingent on appraised value.'],
      ['price', '[ ] Not contingent on appraised value.'],
      ['earnestMoney', 'earnest money of $5,000 to Acme Title (a title company) (the Holder)'],
      ['earnestMoney', 'whose address is 400 Church St, Nashville, within 3 days after the Binding Agreement Date'],
      ['closing', 'Closing takes place on or before June 30, 2025'],
      ['closing', '[X] after Closing, on July 2, 2025'],
      ['inspections', '[X] Inspection Period. The Buyer may have the Property inspected for 10 days'],
      ['inspections', '[X] Resolution Period. After a request for repairs, the parties have 3 days to agree in writing'],
      ['inspections', "[X] This Agreement does not depend on the sale of any property of the Buyer's."],
      ['concessions', "the Seller pays toward the Buyer's closing costs and prepaid items: $12,000 (3% of the purchase price)."],
      ['concessions', "the Seller pays the Buyer's broker $8,400, under an exclusive buyer representation agreement dated April 2, 2025."],
      ['concessions', '[X] A home warranty is included, paid by the seller, costing no more than $600.'],
      ['concessions', 'Special stipulation A: 3% of the price, capped at $10,000 '],
      ['stipulations', 'Seller leaves the washer and dryer.'],
      ['stipulations', '[ ] The RF707 Additional Contract Language addendum attached'],
      ['offerExpiry', 'received, by May 12, 2025, 5:00 PM CDT.'],
      ['signatures', 'Printed name: Ben Buyer'],
      ['signatures', 'Printed name: Bea Buyer'],
      ['signatures', 'Printed name: Sam Seller'],
      ['signatures', 'Licensee: Alex Agent; license no. 340000'],
      ['signatures', 'Firm: Listing Realty; firm license no. 261234'],
      ['signatures', 'Phone: (615) 555-0103; email: lena@example.com'],
    ]
    for (const [section, words] of expected) expect(sectionText(layout, section), section).toContain(words)
    // The ticked stipulation prints in its section; the net summary ends with what the seller keeps.
    expect(sectionText(layout, 'stipulations')).toMatch(/Seller .*3%.*10,000/)
    // 400,000 less 12,000 (3 %), 8,400, 10,000 (clause A, capped) and 600 = 369,000.
    expect(sectionText(layout, 'concessions')).toMatch(/Price less concessions \.+ \$369,000/)
  })

  it('prints an empty term as a blank to fill, never as not stated', () => {
    const layout = layoutPurchaseAgreement({ terms: EMPTY_OFFER_TERMS, property: { address: ADDRESS } })
    const all = layout.lines.map((line) => line.text).join('\n')
    expect(all).not.toMatch(/not stated/i)
    expect(sectionText(layout, 'parties')).toMatch(/The Buyer, _{40}, agrees to buy, and the Seller, _{40}, agrees/)
    expect(sectionText(layout, 'parties')).toMatch(/County: _{24} County, Tennessee\./)
    expect(sectionText(layout, 'parties')).toMatch(/Tax map and parcel number: _{40} Deed book and page, or instrument number, at the Register of Deeds: _{24} Legal description: _{56} /)
    expect(sectionText(layout, 'price')).toMatch(/The purchase price is _{12}\. The Buyer pays/)
    expect(sectionText(layout, 'price')).toContain('[ ] Financing contingency.')
    expect(sectionText(layout, 'price')).toContain('[ ] No financing contingency.')
    expect(sectionText(layout, 'earnestMoney')).toMatch(/earnest money of _{12} to _{40} \(the Holder\)/)
    expect(sectionText(layout, 'closing')).toMatch(/on or before _{24},/)
    expect(sectionText(layout, 'offerExpiry')).toMatch(/received, by _{40}\./)
    // Not known yet: a place the signing packet fills at sealing.
    expect(sectionText(layout, 'bindingDate')).toMatch(/Binding Agreement Date: _{40}$/)
    expect(layout.lines.flatMap((line) => line.spans).filter((span) => span.place?.role === 'record')).toHaveLength(1)
    // Two blank buyers and two blank sellers to sign.
    expect(layout.lines.filter((line) => /^(Buyer|Seller) signature: _{40} Date _{12}$/.test(line.text))).toHaveLength(4)
    // No concession asked: no summary.
    expect(sectionText(layout, 'concessions')).not.toContain('asks of the Seller')
  })

  it('wraps a long legal description on the numbered lines of the parties section, keeping its paragraphs', () => {
    const tract = (n: number) => `Tract ${n}: Being part of the land conveyed to the Seller by deed of record in Instrument No. 2019041200${n}, Register's Office of Davidson County, Tennessee, bounded and described by metes and bounds on the survey of record.`
    const legalDescription = `${tract(1)} ${tract(2)}\r\n${tract(3)}\n\n   ${tract(4)}`
    expect(legalDescription.length).toBeLessThanOrEqual(1000)
    const layout = layoutPurchaseAgreement(input(TERMS, { property: { ...PROPERTY, legalDescription } }))
    const parties = layout.lines.filter((line) => line.section === 'parties')
    const first = parties.findIndex((line) => line.text.startsWith('Legal description: '))
    const last = parties.findLastIndex((line) => line.text.includes('of record.'))
    expect(last - first).toBeGreaterThanOrEqual(8)
    for (const line of layout.lines) expect(line.text.length).toBeLessThanOrEqual(layout.form.lineWidth)
    // Every word, in order, printed as the value; the third and fourth tracts each start a line.
    const printed = sectionText(layout, 'parties')
    expect(printed).toContain(`Legal description: ${tract(1)} ${tract(2)} ${tract(3)} ${tract(4)}`)
    expect(parties.filter((line) => /^Tract [34]:/.test(line.text))).toHaveLength(2)
    for (const line of parties.slice(first, last + 1)) expect(line.spans.filter((span) => span.kind !== 'value').map((span) => span.text.trim()).join('')).toMatch(/^(Legal description:)?$/)
  })

  it("records the Binding Agreement Date in the property's zone", () => {
    // 9:05 PM on December 1 in Nashville is December 2 in UTC, and 10:05 PM in Knoxville.
    const at = '2026-12-02T03:05:00Z'
    expect(sectionText(layoutPurchaseAgreement(input(TERMS, { bindingAgreementAt: at, timeZone: 'America/Chicago' })), 'bindingDate')).toContain('Binding Agreement Date: December 1, 2026 at 9:05 PM CST')
    expect(sectionText(layoutPurchaseAgreement(input(TERMS, { bindingAgreementAt: at, timeZone: 'America/New_York' })), 'bindingDate')).toContain('Binding Agreement Date: December 1, 2026 at 10:05 PM EST')
  })

  it('numbers every line and fills pages of the form, with Page x of N on each', () => {
    const stipulations = Array.from({ length: 40 }, (_, index) => `${index + 1}. The seller repairs item ${index + 1} before closing, at the seller's expense, and gives the buyer the receipts.`).join('\n')
    const layout = layoutPurchaseAgreement(input({ ...TERMS, stipulations }))
    const perPage = layout.form.linesPerPage
    expect(layout.pages.length).toBeGreaterThanOrEqual(4)
    expect(layout.lines.map((line) => line.number)).toEqual(layout.lines.map((_, index) => index + 1))
    layout.pages.forEach((page, index) => {
      expect(page.footer).toBe(`Page ${index + 1} of ${layout.pages.length}`)
      expect(page.lines.length).toBe(index === layout.pages.length - 1 ? layout.lines.length - perPage * index : perPage)
      for (const line of page.lines) expect(line.page).toBe(page.number)
    })
    for (const line of layout.lines) expect(line.text.length).toBeLessThanOrEqual(layout.form.lineWidth)
    // Every stipulation is printed, whole, in order.
    const printed = sectionText(layout, 'stipulations')
    expect(printed.indexOf('40. The seller repairs item 40')).toBeGreaterThan(printed.indexOf('1. The seller repairs item 1 '))
  })

  it('never leaves a heading at the foot of a page, nor splits a signature block', () => {
    // Stipulations of growing length move every later section over page ends.
    for (let count = 0; count < 48; count += 1) {
      const stipulations = Array.from({ length: count }, (_, index) => `Stipulation ${index + 1}.`).join('\n')
      const layout = layoutPurchaseAgreement(input({ ...TERMS, stipulations: stipulations || 'None.' }))
      for (const section of layout.sections) {
        const next = layout.lines[section.line]
        expect(next?.page, `section ${section.key} with ${count} stipulations`).toBe(section.page)
      }
      layout.lines.forEach((line, index) => {
        if (!/ signature: /.test(line.text)) return
        expect(layout.lines[index + 1]?.text).toMatch(/^Printed name: /)
        expect(layout.lines[index + 1]?.page, `signature at line ${line.number} with ${count} stipulations`).toBe(line.page)
        // The lines its signature field rises into are empty and on its page, even when the block opens a page.
        const rise = line.spans.find((span) => span.place?.field === 'signature')?.place?.rise ?? 0
        for (const above of layout.lines.slice(index - rise, index)) expect([above.text, above.page], `room to sign at line ${line.number} with ${count} stipulations`).toEqual(['', line.page])
      })
      const licensees = layout.lines.filter((line) => /^(Buyer's|Seller's) licensee$/.test(line.text))
      for (const heading of licensees) expect(layout.lines[heading.number + 2]?.page).toBe(heading.page)
    }
  })

  it('prints only the clauses the version ticks', () => {
    const struck = layoutPurchaseAgreement(input({ ...TERMS, stipulationChoices: { BCheckbox: true, Btext1: '5' } }))
    const printed = sectionText(struck, 'stipulations')
    expect(printed).not.toMatch(/10,000/)
    expect(printed).not.toMatch(/struck/i)
    expect(printed).toContain('Seller leaves the washer and dryer.')
  })

  it('says when the RF707 addendum is part of the agreement', () => {
    const layout = layoutPurchaseAgreement(input({ ...TERMS, addendum: { MCheckbox: true } }))
    expect(sectionText(layout, 'stipulations')).toContain('[X] The RF707 Additional Contract Language addendum attached, with the clauses marked [X] on it, is part of this Agreement.')
  })

  it('lays out the form the offer was made on', () => {
    const terms = OfferTermsSchema.parse(TERMS)
    expect(terms.form).toEqual({ code: 'OB-PSA', version: PURCHASE_AGREEMENT_FORMS[0].version })
    expect(layoutPurchaseAgreement(input(TERMS)).form).toBe(agreementForm(terms.form.version))
    expect(agreementForm('01/01/1999')).toBe(PURCHASE_AGREEMENT_FORMS[0])
    expect(CURRENT_AGREEMENT_FORM.code).toBe('OB-PSA')
    expect(agreementFormLabel(PURCHASE_AGREEMENT_FORMS[0])).toBe('OB-PSA - Residential Purchase and Sale Agreement - Version 12/01/2026')
    expect(OfferTermsSchema.safeParse({ form: { code: 'RF401', version: '01/01/2025' } }).success).toBe(false)
  })
})
