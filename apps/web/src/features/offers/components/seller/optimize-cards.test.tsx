import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAt } from '../../../../test/render'
import { OptimizeCards } from './optimize-cards'
import { OptimizeGrid } from './optimize-grid'
import { testOptimizeResult, testRankedOffer } from './test-optimize'

const first = testRankedOffer({
  id: 'offer-cash',
  rank: 1,
  score: 72.46,
  buyerNames: ['Cara Cash'],
  purchasePrice: 470_000,
  netToSeller: 452_000,
  costs: { concessions: 0, commission: 14_100, closingCosts: 3_900, homeWarranty: 0 },
  financingType: 'cash',
  criteria: { netToSeller: { measure: 452_000, points: 19.23 }, financingCertainty: { measure: 1, points: 13.46 } },
  leadOverNext: 4.3,
  aheadOfNext: [{ criterion: 'netToSeller', points: 2.1 }],
})
const second = testRankedOffer({ id: 'offer-fha', rank: 2, score: 68.16, status: 'backup', buyerNames: ['Ben Buyer'], financingType: 'fha', leadOverNext: 0, aheadOfNext: [] })
const third = testRankedOffer({ id: 'offer-last', rank: 3, score: 68.16, buyerNames: [], closingDate: null })
const fourth = testRankedOffer({ id: 'offer-four', rank: 4, score: 50, buyerNames: ['Dee Four'] })
const result = testOptimizeResult([second, third, first, fourth])

/** Each card's figures as label → value, in order. */
function cardFigures(card: HTMLElement): [string, string][] {
  const terms = [...card.querySelectorAll('dt')]
  return terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? ''])
}

describe('OptimizeCards', () => {
  it('draws the first eight cards with the page and all fifty right after, best first', async () => {
    const many = testOptimizeResult(Array.from({ length: 50 }, (_, index) => testRankedOffer({ id: `offer-${index + 1}`, rank: index + 1, score: 90 - index, buyerNames: [`Buyer ${index + 1}`] })))
    renderAt(<OptimizeCards result={many} />)
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(50))
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(Array.from({ length: 50 }, (_, index) => `Offer ${index + 1}`))
  })

  it('shows one card per open offer, best first, with the figures of the grid’s column, row for row', () => {
    const { unmount } = renderAt(<OptimizeGrid result={result} />)
    const rows = screen.getAllByRole('rowheader').filter((header) => header.getAttribute('scope') === 'row')
    const grid = rows.map((header) => [header.textContent ?? '', within(header.closest('tr') as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent ?? '')] as const)
    unmount()

    renderAt(<OptimizeCards result={result} />)
    const cards = screen.getAllByRole('article')
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Offer 1', 'Offer 2', 'Offer 3', 'Offer 4'])
    expect(within(cards[0] as HTMLElement).getByText('72.5 of 100')).toBeTruthy()
    expect(within(cards[1] as HTMLElement).getByText('Back-up')).toBeTruthy()
    cards.forEach((card, column) => {
      expect(cardFigures(card)).toEqual(grid.map(([label, cells]) => [label, cells[column]]))
    })
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Open offer #1' }).getAttribute('href')).toBe('/my-properties/listing-1/offers/offer-cash')
  })

  it('compares two or three chosen offers side by side, and no more than three', async () => {
    const user = userEvent.setup()
    renderAt(<OptimizeCards result={result} />)
    const compare = screen.getByRole('button', { name: /^Compare/ }) as HTMLButtonElement
    expect(compare.disabled).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: 'Compare #1' }))
    expect(compare.disabled).toBe(true)
    await user.click(screen.getByRole('checkbox', { name: 'Compare #3' }))
    await user.click(screen.getByRole('checkbox', { name: 'Compare #4' }))
    expect((screen.getByRole('checkbox', { name: 'Compare #2' }) as HTMLInputElement).disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Compare 3' }))

    const table = await screen.findByRole('table', { name: 'Offers #1, #3, #4 side by side' })
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Terms', '#1Cara Cash72.5 of 100', '#3Buyers not named68.2 of 100', '#4Dee Four50.0 of 100'])
    const row = (label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)
    expect(row('Purchase price')).toEqual(['$470,000', '$450,000', '$450,000'])
    expect(row('Net to seller')).toEqual(['$452,000', '$430,000', '$430,000'])
    // Why each ranks where it does speaks of the next offer in the whole ranking, not of the next one chosen.
    expect(row('Why it ranks here')[0]).toBe('Ahead of #2 by 4.3 points: net to seller +2.1')
    await user.click(screen.getAllByRole('button', { name: 'Close the comparison' }).at(-1) as HTMLElement)
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull())
  })
})
