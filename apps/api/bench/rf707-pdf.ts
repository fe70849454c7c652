// RF707 PDF generation time (issue #7, Measure): the full form (every clause ticked, the extra
// options at their longest) laid out and rendered RUNS times after a warm-up, as the endpoint does
// for each request. Prints one line of JSON; scripts/bench.mjs reads it. Target: median < 40 ms.
//   npx tsx apps/api/bench/rf707-pdf.ts
import type { ClauseFieldKind } from '@offerbook/domain/clauses/fields'
import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { layoutRf707 } from '@offerbook/domain/clauses/rf707-layout'
import { messageText } from '@offerbook/domain/messages'
import { renderRf707Pdf } from '../src/modules/contracts/rf707-pdf'
import { medianLine, timeAsyncRuns } from './stats'

const WARM_UP = Number(process.env.BENCH_RF707_WARM_UP ?? 20)
const RUNS = Number(process.env.BENCH_RF707_RUNS ?? 200)

const SAMPLE: Record<ClauseFieldKind, string> = { text: 'the county', percent: '2.5', dollars: '12,500.00', days: '10', date: '2025-06-30', time: '03:45 PM' }
const PARTIES = { buyer: 'Jane Q. Buyer and John Q. Buyer', seller: 'Sam Seller', property: '12 Main Street, Nashville, TN 37212' }

const formData: Record<string, string | boolean> = {}
for (const clause of RF707_CLAUSES) {
  formData[clause.checkbox] = true
  for (const field of clause.fields) {
    formData[field.name] = field.kind === 'text' ? 'Seller leaves the washer, the dryer and the garden tools. '.repeat(40).slice(0, field.maxLength).trim() : SAMPLE[field.kind]
  }
}

async function once(): Promise<void> {
  const layout = layoutRf707(formData, PARTIES)
  if (!layout.fits) throw new Error(messageText(layout.message.key, layout.message.params))
  const pdf = await renderRf707Pdf(layout, { parties: PARTIES, createdAt: new Date() })
  if (pdf.byteLength === 0) throw new Error('empty PDF')
}

console.log(medianLine('rf707Pdf', await timeAsyncRuns(WARM_UP, RUNS, once)))
