import { describe, expect, it, vi } from 'vitest'
import type { AnalyticsFigures, AnalyticsReport as Report } from '@offerbook/domain/analytics'
import { renderAt } from '../../../test/render'
import { AnalyticsReport, shortLabel } from './analytics-report'

/** Each chart as drawn: its props, for the axes (the charts themselves need a real layout to draw). */
const charts = vi.hoisted(() => [] as { dataKey: string; orientation?: string; xAxisProps?: { interval?: unknown }; yAxisProps?: { interval?: unknown } }[])
vi.mock('@mantine/charts', () => ({
  BarChart: (props: (typeof charts)[number]) => {
    charts.push(props)
    return null
  },
}))

const FIGURES: AnalyticsFigures = {
  selling: {
    listings: 2,
    listingsByStatus: [
      { status: 'Active', count: 1 },
      { status: 'Closed', count: 1 },
    ],
    offersReceived: 3,
    offersPerListing: 1.5,
    listingsWithOffers: 2,
    daysToFirstOffer: { average: 3, median: 3 },
    accepted: 1,
    declined: 1,
    acceptanceRate: 0.5,
    hoursToAnswer: { answered: 14, accepted: 12, declined: 15 },
    offerToListRatio: 0.97,
    acceptedToListRatio: 1,
    acceptedVolume: 400_000,
    closedListings: 1,
    closedVolume: 400_000,
  },
  buying: { offersMade: 0, accepted: 0, declined: 0, acceptanceRate: null, hoursToAnswer: { answered: null, accepted: null, declined: null }, offerToListRatio: null, acceptedToListRatio: null, acceptedVolume: 0 },
}

const report: Report = {
  scope: 'brokerage',
  period: { from: '2025-01-01', to: '2025-12-31' },
  agents: [],
  agentId: null,
  total: FIGURES,
  byAgent: Array.from({ length: 14 }, (_, index) => ({ agentId: `a${index}`, name: `Agent number ${index} with a long name`, figures: FIGURES })),
  months: Array.from({ length: 12 }, (_, index) => ({ month: `2025-${String(index + 1).padStart(2, '0')}`, received: 1, accepted: 0, declined: 0, made: 0 })),
  topListings: [{ listingId: 'l1', address: '101 Main St, Nashville, TN 37201', offers: 2 }],
  expiringSoon: { count: 0, offers: [] },
}

describe('AnalyticsReport', () => {
  it('labels every bar of every chart: no axis of categories skips labels (Recharts interval 0)', () => {
    charts.length = 0
    renderAt(<AnalyticsReport report={report} tablesShown={false} />)
    const drawn = new Map(charts.map((chart) => [chart.dataKey, chart]))
    expect([...drawn.keys()].sort()).toEqual(['address', 'month', 'name', 'status'])
    for (const [key, chart] of drawn) {
      const categories = chart.orientation === 'vertical' ? chart.yAxisProps : chart.xAxisProps
      expect(categories?.interval, key).toBe(0)
    }
  })

  it('cuts a long label with an ellipsis and keeps a short one whole', () => {
    expect(shortLabel('2025-03')).toBe('2025-03')
    expect(shortLabel('101 Main Street, Nashville, TN 37201')).toBe('101 Main Street, Nash…')
  })
})
