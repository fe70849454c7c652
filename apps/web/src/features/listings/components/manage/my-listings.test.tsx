import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { MyListings } from './my-listings'
import { MY_LISTINGS_VIEW_KEY } from './my-listings-view'
import { testSummary } from './test-listing'

const api = fakeApi()

const listings = [
  testSummary({ id: 'listing-1', offerCount: 3 }),
  testSummary({ id: 'listing-2', UnparsedAddress: '9 Birch Ln, Franklin, TN 37064', StandardStatus: 'Pending', offerCount: 1 }),
  testSummary({ id: 'listing-3', UnparsedAddress: '', StandardStatus: 'Incomplete', draftStep: 'photos', ListPrice: null, offerCount: 0 }),
]

beforeEach(() => {
  window.localStorage.removeItem(MY_LISTINGS_VIEW_KEY)
  api.on('GET /api/listings/mine', reply({ items: listings, total: listings.length, page: 1, pageSize: 12 }))
  api.on('GET /api/listings/mine/screen', reply({ listings: { items: listings, total: listings.length, page: 1, pageSize: 12 }, counts: { all: 3, drafts: 1, active: 1, underContract: 1, closed: 0, offMarket: 0 } }))
})

describe('MyListings', () => {
  it("draws the first screen, the list and every tab's count, from one answer", async () => {
    renderAt(<MyListings canAddListings />)
    expect(await screen.findByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })).toBeTruthy()
    expect(await screen.findByRole('tab', { name: /Under contract.*1/ })).toBeTruthy()
    expect(api.calls('GET /api/listings/mine/screen').map((call) => call.query.toString())).toEqual(['page=1&pageSize=12'])
    expect(api.calls('GET /api/listings/mine')).toHaveLength(0)
  })

  it('asks the list and the counts on their own when the one answer fails, and shows them', async () => {
    api.on('GET /api/listings/mine/screen', apiError(500, 'request.internal'))
    renderAt(<MyListings canAddListings />)
    expect(await screen.findByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })).toBeTruthy()
    expect(api.calls('GET /api/listings/mine').length).toBeGreaterThan(0)
  })

  it('pages through more listings than a page holds, with every page control named for a screen reader', async () => {
    api.on('GET /api/listings/mine/screen', reply({ listings: { items: listings, total: 30, page: 1, pageSize: 12 }, counts: { all: 30, drafts: 1, active: 28, underContract: 1, closed: 0, offMarket: 0 } }))
    api.on('GET /api/listings/mine', reply({ items: listings, total: 30, page: 2, pageSize: 12 }))
    renderAt(<MyListings canAddListings />)
    const pager = await screen.findByRole('navigation', { name: 'Pages of your listings' })
    const buttons = within(pager).getAllByRole('button')
    // Every control has a name: the arrows too, which show only an icon.
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page'])
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(api.calls('GET /api/listings/mine').map((call) => call.query.get('page'))).toContain('2'))
  })

  it("shows each listing's offers and status on its card", async () => {
    renderAt(<MyListings canAddListings />)
    const card = await screen.findByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })
    expect(within(card).getByTestId('listing-offer-count').textContent).toBe('3 offers received')
    expect(within(card).getByText('Active')).toBeTruthy()
    const pending = screen.getByRole('article', { name: '9 Birch Ln, Franklin, TN 37064' })
    expect(within(pending).getByTestId('listing-offer-count').textContent).toBe('1 offer received')
    // A draft takes no offers yet: no count.
    expect(within(screen.getByRole('article', { name: 'Address not entered yet' })).queryByTestId('listing-offer-count')).toBeNull()
  })

  it('offers a compact table beside the cards, one line per listing, and remembers the choice', async () => {
    const { unmount } = renderAt(<MyListings canAddListings />)
    await screen.findByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })
    await userEvent.click(screen.getByRole('radio', { name: 'Table' }))
    const table = await screen.findByRole('table', { name: 'Your listings' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['3', '1', '—'])
    expect(within(rows[0]!).getByRole('link', { name: '120 Maple Ave, Franklin, TN 37064' }).getAttribute('href')).toBe('/my-properties/listing-1/edit-listing')
    expect(within(rows[2]!).getByRole('link', { name: 'Address not entered yet' }).getAttribute('href')).toBe('/add-listing/new/photos?id=listing-3')
    expect(screen.queryByRole('article')).toBeNull()
    unmount()

    // Back on the page later, the table is still the view.
    renderAt(<MyListings canAddListings />)
    expect(await screen.findByRole('table', { name: 'Your listings' })).toBeTruthy()
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Table' }) as HTMLInputElement).checked).toBe(true))
  })
})
