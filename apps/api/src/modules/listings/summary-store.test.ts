import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SummaryStore } from './summary-store'

const seed = process.env.FC_SEED === undefined ? 20261128 : Number(process.env.FC_SEED)

// Values as a listing's summary holds them, and the odd ones JSON.stringify treats apart.
const value = fc.oneof(
  fc.constantFrom('Active', 'Pending', 'Residential', 'Nashville', '37201', null, 'public'),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constant('a\u0000b'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(undefined),
  fc.constant(new Date(Date.UTC(2026, 10, 28, 5, 6, 7, 89))),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
)

describe('the search index keeps summaries compact', () => {
  it('writes back each summary exactly as JSON.stringify, whatever its keys and values', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fc.oneof(fc.constantFrom('id', 'City', 'ListPrice', 'PostalCode'), fc.string()), value, { maxKeys: 30 }), { maxLength: 60 }), (summaries) => {
        const store = new SummaryStore()
        summaries.forEach((summary, slot) => store.set(slot, summary))
        summaries.forEach((summary, slot) => expect(store.json(slot)).toBe(JSON.stringify(summary)))
      }),
      { seed, numRuns: 300 },
    )
  })

  it('stays exact once a key has more distinct values than its dictionary takes, and after slots are reused', () => {
    const store = new SummaryStore()
    const summaryOf = (n: number) => ({ id: `listing-${n}`, City: n % 7 === 0 ? null : `City ${n % 3000}`, ListPrice: 100_000 + n, visibility: 'public', draftStep: undefined })
    for (let slot = 0; slot < 5000; slot += 1) store.set(slot, summaryOf(slot))
    for (const slot of [0, 1023, 1024, 2999, 3000, 4999]) expect(store.json(slot)).toBe(JSON.stringify(summaryOf(slot)))
    store.clear(7)
    store.set(7, { id: 'changed', City: 'Memphis' })
    expect(store.json(7)).toBe('{"id":"changed","City":"Memphis"}')
    expect(store.json(8)).toBe(JSON.stringify(summaryOf(8)))
  })
})
