import type { OfferTerms } from '../offer-terms'
import { concessionDollars } from '../concession'
import { dollarsInWords } from '../number-words'
import { formatPhone } from '../phone'
import { offerStipulationsText } from '../offer-clauses'
import { agreementNetRows } from './agreement-net'
import { heading, text } from './lined-text'
import type { AgreementBlock, AgreementParagraph, AgreementSection } from './agreement-pieces'
import { BLANK, block, box, buyerNames, choice, date, days, HANG, item, money, para, sellerNames, usd, v } from './agreement-pieces'
import { bindingDate, offerExpiry, signatures } from './agreement-signatures'

/**
 * The agreement's sections in the RF401's order (domain.md section 1), in Offerbook's own words, each
 * built from the terms of one version of an offer. A term the offer leaves empty prints as a blank to
 * fill, never as 'Not stated'. purchase-agreement.ts lays them onto numbered lines and pages.
 */

export type { AgreementInput, AgreementSection, AgreementSectionKey } from './agreement-pieces'

const HOLDERS: Readonly<Record<NonNullable<OfferTerms['earnestMoney']['holder']>, string>> = {
  'listing-broker': "the listing agent's firm",
  'title-company': 'a title company',
  attorney: 'an attorney',
  other: 'another holder',
}
const LOANS: Readonly<Record<Exclude<NonNullable<OfferTerms['financing']['type']>, 'cash'>, string>> = {
  conventional: 'conventional',
  fha: 'FHA',
  va: 'VA',
  usda: 'USDA',
  other: 'other',
}
const AGREEMENTS: Readonly<Record<NonNullable<OfferTerms['buyerAgreement']['type']>, string>> = {
  exclusive: 'an exclusive buyer representation agreement',
  'non-exclusive': 'a non-exclusive buyer representation agreement',
  touring: 'a touring agreement',
}

function concession(amount: OfferTerms['sellerConcessions'], price: number | null): string {
  if (amount.amount === null || amount.amount === 0) return ''
  const dollars = usd(concessionDollars(amount, price))
  return amount.unit === 'percent' ? `${dollars} (${amount.amount}% of the purchase price)` : dollars
}

/** A listing's text on one line: its line breaks and runs of spaces become one space. */
const oneLine = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

const parties: AgreementSection = {
  key: 'parties',
  title: 'PURCHASE AND SALE',
  blocks: (input) => {
    const { property } = input
    const county = (property.county ?? '').trim().replace(/\s+county$/i, '')
    // A legal description may run to several paragraphs: the first follows its label, each other one starts a line.
    const [legalFirst = '', ...legalRest] = (property.legalDescription ?? '').split(/\r\n?|\n/).map(oneLine).filter(Boolean)
    return [
      block(
        para(
          text('The Buyer, '),
          v(buyerNames(input).join(' and '), BLANK.long),
          text(', agrees to buy, and the Seller, '),
          v(sellerNames(input).join(' and '), BLANK.long),
          text(', agrees to sell, the real property below, with its improvements and the fixtures attached to it (the Property), on the terms of this Agreement.'),
        ),
        para(text('Address: '), v(property.address, BLANK.line - 10)),
        para(text('County: '), v(county, BLANK.medium), text(' County, Tennessee.')),
        para(text('Tax map and parcel number: '), v(oneLine(property.parcelNumber), BLANK.long)),
        para(text('Deed book and page, or instrument number, at the Register of Deeds: '), v(oneLine(property.deedReference), BLANK.medium)),
        para(text('Legal description: '), v(legalFirst, BLANK.line - 20)),
        ...legalRest.map((line) => para({ text: line, kind: 'value' })),
      ),
      block(
        item(
          'A',
          heading('Fixtures that stay.'),
          text(
            ' Everything attached to the Property stays with it, among other things: built-in appliances, lighting and ceiling fans, window treatments and their hardware, attached shelving and mirrors, wall-mounted brackets, mailbox, landscaping, and garage door openers with ',
          ),
          v('', 4),
          text(' remote controls.'),
        ),
        item('B', heading('Other items that stay:'), text(' '), v('', BLANK.long)),
        item('C', heading('Items the Seller removes:'), text(' '), v('', BLANK.long)),
      ),
    ]
  },
}

