import { describe, expect, it } from 'vitest'
import type { EscalationOffer, NetSheetTerms } from './net-sheet'
import { moneyClauses, netSheet, resolveEscalations } from './net-sheet'
import { OfferTermsSchema } from './offer'

const COSTS = { sellerCommissionPercent: 6, sellerClosingCosts: 2_000 }
const NO_COSTS = { sellerCommissionPercent: 0, sellerClosingCosts: 0 }

function terms(input: Parameters<typeof OfferTermsSchema.parse>[0]): NetSheetTerms {
  return OfferTermsSchema.parse(input)
}

const linesOf = (sheet: ReturnType<typeof netSheet>) => sheet.lines.map((line) => [line.key, line.amount])

describe('netSheet', () => {
  it('counts stipulation A (3 %, capped at $10,000) and RF707 clause B ($3,500 off the price), worked by hand', () => {
    const sheet = netSheet(
      terms({
        purchasePrice: 400_000,
        stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '10,000' },
        addendum: { BCheckbox: true, Btext1: '3500' },
      }),
      COSTS,
    )
    // 400,000 less 3,500 is a sale price of 396,500; 3 % of it is 11,895, capped at 10,000;
    // commission 6 % of 396,500 = 23,790; closing costs 2,000. 400,000 - 3,500 - 10,000 - 23,790 - 2,000 = 360,710.
    expect(sheet.salePrice).toBe(396_500)
    expect(linesOf(sheet)).toEqual([
      ['basePrice', 400_000],
      ['priceReduction', -3_500],
      ['closingCostShare', -10_000],
      ['commission', -23_790],
      ['closingCosts', -2_000],
    ])
    expect(sheet.net).toBe(360_710)
    expect(sheet.costs).toEqual({ concessions: 13_500, commission: 23_790, closingCosts: 2_000, homeWarranty: 0 })
    expect(sheet.lines[1]?.params).toEqual({ clause: 'B', source: 'addendum', dollars: 3_500 })
    expect(sheet.lines[2]?.params).toEqual({ clause: 'A', source: 'stipulations', percent: 3, cap: 10_000 })
  })

  it('takes clause A at its percent when that is under the cap', () => {
    const sheet = netSheet(terms({ purchasePrice: 200_000, addendum: { ACheckbox: true, Atext1: '2.5', Atext2: '10000' } }), NO_COSTS)
    // 2.5 % of 200,000 = 5,000.
    expect(sheet.net).toBe(195_000)
    expect(sheet.lines[1]).toEqual({ key: 'closingCostShare', amount: -5_000, params: { clause: 'A', source: 'addendum', percent: 2.5, cap: 10_000 } })
  })

  it('counts clause N1 (seller pays the buyer broker 2.5 % plus $500) and the buyer-broker compensation term', () => {
    const sheet = netSheet(
      terms({ purchasePrice: 300_000, buyerBrokerCompensation: { unit: 'percent', amount: 1 }, stipulationChoices: { N1Checkbox: true, N1text1: '2.5', N1text2: '500' } }),
      NO_COSTS,
    )
    // 1 % of 300,000 = 3,000; 2.5 % of 300,000 = 7,500, plus 500 = 8,000. 300,000 - 3,000 - 8,000 = 289,000.
    expect(linesOf(sheet)).toEqual([
      ['basePrice', 300_000],
      ['buyerBrokerCompensation', -3_000],
      ['brokerClause', -8_000],
      ['commission', 0],
      ['closingCosts', 0],
    ])
    expect(sheet.net).toBe(289_000)
  })

  it('counts the concessions term, a seller-paid warranty, and leaves out a buyer-paid one and clauses that move no money', () => {
    const base = { purchasePrice: 250_000, sellerConcessions: { unit: 'dollars', amount: 4_000 }, stipulationChoices: { PCheckbox: true, Ptext1: 'FHA', Ptext2: '180000', Ptext3: '30' } } as const
    const sellerPays = netSheet(terms({ ...base, homeWarranty: { included: true, paidBy: 'seller', amount: 650 } }), COSTS)
    // 250,000 - 4,000 - 650 - 15,000 (6 %) - 2,000 = 228,350.
    expect(sellerPays.net).toBe(228_350)
    expect(sellerPays.lines.map((line) => line.key)).toEqual(['basePrice', 'concessions', 'homeWarranty', 'commission', 'closingCosts'])
    const buyerPays = netSheet(terms({ ...base, homeWarranty: { included: true, paidBy: 'buyer', amount: 650 } }), COSTS)
    expect(buyerPays.net).toBe(229_000)
  })

  it('counts a lettered clause ticked in both the stipulations and the addendum once, as the addendum states it', () => {
    const both = terms({ purchasePrice: 300_000, stipulationChoices: { BCheckbox: true, Btext1: '2000' }, addendum: { BCheckbox: true, Btext1: '3000' } })
    expect(moneyClauses(both).map((entry) => [entry.clause.key, entry.source])).toEqual([['B', 'addendum']])
    expect(netSheet(both, NO_COSTS).net).toBe(297_000)
  })

  it('ignores an unticked clause and values that are not numbers', () => {
    expect(netSheet({ ...terms({ purchasePrice: 100_000 }), stipulationChoices: { ACheckbox: false, Atext1: '3', Atext2: '5000' } }, NO_COSTS).net).toBe(100_000)
    // A value the clause form would refuse, as an older catalogue may have saved it.
    expect(netSheet({ ...terms({ purchasePrice: 100_000 }), stipulationChoices: { BCheckbox: true, Btext1: 'lots' } }, NO_COSTS).net).toBe(100_000)
  })

  it('starts from the escalated price and says how it was reached', () => {
    const sheet = netSheet(terms({ purchasePrice: 400_000 }), NO_COSTS, { price: 412_000, by: 12_000, over: 'o3', capped: false })
    expect(sheet.price).toBe(412_000)
    expect(sheet.lines.slice(0, 2)).toEqual([
      { key: 'basePrice', amount: 400_000, params: {} },
      { key: 'escalation', amount: 12_000, params: { over: 'o3', capped: false } },
    ])
    expect(sheet.net).toBe(412_000)
  })
})

