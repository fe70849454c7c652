import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../../../test/render'
import { OptimizeGrid } from './optimize-grid'
import { testOptimizeResult, testRankedOffer } from './test-optimize'

const first = testRankedOffer({
  id: 'offer-cash',
  rank: 1,
  score: 72.46,
  buyerNames: ['Cara Cash', 'Carl Cash'],
  purchasePrice: 470_000,
  netToSeller: 452_000,
  costs: { concessions: 0, commission: 14_100, closingCosts: 3_900, homeWarranty: 0 },
  financingType: 'cash',
  closingDate: '2031-06-30',
  hasPreApproval: true,
  criteria: {
    netToSeller: { measure: 452_000, points: 19.23 },
    financingCertainty: { measure: 1, points: 13.46 },
    downPayment: { measure: 1, points: 7.69 },
    contingencies: { measure: 1, points: 7.21 },
    inspectionPeriod: { measure: 0, points: 5.77 },
    closingDateFit: { measure: 10, points: 6.41 },
    preApproval: { measure: 1, points: 5.77 },
  },
  leadOverNext: 4.3,
  aheadOfNext: [
    { criterion: 'netToSeller', points: 2.1 },
    { criterion: 'financingCertainty', points: 1.4 },
  ],
})
const second = testRankedOffer({
  id: 'offer-fha',
  rank: 2,
  score: 68.16,
  status: 'backup',
  buyerNames: ['Ben Buyer'],
  financingType: 'fha',
  closingDate: '2031-06-20',
  criteria: { closingDateFit: { measure: 0, points: 8.2 } },
  leadOverNext: 0,
  aheadOfNext: [],
})
const third = testRankedOffer({ id: 'offer-last', rank: 3, score: 68.16, buyerNames: [], closingDate: null })

function renderGrid() {
  // The API ranks them; the grid still puts them in rank order whatever order they come in.
  return renderAt(<OptimizeGrid result={testOptimizeResult([second, third, first])} />)
}

const rowOf = (header: string) => screen.getByRole('rowheader', { name: header }).closest('tr') as HTMLTableRowElement
const cellsOf = (header: string) => within(rowOf(header)).getAllByRole('cell').map((cell) => cell.textContent)

describe('OptimizeGrid', () => {
  it('is a table with one column per open offer, best first: rank, buyers, status and score out of 100', () => {
    renderGrid()
    expect(screen.getByRole('table', { name: 'Open offers ranked by weighted score, best first' })).toBeTruthy()
    const columns = screen.getAllByRole('columnheader')
    expect(columns.map((column) => column.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col'])
    expect(columns.map((column) => column.textContent)).toEqual([
      'Terms',
      '#1Cara Cash, Carl CashActivepre-approved72.5 of 100Open offer #1',
      '#2Ben BuyerBack-up68.2 of 100Open offer #2',
      '#3Buyers not namedActive68.2 of 100Open offer #3',
    ])
    expect(screen.getByRole('link', { name: 'Open offer #1' }).getAttribute('href')).toBe('/my-properties/listing-1/offers/offer-cash')
    expect(screen.getByRole('link', { name: 'Open offer #3' }).getAttribute('href')).toBe('/my-properties/listing-1/offers/offer-last')
  })

  it('says under each column why it sits above the next, from its lead and the criteria where it gains most', () => {
    renderGrid()
    expect(cellsOf('Why it ranks here')).toEqual([
      'Ahead of #2 by 4.3 points: net to seller +2.1, financing certainty +1.4',
      'Tied with #3 on score; ranked above it by net to seller, then by the earlier share',
      'Ranked last of the open offers',
    ])
  })

  it('shows the price, the costs the seller pays and the net to seller for each offer', () => {
    renderGrid()
    expect(cellsOf('Purchase price')).toEqual(['$470,000', '$450,000', '$450,000'])
    expect(cellsOf('Less concessions')).toEqual(['$0', '−$5,000', '−$5,000'])
    expect(cellsOf('Less your commission')).toEqual(['−$14,100', '−$14,000', '−$14,000'])
    expect(cellsOf('Net to seller')).toEqual(['$452,000', '$430,000', '$430,000'])
  })

  it("gives every criterion a row headed by its weight, with each offer's measure and points", () => {
    renderGrid()
    expect(screen.getAllByRole('rowheader').every((header) => ['row', 'rowgroup'].includes(header.getAttribute('scope') ?? ''))).toBe(true)
    expect(cellsOf('Net to seller (weight 10)')[0]).toBe('$452,00019.2 points')
    expect(cellsOf('Financing certainty (weight 7)')).toEqual(['Cash13.5 points', 'FHA0.0 points', 'Conventional0.0 points'])
    expect(cellsOf('Shorter inspection period (weight 3)')[0]).toBe('Waived5.8 points')
    expect(cellsOf('Closing date fit (weight 5)')).toEqual(['June 30, 2031, 10 days from your wanted date6.4 points', 'June 20, 2031, your wanted date8.2 points', 'No closing date0.0 points'])
    expect(cellsOf('Down payment (weight 4)')[0]).toBe('100% of the price7.7 points')
    expect(cellsOf('Fewer contingencies (weight 6)')[0]).toBe('1 contingency7.2 points')
    expect(cellsOf('Pre-approval present (weight 6)')).toEqual(['Yes5.8 points', 'No0.0 points', 'No0.0 points'])
  })

  it('shows the escalated price and how it was reached, every concession line with its source, and the scale in why it ranks here', () => {
    const escalated = testRankedOffer({
      id: 'offer-escalating',
      rank: 1,
      purchasePrice: 440_000,
      price: 455_000,
      escalated: { price: 455_000, by: 15_000, over: 'offer-plain', capped: false },
      lines: [
        { key: 'basePrice', amount: 440_000, params: {} },
        { key: 'escalation', amount: 15_000, params: { over: 'offer-plain', capped: false } },
        { key: 'priceReduction', amount: -3_500, params: { clause: 'B', source: 'addendum', dollars: 3_500 } },
        { key: 'closingCostShare', amount: -10_000, params: { clause: 'A', source: 'stipulations', percent: 3, cap: 10_000 } },
        { key: 'commission', amount: -13_545, params: { percent: 3 } },
        { key: 'closingCosts', amount: -1_000, params: {} },
      ],
    })
    const plain = testRankedOffer({ id: 'offer-plain', rank: 2, purchasePrice: 320_000, price: 320_000, priceFit: 0.93 })
    renderAt(<OptimizeGrid result={testOptimizeResult([escalated, plain])} />)
    expect(cellsOf('Purchase price')).toEqual(['$455,000Escalated over offer #2 by $15,000', '$320,000'])
    expect(within(rowOf('Where the net comes from')).getAllByRole('cell')[0]?.textContent).toBe(
      'RF707 clause B: price reduced by $3,500: −$3,500Stipulation A: 3 % of price, capped at $10,000: −$10,000Your commission: 3 % of price: −$13,545Your closing costs: −$1,000',
    )
    expect(cellsOf('Why it ranks here')[1]).toBe('Ranked last of the open offers Priced at 70% of your list price: it keeps 93% of its points.')
  })
})