const price: AgreementSection = {
  key: 'price',
  title: 'PURCHASE PRICE, PAYMENT AND FINANCING',
  blocks: (input) => {
    const { purchasePrice, financing, appraisalContingency } = input.terms
    const type = financing.type
    const loan = type !== null && type !== 'cash'
    const lender = [financing.lenderName, formatPhone(financing.lenderPhone), financing.lenderEmail].map((part) => part.trim()).filter(Boolean).join(', ')
    return [
      block(
        para(
          text('The purchase price is '),
          money(purchasePrice),
          ...(purchasePrice === null ? [] : [text(' ('), { text: dollarsInWords(purchasePrice, 'en-us'), kind: 'value' as const }, text(')')]),
          text(". The Buyer pays it at Closing by wire transfer, by cashier's check, or by another method the Seller approves in writing."),
        ),
      ),
      block(
        item('A', heading('Financing.')),
        choice(
          loan,
          heading('Financing contingency.'),
          text(' This Agreement depends on the Buyer obtaining a '),
          v(loan ? (type === 'other' && financing.otherDescription.trim() ? financing.otherDescription : LOANS[type]) : '', BLANK.short),
          text(' loan of '),
          money(loan ? financing.loanAmount : null),
          text(', with a down payment of '),
          money(loan ? financing.downPayment : null),
          text(', from the lender '),
          v(loan ? lender : '', BLANK.medium),
          text(
            ". The Buyer applies for the loan within 3 days after the Binding Agreement Date, pursues it in good faith, and must qualify under the lender's usual underwriting.",
          ),
        ),
        choice(
          type === 'cash',
          heading('No financing contingency.'),
          text(" The Buyer pays with the Buyer's own funds; the Buyer's duty to close does not depend on any loan, and the Buyer shows proof of funds within 5 days after the Binding Agreement Date."),
        ),
      ),
      block(
        item('B', heading('Appraisal.')),
        choice(
          appraisalContingency === true,
          heading('Contingent on appraised value.'),
          text(
            ' If the appraised value is lower than the purchase price, the Buyer gives the Seller notice with the appraisal. The Buyer then has 3 days to waive this contingency or to end this Agreement, and an ending within that time returns the earnest money to the Buyer. A Buyer who does neither is treated as having waived it.',
          ),
        ),
        choice(appraisalContingency === false, heading('Not contingent on appraised value.'), text(" The Buyer's duty to close does not depend on the appraised value.")),
      ),
    ]
  },
}

const earnestMoney: AgreementSection = {
  key: 'earnestMoney',
  title: 'EARNEST MONEY',
  blocks: ({ terms }) => {
    const { amount, holder, holderName, holderAddress, dueDays } = terms.earnestMoney
    const holderText = [holderName.trim(), holder === null ? '' : `(${HOLDERS[holder]})`].filter(Boolean).join(' ')
    return [
      block(
        para(
          text('The Buyer delivers earnest money of '),
          money(amount),
          text(' to '),
          v(holderText, BLANK.long),
          text(' (the Holder), whose address is '),
          v(holderAddress.trim(), BLANK.long),
          text(', within '),
          days(dueDays),
          text(
            ' days after the Binding Agreement Date. The Holder keeps it in a trust or escrow account and pays it out at Closing, on the written agreement of Buyer and Seller, or as the law requires; on a written request to pay it out, the Holder pays it or asks a court to decide within 21 days.',
          ),
        ),
      ),
    ]
  },
}

const closing: AgreementSection = {
  key: 'closing',
  title: 'CLOSING AND POSSESSION',
  blocks: ({ terms }) => {
    const { time, date: possessionDate } = terms.possession
    return [
      block(
        para(
          text('Closing takes place on or before '),
          date(terms.closingDate),
          text(", at a time and place the Buyer's closing agent sets. Each party pays the closing costs the custom of the county gives it, unless this Agreement says otherwise."),
        ),
        para(text('Possession passes to the Buyer:')),
        choice(time === 'at-closing', text('at Closing, when the deed is delivered and the price paid.')),
        choice(time === 'before-closing', text('before Closing, on '), date(time === 'before-closing' ? possessionDate : null), text(', under a written occupancy agreement.')),
        choice(time === 'after-closing', text('after Closing, on '), date(time === 'after-closing' ? possessionDate : null), text(', the Seller staying under a written occupancy agreement.')),
      ),
    ]
  },
}

const inspections: AgreementSection = {
  key: 'inspections',
  title: 'INSPECTIONS AND RESOLUTION',
  blocks: ({ terms }) => {
    const inspectionDays = terms.inspectionPeriodDays
    return [
      block(
        item('A', heading('Inspections.')),
        choice(
          inspectionDays !== null && inspectionDays > 0,
          heading('Inspection Period.'),
          text(' The Buyer may have the Property inspected for '),
          days(inspectionDays !== null && inspectionDays > 0 ? inspectionDays : null),
          text(
            ' days after the Binding Agreement Date (the Inspection Period). Before it ends the Buyer gives the Seller written notice: accepting the Property as it is, asking for repairs, or ending this Agreement with the earnest money returned. A Buyer who gives no notice accepts the Property as it is.',
          ),
        ),
        choice(
          inspectionDays !== null && inspectionDays > 0,
          heading('Resolution Period.'),
          text(' After a request for repairs, the parties have '),
          days(inspectionDays !== null && inspectionDays > 0 ? terms.resolutionPeriodDays : null),
          text(' days to agree in writing; without an agreement by then, this Agreement ends and the earnest money goes back to the Buyer.'),
        ),
        choice(inspectionDays === 0, heading('Inspections waived.'), text(' The Buyer accepts the Property in its present condition, subject to the disclosures the Seller owes.')),
      ),
      block(
        item('B', heading("Sale of the Buyer's property.")),
        choice(
          terms.saleOfBuyersPropertyContingency === true,
          text("This Agreement depends on the closing of the sale of the Buyer's property at "),
          v('', BLANK.long),
          text('.'),
        ),
        choice(terms.saleOfBuyersPropertyContingency === false, text("This Agreement does not depend on the sale of any property of the Buyer's.")),
      ),
    ]
  },
}