const plain = (id: string, basePrice: number, competing = true): EscalationOffer => ({ id, basePrice, competing })
const escalating = (id: string, basePrice: number, increment: number, cap: number, sharedAt = '2025-05-01T12:00:00Z'): EscalationOffer => ({
  id,
  basePrice,
  escalation: { increment, cap },
  competing: true,
  sharedAt,
})

describe('resolveEscalations', () => {
  it('escalates over the best competing offer by the increment, up to the cap, never below the base price', () => {
    expect(resolveEscalations([escalating('e', 400_000, 2_000, 430_000), plain('p', 410_000)]).get('e')).toEqual({ price: 412_000, by: 12_000, over: 'p', capped: false })
    expect(resolveEscalations([escalating('e', 400_000, 2_000, 430_000), plain('p', 440_000)]).get('e')).toEqual({ price: 430_000, by: 30_000, over: 'p', capped: true })
    expect(resolveEscalations([escalating('e', 400_000, 2_000, 430_000), plain('p', 390_000)]).get('e')).toEqual({ price: 400_000, by: 0, over: null, capped: false })
    expect(resolveEscalations([escalating('e', 400_000, 2_000, 430_000)]).get('e')).toEqual({ price: 400_000, by: 0, over: null, capped: false })
  })

  it('counts only competing (open and shared) offers', () => {
    expect(resolveEscalations([escalating('e', 400_000, 2_000, 430_000), plain('draft', 420_000, false)]).get('e')?.price).toBe(400_000)
  })

  it('resolves two escalating offers as an auction: the higher cap wins at the other cap plus its increment', () => {
    const offers = [escalating('e1', 400_000, 1_000, 450_000), escalating('e2', 405_000, 2_000, 440_000), plain('p', 410_000)]
    const outcomes = resolveEscalations(offers)
    expect(outcomes.get('e2')).toEqual({ price: 440_000, by: 35_000, over: 'e1', capped: true })
    expect(outcomes.get('e1')).toEqual({ price: 441_000, by: 41_000, over: 'e2', capped: false })
    // The same in any order.
    expect(resolveEscalations([...offers].reverse())).toEqual(outcomes)
  })

  it('gives the winner its own cap when the other cap is within an increment of it', () => {
    const outcomes = resolveEscalations([escalating('e1', 400_000, 5_000, 442_000), escalating('e2', 405_000, 2_000, 440_000)])
    expect(outcomes.get('e1')).toEqual({ price: 442_000, by: 42_000, over: 'e2', capped: true })
    expect(outcomes.get('e2')?.price).toBe(440_000)
  })

  it('is a fixed point: each escalating offer is its best competitor plus its increment, within its base and cap', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647
      return seed / 2_147_483_647
    }
    for (let round = 0; round < 200; round += 1) {
      const offers: EscalationOffer[] = Array.from({ length: 2 + Math.floor(random() * 6) }, (_, index) => {
        const base = 300_000 + Math.round(random() * 100) * 1_000
        return random() < 0.5
          ? { ...escalating(`o${index}`, base, 500 + Math.round(random() * 10) * 500, base + Math.round(random() * 60) * 1_000 + 1_000), competing: random() < 0.9 }
          : plain(`o${index}`, base, random() < 0.9)
      })
      const outcomes = resolveEscalations(offers)
      const priceOf = (offer: EscalationOffer) => outcomes.get(offer.id)?.price ?? (offer.basePrice as number)
      for (const offer of offers) {
        const clause = offer.escalation
        if (!clause || clause.cap === null || clause.increment === null) continue
        const others = offers.filter((other) => other.id !== offer.id && other.competing).map(priceOf)
        const expected = others.length === 0 ? (offer.basePrice as number) : Math.max(offer.basePrice as number, Math.min(clause.cap, Math.max(...others) + clause.increment))
        expect(priceOf(offer), `round ${round}, ${offer.id}`).toBe(expected)
      }
    }
  })
})
