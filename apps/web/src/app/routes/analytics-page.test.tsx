import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AnalyticsFigures, AnalyticsReport } from '@offerbook/domain/analytics'
import type { BrokerContract, BrokerContractsPage } from '@offerbook/domain/broker-contracts'
import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { i18n } from '../../shared/i18n/i18n'
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

const AT_RISK: BrokerContract = {
  offerId: 'c1',
  listingId: 'l1',
  address: '101 Main St, Nashville, TN 37201',
  bindingAgreementDate: '2026-01-12',
  agents: [{ id: 'a2', name: 'Bo Agent', side: 'buyer' }],
  atRisk: [{ kind: 'earnestMoney', owner: 'buyer', state: 'missed', date: '2026-01-15' }],
  next: { kind: 'closing', owner: 'both', state: 'upcoming', date: '2026-03-13' },
}
const CALM: BrokerContract = {
  offerId: 'c2',
  listingId: 'l2',
  address: '202 Oak Ave, Knoxville, TN 37902',
  bindingAgreementDate: '2026-01-20',
  agents: [{ id: 'a1', name: 'Ava Agent', side: 'listing' }],
  atRisk: [],
  next: { kind: 'proofOfFunds', owner: 'buyer', state: 'upcoming', date: '2026-01-25' },
}
const contractsPage = (items: BrokerContract[], total = items.length, page = 1): BrokerContractsPage => ({ items, total, page, pageSize: 10 })
const TIMELINE: ContractTimelineView = {
  offerId: 'c1',
  bindingAgreementDate: '2026-01-12',
  zone: 'America/Chicago',
  asOf: '2026-01-16T12:00:00.000Z',
  items: [
    { kind: 'earnestMoney', owner: 'buyer', basis: 'agreement', date: '2026-01-15', due: '2026-01-16T05:59:00.000Z', estimated: false, waitsFor: null, nonBusinessDay: null, lastBusinessDay: null, title: 'timeline.earnestMoney', ifNothing: { key: 'timeline.earnestMoneyIfNothing' }, state: 'missed' },
  ],
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
    api.handlers['GET /api/broker/contracts'] = () => json(200, contractsPage([]))
    // jsdom has no layout: the select's list scrolls its active option into view.
    Element.prototype.scrollIntoView ??= () => {}
    openAs(['PRINCIPAL_BROKER'])
    expect(await screen.findByRole('heading', { name: 'Offers by agent' })).toBeTruthy()
    expect(within(screen.getByTestId('table-key-figures')).getByRole('columnheader', { name: 'Brokerage' })).toBeTruthy()
    await userEvent.click(screen.getAllByLabelText('Agent').find((element) => element.tagName === 'INPUT')!)
    await userEvent.click(await screen.findByRole('option', { name: 'Bo Buyeragent', hidden: true }))
    await waitFor(() => expect(api.fake.calls('GET /api/analytics').some((request) => request.query.get('agentId') === 'a2')).toBe(true))
  })

  it("lists a principal broker's agents' contracts at-risk first and opens one's timeline read-only, by keyboard too", async () => {
    api.handlers['GET /api/analytics'] = () => json(200, report({ scope: 'brokerage' }))
    api.handlers['GET /api/broker/contracts'] = () => json(200, contractsPage([AT_RISK, CALM], 12))
    api.handlers['GET /api/offers/c1/timeline'] = () => json(200, TIMELINE)
    openAs(['PRINCIPAL_BROKER'])
    const section = await screen.findByRole('region', { name: "Your agents' contracts" })
    const first = await within(section).findByTestId('broker-contract-c1')
    expect(within(first).getByRole('heading', { name: AT_RISK.address })).toBeTruthy()
    expect(first.textContent).toContain('Bo Agent, buyer agent')
    expect(first.textContent).toContain('Binding Agreement Date: Jan 12, 2026')
    const risk = within(first).getByRole('list', { name: 'Missed or due soon' })
    expect(within(risk).getByText('Missed')).toBeTruthy()
    expect(risk.textContent).toContain('Earnest money due: by Jan 15, 2026')
    expect(first.textContent).toContain('Next: Closing (on or before), by Mar 13, 2026')
    const second = within(section).getByTestId('broker-contract-c2')
    expect(second.textContent).toContain('Ava Agent, listing agent')
    expect(second.textContent).toContain('Nothing is missed or due soon.')
    // At-risk first, as the API ordered them.
    expect(within(section).getAllByTestId(/^broker-contract-/).map((element) => element.dataset['testid'])).toEqual(['broker-contract-c1', 'broker-contract-c2'])

    const show = within(first).getByRole('button', { name: `Show timeline: ${AT_RISK.address}` })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    show.focus()
    await userEvent.keyboard('{Enter}')
    const timeline = await within(first).findByRole('region', { name: 'Timeline' })
    expect(await within(timeline).findByTestId('timeline-item-earnestMoney')).toBeTruthy()
    expect(within(timeline).getByTestId('timeline-read-only').textContent).toBe("You are reading this timeline as the principal broker. Only the contract's agents act on it.")
    // Read-only: nothing in the timeline acts on the contract.
    expect(within(timeline).queryAllByRole('button')).toEqual([])
    expect(within(first).getByRole('button', { name: `Hide timeline: ${AT_RISK.address}` }).getAttribute('aria-expanded')).toBe('true')

    // Twelve contracts: a second page.
    await userEvent.click(within(within(section).getByRole('navigation', { name: 'Pages of contracts' })).getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(api.fake.calls('GET /api/broker/contracts').some((request) => request.query.get('page') === '2')).toBe(true))
  })

  it("says when a principal broker's agents have no open contract, in Spanish too, and shows a failure with Retry", async () => {
    api.handlers['GET /api/analytics'] = () => json(200, report({ scope: 'brokerage' }))
    api.handlers['GET /api/broker/contracts'] = () => json(200, contractsPage([]))
    const view = openAs(['PRINCIPAL_BROKER'])
    expect(await screen.findByText('None of your agents has an open contract.')).toBeTruthy()
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByRole('region', { name: 'Contratos de sus agentes' })).toBeTruthy()
    expect(screen.getByText('Ninguno de sus agentes tiene un contrato en curso.')).toBeTruthy()
    await act(() => i18n.changeLanguage('en-us'))
    view.unmount()
    api.handlers['GET /api/broker/contracts'] = () => apiError(500, 'INTERNAL', 'request.internal')
    openAs(['PRINCIPAL_BROKER'])
    expect(await screen.findByText("Your agents' contracts could not be loaded")).toBeTruthy()
    const failed = screen.getByRole('region', { name: "Your agents' contracts" })
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('shows no contracts section to an agent', async () => {
    api.handlers['GET /api/analytics'] = () => json(200, report())
    openAs(['SELLER_AGENT'])
    await screen.findByRole('heading', { name: 'Offers by month' })
    expect(screen.queryByRole('region', { name: "Your agents' contracts" })).toBeNull()
    expect(api.fake.calls('GET /api/broker/contracts')).toEqual([])
  })
})
