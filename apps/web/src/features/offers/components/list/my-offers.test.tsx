import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MyOffersPage, OfferSummary } from '@offerbook/domain/offer'
import type { OfferTab } from '@offerbook/domain/offer-status'
import { apiError, fakeApi, reply } from '../../../../test/fake-api'
import { renderAt } from '../../../../test/render'
import { initSession, saveSession } from '../../../../shared/session'
import { testOffer, testOfferSummary } from '../details/test-offer'
import { MyOffers } from './my-offers'

const counts = { all: 3, new: 1, active: 1, accepted: 0, closed: 0, inactive: 1 }
let offers: Record<OfferTab, OfferSummary[]>
const api = fakeApi()

function page(tab: OfferTab): MyOffersPage {
  return { items: offers[tab], total: offers[tab].length, page: 1, pageSize: 12, counts }
}

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  const active = testOfferSummary({ id: 'offer-active' })
  const draft = testOfferSummary({ id: 'offer-draft', status: 'draft', actions: ['share'], property: { ...active.property, id: 'listing-2', address: '9 Oak St, Nashville, TN 37201' } })
  const declined = testOfferSummary({ id: 'offer-declined', status: 'declined', actions: [], property: { ...active.property, id: 'listing-3', address: '4 Elm Ct, Brentwood, TN 37027' } })
  offers = { all: [active, draft, declined], new: [draft], active: [active], accepted: [], closed: [], inactive: [declined] }
  api.on('GET /api/offers/mine', ({ query }) => reply(page((query.get('tab') ?? 'all') as OfferTab)))
  api.on('POST /api/offers/offer-active/withdraw', reply({ offer: testOffer({ id: 'offer-active', status: 'withdrawn', actions: [] }) }))
})

const requests = (method: string, path: string) => api.calls(`${method} ${path}`)

describe('MyOffers', () => {
  it('shows every tab with its count and the offers of the chosen tab as cards', async () => {
    const onTab = vi.fn()
    renderAt(<MyOffers tab="all" page={1} onTab={onTab} onPage={() => {}} />)
    expect(await screen.findByRole('tab', { name: 'Active (1)' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'All (3)' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tab', { name: 'Accepted (0)' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Inactive (1)' })).toBeTruthy()

    const card = await screen.findByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })
    expect(card.textContent).toContain('$450,000')
    expect(card.textContent).toContain('Active')
    expect(within(card).getByRole('timer').textContent).toMatch(/^Expires in/)
    expect(within(card).getByRole('link', { name: 'Edit the offer on 120 Maple Ave, Franklin, TN 37064' }).getAttribute('href')).toBe('/submitted-offers/update/offer-active')

    const declined = screen.getByRole('article', { name: '4 Elm Ct, Brentwood, TN 37027' })
    expect(within(declined).queryByRole('timer')).toBeNull()
    expect(within(declined).queryByRole('button', { name: /Withdraw/ })).toBeNull()
    expect(within(declined).getByRole('link', { name: 'View the offer on 4 Elm Ct, Brentwood, TN 37027' })).toBeTruthy()

    await userEvent.click(screen.getByRole('tab', { name: 'Inactive (1)' }))
    expect(onTab).toHaveBeenCalledWith('inactive')
  })

  it("marks an offer every party signed 'Signed electronically' with the day", async () => {
    const signed = testOfferSummary({ id: 'offer-signed', status: 'accepted', actions: [], signedAt: '2030-01-06T15:00:00.000Z', property: { ...testOfferSummary().property, id: 'listing-4', address: '7 Birch Ln, Franklin, TN 37064' } })
    offers.all = [signed, ...offers.all]
    renderAt(<MyOffers tab="all" page={1} onTab={() => {}} onPage={() => {}} />)
    const card = await screen.findByRole('article', { name: '7 Birch Ln, Franklin, TN 37064' })
    expect(within(card).getByText('Signed electronically · Jan 6, 2030')).toBeTruthy()
    expect(within(screen.getByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })).queryByText(/Signed electronically/)).toBeNull()
  })

  it("marks a team leader's offer 'Team' with the leader's name and opens it read-only", async () => {
    const team = testOfferSummary({ id: 'offer-team', status: 'active', actions: [], team: { leaderName: 'Alex Agent' }, property: { ...testOfferSummary().property, id: 'listing-5', address: '9 Ash Dr, Franklin, TN 37064' } })
    offers.all = [team, ...offers.all]
    renderAt(<MyOffers tab="all" page={1} onTab={() => {}} onPage={() => {}} />)
    const card = await screen.findByRole('article', { name: '9 Ash Dr, Franklin, TN 37064' })
    expect(within(card).getByText('Team')).toBeTruthy()
    expect(within(card).getByText('Through the team of Alex Agent')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'View the offer on 9 Ash Dr, Franklin, TN 37064' }).getAttribute('href')).toBe('/property/listing-5/offers/offer-team')
    expect(within(screen.getByRole('article', { name: '120 Maple Ave, Franklin, TN 37064' })).queryByText('Team')).toBeNull()
  })

  it('says so on an empty tab and links to the homes for sale', async () => {
    renderAt(<MyOffers tab="accepted" page={1} onTab={() => {}} onPage={() => {}} />)
    expect(await screen.findByRole('heading', { name: 'No accepted offers' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Browse homes for sale' }).getAttribute('href')).toBe('/listings')
  })

  it('withdraws only after the buyer confirms, and Cancel sends nothing', async () => {
    renderAt(<MyOffers tab="active" page={1} onTab={() => {}} onPage={() => {}} />)
    const withdraw = await screen.findByRole('button', { name: 'Withdraw the offer on 120 Maple Ave, Franklin, TN 37064' })

    await userEvent.click(withdraw)
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this offer?' })
    expect(dialog.textContent).toContain('The seller of 120 Maple Ave, Franklin, TN 37064 will no longer be able to accept it.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests('POST', '/api/offers/offer-active/withdraw')).toHaveLength(0)

    offers.active = []
    await userEvent.click(withdraw)
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw this offer?' })).getByRole('button', { name: 'Withdraw offer' }))
    await waitFor(() => expect(requests('POST', '/api/offers/offer-active/withdraw')).toHaveLength(1))
    expect(await screen.findByText('The offer is withdrawn')).toBeTruthy()
    // The list is asked again and the offer has left the Active tab.
    expect(await screen.findByRole('heading', { name: 'No offers waiting for an answer' })).toBeTruthy()
  })

  it('shows what went wrong with a Retry when the list cannot be loaded', async () => {
    api.on('GET /api/offers/mine', apiError(400, 'offerTerms.pageRange'))
    renderAt(<MyOffers tab="all" page={1} onTab={() => {}} onPage={() => {}} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your offers could not be loaded')
    expect(alert.textContent).toContain('Page must be a whole number from 1')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})
