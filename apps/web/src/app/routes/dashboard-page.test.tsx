import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Dashboard, Pipeline } from '@offerbook/domain/dashboard'
import { dashboardSectionOrder } from '@offerbook/domain/dashboard-values'
import type { User } from '@offerbook/domain/user'
import { RECENT_SEARCHES_KEY } from '../../shared/recent-searches'
import { UI_MODE_STORAGE_KEY } from '../../shared/ui-mode'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('dashboard', 'pb-dashboard')

afterEach(() => {
  window.localStorage.removeItem(UI_MODE_STORAGE_KEY)
  window.localStorage.removeItem(RECENT_SEARCHES_KEY)
})

const DASHBOARD: Dashboard = {
  drafts: [{ offerId: 'o1', listingId: 'l1', address: '1 Draft Rd, Nashville, TN 37201', purchasePrice: 300_000, updatedAt: '2026-11-20T12:00:00.000Z', href: '/submitted-offers/update/o1' }],
  offersToAnswer: [
    { offerId: 'o2', listingId: 'l2', address: '2 Offer St, Nashville, TN 37201', buyerName: 'Ben Buyer', purchasePrice: 410_000, sharedAt: '2026-11-25T12:00:00.000Z', expiresAt: null, href: '/my-properties/l2/offers/o2' },
  ],
  documentsToSign: [],
  deadlines: [
    { offerId: 'o4', listingId: 'l4', address: '4 Late Ln, Nashville, TN 37201', kind: 'earnestMoney', owner: 'buyer', state: 'missed', date: '2026-11-28', href: '/my-properties/l4/offers/o4' },
    { offerId: 'o3', listingId: 'l3', address: '3 Close Ave, Nashville, TN 37201', kind: 'inspectionPeriod', owner: 'buyer', state: 'upcoming', date: '2026-12-02', href: '/submitted-offers/update/o3' },
  ],
}

