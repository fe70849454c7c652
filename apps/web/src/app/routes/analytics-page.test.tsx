import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AnalyticsFigures, AnalyticsReport } from '@offerbook/domain/analytics'
import type { Role } from '@offerbook/domain/roles'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('analytics')

const FIGURES: AnalyticsFigures = {
  selling: {
    listings: 3,
    listingsByStatus: [
      { status: 'Active', count: 2 },
      { status: 'Closed', count: 1 },
    ],
    offersReceived: 5,
    offersPerListing: 1.33,
    listingsWithOffers: 3,
    daysToFirstOffer: { average: 3, median: 3 },
    accepted: 2,
    declined: 2,
    acceptanceRate: 0.5,
    hoursToAnswer: { answered: 14, accepted: 12, declined: 15 },
    offerToListRatio: 0.971,
    acceptedToListRatio: 1.015,
    acceptedVolume: 700_000,
    closedListings: 1,
    closedVolume: 490_000,
  },
  buying: { offersMade: 0, accepted: 0, declined: 0, acceptanceRate: null, hoursToAnswer: { answered: null, accepted: null, declined: null }, offerToListRatio: null, acceptedToListRatio: null, acceptedVolume: 0 },
}

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    scope: 'agent',
    period: { from: '2025-01-01', to: '2025-03-31' },
    agents: [],
    agentId: null,
    total: FIGURES,
    byAgent: [],
    months: [
      { month: '2025-01', received: 2, accepted: 0, declined: 1, made: 0 },
      { month: '2025-02', received: 1, accepted: 1, declined: 0, made: 0 },
      { month: '2025-03', received: 2, accepted: 1, declined: 1, made: 0 },
    ],
    topListings: [{ listingId: 'l1', address: '101 Main St, Nashville, TN 37201', offers: 2 }],
    expiringSoon: { count: 1, offers: [{ offerId: 'o1', address: '101 Main St, Nashville, TN 37201', expiresAt: '2025-03-30T12:00:00.000Z', purchasePrice: 390_000 }] },
    ...overrides,
  }
}

function openAs(roles: Role[], path = '/analytics') {
  api.signInAs(userWith({ uid: 'me', name: 'Lena Listing', roles }))
  return renderRoutes(appRoutes(), path)
}

const queriesSent = () => api.calls('GET /api/analytics').length

describe('analytics page', () => {
  it("shows an agent's charts, each with its table, and the key figures", async () => {
    api.handlers['GET /api/analytics'] = () => json(200, report())
    openAs(['SELLER_AGENT'])
    expect(await screen.findByRole('heading', { name: 'Offers by month' })).toBeTruthy()
    expect(screen.getByTestId('chart-months')).toBeTruthy()
    const months = screen.getByTestId('table-months')
    expect(within(months).getByText('Offers by month', { selector: 'caption' })).toBeTruthy()
    expect(within(months).getAllByRole('row')).toHaveLength(4)
    const keyFigures = screen.getByTestId('table-key-figures')
    const acceptance = within(keyFigures).getByRole('rowheader', { name: 'Acceptance rate' }).closest('tr')!
    expect(within(acceptance).getByText('50%')).toBeTruthy()
    expect(within(keyFigures).getByText('$700,000')).toBeTruthy()
  })

  it('downloads the tables as a CSV with the headers in the reader language', async () => {
    api.handlers['GET /api/analytics'] = () => json(200, report())
    let saved: Blob | null = null
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:analytics'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    openAs(['SELLER_AGENT'])
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }))
    await vi.waitFor(() => expect(saved).not.toBeNull())
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as string)
      reader.readAsText(saved as unknown as Blob)
    })
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines.slice(0, 2)).toEqual(['Key figures', 'Figure,You'])
    expect(lines).toContain('Acceptance rate,0.5')
    expect(lines).toContain('Month,Offers received,Accepted,Declined,Offers made')
    expect(lines).toContain('2025-01,2,0,1,0')
  })

  it('says there are no offers in an empty period, and shows a failure with Retry', async () => {
    const empty = { ...FIGURES, selling: { ...FIGURES.selling!, listings: 0, offersReceived: 0, closedListings: 0 } }
    api.handlers['GET /api/analytics'] = () => json(200, report({ total: empty }))
    const view = openAs(['BUYER_AGENT'])
    expect(await screen.findByText('No offers in this period')).toBeTruthy()
    view.unmount()
    api.handlers['GET /api/analytics'] = () => apiError(500, 'INTERNAL', 'request.internal')
    openAs(['BUYER_AGENT'])
    expect(await screen.findByText('The figures could not be loaded')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('refuses an end before the start on the field, without asking the API', async () => {
    api.handlers['GET /api/analytics'] = () => json(200, report())
    openAs(['SELLER_AGENT'])
    // The form takes the period the report answers with; it is ready once the report is shown.
    await screen.findByRole('heading', { name: 'Offers by month' })
    const to = screen.getByRole('textbox', { name: /^To/ })
    expect(queriesSent()).toBe(1)
    await userEvent.clear(to)
    await userEvent.type(to, '2024-12-01')
    await userEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy()
    expect(queriesSent()).toBe(1)
  })

  it("lets a principal broker pick one of the brokerage's agents", async () => {
    const agents = [
      { id: 'a1', name: 'Ava Agent' },
      { id: 'a2', name: 'Bo Buyeragent' },
    ]
    api.handlers['GET /api/analytics'] = () => json(200, report({ scope: 'brokerage', agents, byAgent: agents.map((agent) => ({ agentId: agent.id, name: agent.name, figures: FIGURES })) }))
    // jsdom has no layout: the select's list scrolls its active option into view.
    Element.prototype.scrollIntoView ??= () => {}
    openAs(['PRINCIPAL_BROKER'])
    expect(await screen.findByRole('heading', { name: 'Offers by agent' })).toBeTruthy()
    expect(within(screen.getByTestId('table-key-figures')).getByRole('columnheader', { name: 'Brokerage' })).toBeTruthy()
    await userEvent.click(screen.getAllByLabelText('Agent').find((element) => element.tagName === 'INPUT')!)
    await userEvent.click(await screen.findByRole('option', { name: 'Bo Buyeragent', hidden: true }))
    await waitFor(() => expect(api.fake.calls('GET /api/analytics').some((request) => request.query.get('agentId') === 'a2')).toBe(true))
  })
})