const title: AgreementSection = {
  key: 'title',
  title: 'TITLE AND SURVEY',
  blocks: () => [
    block(
      para(
        text(
          'The Seller conveys good and marketable title by general warranty deed, free of liens and of encumbrances other than recorded restrictions, easements and zoning that do not keep the Property from its present use. The Buyer may have a title search and a survey made at the Buyer\'s expense. A defect the Buyer reports in writing before Closing is the Seller\'s to cure before Closing; one the Seller cannot cure lets the Buyer end this Agreement with the earnest money returned.',
        ),
      ),
    ),
  ],
}

const concessions: AgreementSection = {
  key: 'concessions',
  title: 'CONCESSIONS, COMPENSATION AND WARRANTY',
  blocks: ({ terms }) => {
    const { sellerConcessions, buyerBrokerCompensation, buyerAgreement, homeWarranty } = terms
    return [
      block(
        item('A', text('At Closing the Seller pays toward the Buyer\'s closing costs and prepaid items: '), v(concession(sellerConcessions, terms.purchasePrice), BLANK.medium), text('.')),
        item(
          'B',
          text("As a concession to the Buyer, the Seller pays the Buyer's broker "),
          v(concession(buyerBrokerCompensation, terms.purchasePrice), BLANK.medium),
          text(', under '),
          v(buyerAgreement.type === null ? '' : AGREEMENTS[buyerAgreement.type], BLANK.long),
          text(' dated '),
          date(buyerAgreement.date),
          text('.'),
        ),
        item(
          'C',
          box(homeWarranty.included),
          text(' A home warranty is included, paid by the '),
          v(homeWarranty.included ? homeWarranty.paidBy : '', BLANK.short),
          text(', costing no more than '),
          money(homeWarranty.included ? homeWarranty.amount : null),
          text('.'),
        ),
      ),
      ...(terms.escalation
        ? [
            block(
              item(
                'D',
                heading('Price escalation.'),
                text(' The purchase price rises to '),
                money(terms.escalation.increment),
                text(' more than the price of any bona fide competing offer the Seller receives, up to '),
                money(terms.escalation.cap),
                text(terms.escalation.proofRequired ? '. The Seller gives the Buyer a copy of that offer as proof.' : '.'),
              ),
            ),
          ]
        : []),
      ...netSummary(terms, terms.escalation ? 'E' : 'D'),
    ]
  },
}

/** Each row's label, then its amount at the right margin after dots; nothing when the offer asks no concession. */
function netSummary(terms: OfferTerms, letter: string): AgreementBlock[] {
  const rows = agreementNetRows(terms)
  if (rows.length <= 2) return []
  const width = 76 - HANG
  return [
    {
      keepTogether: true,
      paragraphs: [
        item(letter, heading('What this Agreement asks of the Seller'), text(' (a summary; the terms above govern):')),
        ...rows.map(([label, amount]): AgreementParagraph => {
          const room = width - amount.length - 1
          const shown = label.length > room - 2 ? `${label.slice(0, room - 5)}...` : label
          return { first: [text(' '.repeat(HANG))], pieces: [text(`${shown} ${'.'.repeat(Math.max(1, room - shown.length - 1))} `), { text: amount, kind: 'value' }], indent: HANG }
        }),
      ],
    },
  ]
}

const stipulations: AgreementSection = {
  key: 'stipulations',
  title: 'SPECIAL STIPULATIONS',
  blocks: ({ terms }) => {
    const written = offerStipulationsText(terms)
    return [
      block(
        para(text('The stipulations below are part of this Agreement and govern where they differ from the sections above.')),
        ...(written === '' ? [para(v('', BLANK.line)), para(v('', BLANK.line))] : written.split('\n').map((line) => para({ text: line, kind: 'value' }))),
      ),
      block(choice(terms.addendum !== null, text('The RF707 Additional Contract Language addendum attached, with the clauses marked [X] on it, is part of this Agreement.'))),
    ]
  },
}

/** The sections in the order they print. */
export const AGREEMENT_SECTIONS: readonly AgreementSection[] = [parties, price, earnestMoney, closing, inspections, title, concessions, stipulations, offerExpiry, bindingDate, signatures]

