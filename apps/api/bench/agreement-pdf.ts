// Purchase agreement generation time: an offer with 10 stipulation clauses ticked and the RF707
// addendum (every clause ticked) laid out and rendered RUNS times after a warm-up, as 'Generate the
// forms' and 'Send for signature' do: the agreement, the addendum, and the two joined.
// Prints one line of JSON; scripts/bench.mjs reads it. Target: median < 60 ms.
//   npx tsx apps/api/bench/agreement-pdf.ts
import type { ClauseFieldKind } from '@offerbook/domain/clauses/fields'
import type { ClauseCatalogue } from '@offerbook/domain/clauses/clause-types'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { renderOfferPdf } from '../src/modules/offer-documents/offer-pdf'
import { medianLine, timeAsyncRuns } from './stats'

const WARM_UP = Number(process.env.BENCH_AGREEMENT_WARM_UP ?? 10)
const RUNS = Number(process.env.BENCH_AGREEMENT_RUNS ?? 100)

const SAMPLE: Record<ClauseFieldKind, string> = { text: 'the county', percent: '2.5', dollars: '12,500.00', days: '10', date: '2025-06-30', time: '03:45 PM' }
const ADDRESS = '12 Main Street, Nashville, TN 37212'
/** The property's whole identification, the legal description near its 1,000 characters. */
const PROPERTY = {
  address: ADDRESS,
  county: 'Davidson',
  parcelNumber: '093 13 0 123.00',
  deedReference: "Instrument No. 20190412-0034567, Register's Office of Davidson County",
  legalDescription: "Lot 12, Section 3, Magnolia Hills subdivision, as recorded in Plat Book 7900, Page 105, Register's Office of Davidson County, Tennessee. ".repeat(7).trim(),
}

function ticked(clauses: ClauseCatalogue): Record<string, string | boolean> {
  const formData: Record<string, string | boolean> = {}
  for (const clause of clauses) {
    formData[clause.checkbox] = true
    for (const field of clause.fields) formData[field.name] = field.kind === 'text' ? 'Seller leaves the washer, the dryer and the garden tools. '.repeat(4).slice(0, field.maxLength).trim() : SAMPLE[field.kind]
  }
  return formData
}

const terms = OfferTermsSchema.parse({
  purchasePrice: 412_500,
  earnestMoney: { amount: 5_000, holder: 'title-company', holderName: 'Music City Title', dueDays: 3 },
  financing: { type: 'conventional', loanAmount: 330_000, downPayment: 82_500, lenderName: 'Volunteer Bank' },
  appraisalContingency: true,
  inspectionPeriodDays: 10,
  closingDate: '2027-01-15',
  sellerConcessions: { unit: 'dollars', amount: 3_000 },
  expiresAt: '2026-12-05T23:00:00Z',
  buyers: [{ fullName: 'Jane Q. Buyer' }, { fullName: 'John Q. Buyer' }],
  stipulations: 'Seller leaves the refrigerator.',
  stipulationChoices: ticked(STIPULATION_CLAUSES.slice(0, 10)),
  addendum: ticked(RF707_CLAUSES),
})

async function once(): Promise<void> {
  const parties = { buyer: 'Jane Q. Buyer and John Q. Buyer', property: ADDRESS }
  const layout = layoutRf707(terms.addendum ?? {}, parties)
  if (!layout.fits) throw new Error('the RF707 does not fit')
  const addendum = { layout, parties }
  const pdf = await renderOfferPdf({ terms, property: PROPERTY, createdAt: new Date(), addendum, version: 2 })
  if (pdf.byteLength === 0) throw new Error('empty PDF')
}

console.log(medianLine('agreementPdf', await timeAsyncRuns(WARM_UP, RUNS, once)))