const headings = () =>
  within(screen.getByTestId('next-actions'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)

function open(user: User, path = '/dashboard') {
  api.signInAs(user)
  return renderRoutes(appRoutes(), path)
}

describe('dashboard page', () => {
  it('puts drafts, deadlines and new homes first in buy mode, each item linking to where it is done', async () => {
    api.handlers['GET /api/dashboard'] = () => json(200, DASHBOARD)
    open(userWith({ roles: ['SELLER_AGENT'], uiMode: 'buy' }))
    await screen.findByTestId('next-actions')
    expect(headings()).toEqual(['Drafts to finish', 'Deadlines in the next 14 days', 'New homes for your searches', 'Documents to sign', 'Offers to answer'])
    expect(screen.getByRole('link', { name: /^Finish the offer: / }).getAttribute('href')).toBe('/submitted-offers/update/o1')
    expect(screen.getByRole('link', { name: /^Review and answer: / }).getAttribute('href')).toBe('/my-properties/l2/offers/o2')
    expect(screen.getByText('Nothing to sign.')).toBeTruthy()
    // The contract timeline's items, at-risk first, each named as the offer's Timeline names it.
    const deadlines = within(screen.getByTestId('section-deadlines')).getAllByRole('listitem')
    expect(deadlines.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Earnest money due: .*Missed.*4 Late Ln/),
      expect.stringMatching(/^Inspection period ends: .*3 Close Ave/),
    ])
  })

  it('puts the offers to answer first in sell mode, and reorders when the header switch changes the mode', async () => {
    api.handlers['GET /api/dashboard'] = () => json(200, DASHBOARD)
    api.handlers['PUT /api/me/ui-mode'] = (init) => json(200, { user: userWith({ roles: ['SELLER_AGENT'], ...(bodyOf(init) as object) }) })
    open(userWith({ roles: ['SELLER_AGENT'], uiMode: 'sell' }))
    await screen.findByTestId('next-actions')
    await waitFor(() => expect(headings()[0]).toBe('Offers to answer'))
    expect(headings()).toEqual(['Offers to answer', 'Documents to sign', 'Deadlines in the next 14 days', 'Drafts to finish', 'New homes for your searches'])
    await userEvent.click(screen.getByRole('radio', { name: 'Buy' }))
    await waitFor(() => expect(headings()[0]).toBe('Drafts to finish'))
  })

  it('says when there is nothing to do, and shows the newest homes of the last search with the new ones marked', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify([{ query: 'q=Franklin', seen: ['h1'] }]))
    api.handlers['GET /api/dashboard'] = () => json(200, { drafts: [], offersToAnswer: [], documentsToSign: [], deadlines: [] })
    const home = (id: string, address: string) => ({ id, UnparsedAddress: address, ListPrice: 500_000 })
    api.handlers['GET /api/properties'] = () => json(200, { items: [home('h2', '9 New Ln, Franklin, TN'), home('h1', '8 Old Ln, Franklin, TN')], total: 2, page: 1, pageSize: 3, totalCapped: false })
    open(userWith({ roles: ['BUYER_SIMPLE'] }))
    expect(await screen.findByText(/Nothing to do right now/)).toBeTruthy()
    const newHomes = await screen.findByTestId('section-newHomes')
    await within(newHomes).findByText('9 New Ln, Franklin, TN, $500,000')
    expect(within(newHomes).getAllByText('New')).toHaveLength(1)
    expect(within(newHomes).getAllByRole('link', { name: /Property detail/ })[0]!.getAttribute('href')).toBe('/property/h2')
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')[0].seen).toEqual(['h2', 'h1']))
  })

  it('shows every amount in the currency the user prefers', async () => {
    api.handlers['GET /api/dashboard'] = () => json(200, { drafts: [], offersToAnswer: [], documentsToSign: [], deadlines: [] })
    api.handlers['GET /api/properties'] = () => json(200, { items: [{ id: 'h3', UnparsedAddress: '7 Euro Ln, Franklin, TN', ListPrice: 500_000 }], total: 1, page: 1, pageSize: 3, totalCapped: false })
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify([{ query: 'q=Franklin', seen: [] }]))
    open(userWith({ roles: ['BUYER_SIMPLE'], currency: 'EUR' }))
    const newHomes = await screen.findByTestId('section-newHomes')
    await within(newHomes).findByText('7 Euro Ln, Franklin, TN, €500,000')
  })

  it('shows the error with a retry', async () => {
    api.handlers['GET /api/dashboard'] = () => apiError(500, 'INTERNAL', 'request.internal')
    open(userWith({ roles: ['BUYER_SIMPLE'] }))
    expect(await screen.findByText('Your next steps could not be loaded')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('orders the sections for each mode with every section once', () => {
    for (const mode of ['buy', 'sell'] as const) expect(new Set(dashboardSectionOrder(mode)).size).toBe(5)
  })
})

describe('pipeline page', () => {
  it('shows each transaction in its stage column, the attention items and the brokerage', async () => {
    const pipeline: Pipeline = {
      transactions: [
        { id: 'l1', side: 'listing', stage: 'offersIn', listingId: 'l1', address: '1 Main St', listPrice: 400_000, openOffers: 2, teamOf: null, href: '/my-properties/l1/optimize' },
        { id: 'o9', side: 'buyer', stage: 'signing', listingId: 'l9', address: '9 Elm St', listPrice: 300_000, openOffers: 0, teamOf: 'Lena Listing', href: '/submitted-offers/update/o9' },
      ],
      counts: { listed: 0, offersIn: 1, accepted: 0, signing: 1, signed: 0, closed: 0 },
      deadlines: [],
      attention: [{ kind: 'draftUnshared', offerId: 'o5', listingId: 'l5', address: '5 Oak St', at: '2026-11-20T12:00:00.000Z', href: '/submitted-offers/update/o5' }],
      brokerage: { principalBroker: { name: 'Pat Broker', email: 'principal-broker@example.com' }, brokerageAgents: [], team: [], principalBrokerStatus: 'pending' },
    }
    api.handlers['GET /api/dashboard/pipeline'] = () => json(200, pipeline)
    open(userWith({ roles: ['SELLER_AGENT'] }), '/pbDashboard')
    const offersIn = await screen.findByTestId('stage-offersIn')
    expect(within(offersIn).getByRole('link', { name: '1 Main St' }).getAttribute('href')).toBe('/my-properties/l1/optimize')
    expect(within(offersIn).getByText('2 open offers')).toBeTruthy()
    expect(within(screen.getByTestId('stage-signing')).getByText('Team of Lena Listing')).toBeTruthy()
    expect(within(screen.getByTestId('stage-listed')).getByText('None')).toBeTruthy()
    expect(within(screen.getByTestId('attention')).getByText(/^Draft not shared since/)).toBeTruthy()
    expect(screen.getByText(/Pat Broker/)).toBeTruthy()
    expect(screen.getByText('Pending review')).toBeTruthy()
  })
})
