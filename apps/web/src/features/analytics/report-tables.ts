import type { Translate } from '../../shared/i18n/translation'
import type { AnalyticsFigures, AnalyticsReport } from '@offerbook/domain/analytics'

/**
 * The report as tables: each chart's table for screen readers, and the CSV. One model for both, so
 * the file holds what the page shows, with the headers in the reader's language.
 */

export type CellKind = 'text' | 'count' | 'decimal' | 'money' | 'percent' | 'ratio' | 'hours' | 'days' | 'dateTime'
export type Cell = { value: string | number | null; kind: CellKind }
export type FigureTable = { id: string; caption: string; columns: string[]; rows: Cell[][] }

const P = 'analytics'
const text = (value: string): Cell => ({ value, kind: 'text' })
const cell = (value: number | null, kind: CellKind): Cell => ({ value, kind })

type FigureRow = { key: string; kind: CellKind; pick: (figures: AnalyticsFigures) => number | null | undefined }

/** The key figures, in the order the table lists them; a side the scope lacks is left out. */
const SELLING_ROWS: FigureRow[] = [
  { key: 'listings', kind: 'count', pick: (f) => f.selling?.listings },
  { key: 'offersReceived', kind: 'count', pick: (f) => f.selling?.offersReceived },
  { key: 'offersPerListing', kind: 'decimal', pick: (f) => f.selling?.offersPerListing },
  { key: 'daysToFirstOfferAverage', kind: 'days', pick: (f) => f.selling?.daysToFirstOffer.average },
  { key: 'daysToFirstOfferMedian', kind: 'days', pick: (f) => f.selling?.daysToFirstOffer.median },
  { key: 'hoursToAnswer', kind: 'hours', pick: (f) => f.selling?.hoursToAnswer.answered },
  { key: 'hoursToAccept', kind: 'hours', pick: (f) => f.selling?.hoursToAnswer.accepted },
  { key: 'hoursToDecline', kind: 'hours', pick: (f) => f.selling?.hoursToAnswer.declined },
  { key: 'acceptanceRate', kind: 'percent', pick: (f) => f.selling?.acceptanceRate },
  { key: 'offerToListRatio', kind: 'ratio', pick: (f) => f.selling?.offerToListRatio },
  { key: 'acceptedToListRatio', kind: 'ratio', pick: (f) => f.selling?.acceptedToListRatio },
  { key: 'acceptedVolume', kind: 'money', pick: (f) => f.selling?.acceptedVolume },
  { key: 'closedListings', kind: 'count', pick: (f) => f.selling?.closedListings },
  { key: 'closedVolume', kind: 'money', pick: (f) => f.selling?.closedVolume },
]

const BUYING_ROWS: FigureRow[] = [
  { key: 'offersMade', kind: 'count', pick: (f) => f.buying?.offersMade },
  { key: 'madeAccepted', kind: 'count', pick: (f) => f.buying?.accepted },
  { key: 'madeDeclined', kind: 'count', pick: (f) => f.buying?.declined },
  { key: 'madeAcceptanceRate', kind: 'percent', pick: (f) => f.buying?.acceptanceRate },
  { key: 'madeHoursToAnswer', kind: 'hours', pick: (f) => f.buying?.hoursToAnswer.answered },
  { key: 'madeOfferToListRatio', kind: 'ratio', pick: (f) => f.buying?.offerToListRatio },
  { key: 'madeAcceptedToListRatio', kind: 'ratio', pick: (f) => f.buying?.acceptedToListRatio },
  { key: 'madeAcceptedVolume', kind: 'money', pick: (f) => f.buying?.acceptedVolume },
]

/** Whether the period holds anything at all to chart. */
export function isEmptyReport(report: AnalyticsReport): boolean {
  const { selling, buying } = report.total
  return (selling?.offersReceived ?? 0) + (selling?.listings ?? 0) + (selling?.closedListings ?? 0) + (buying?.offersMade ?? 0) === 0
}

export function keyFiguresTable(report: AnalyticsReport, t: Translate): FigureTable {
  const scopes = [{ name: t(`${P}.scopeTotal.${report.scope}`), figures: report.total }, ...report.byAgent.map((row) => ({ name: row.name, figures: row.figures }))]
  const rows = [...(report.total.selling ? SELLING_ROWS : []), ...(report.total.buying ? BUYING_ROWS : [])]
  return {
    id: 'key-figures',
    caption: t(`${P}.tables.keyFigures`),
    columns: [t(`${P}.columns.figure`), ...scopes.map((scope) => scope.name)],
    rows: rows.map((row) => [text(t(`${P}.figures.${row.key}`)), ...scopes.map((scope) => cell(row.pick(scope.figures) ?? null, row.kind))]),
  }
}

export function monthsTable(report: AnalyticsReport, t: Translate): FigureTable {
  const selling = report.total.selling !== null
  return {
    id: 'months',
    caption: t(`${P}.tables.months`),
    columns: [t(`${P}.columns.month`), ...(selling ? [t(`${P}.series.received`), t(`${P}.series.accepted`), t(`${P}.series.declined`)] : []), t(`${P}.series.made`)],
    rows: report.months.map((month) => [
      text(month.month),
      ...(selling ? [cell(month.received, 'count'), cell(month.accepted, 'count'), cell(month.declined, 'count')] : []),
      cell(month.made, 'count'),
    ]),
  }
}

export function statusTable(report: AnalyticsReport, t: Translate): FigureTable {
  return {
    id: 'listings-by-status',
    caption: t(`${P}.tables.listingsByStatus`),
    columns: [t(`${P}.columns.status`), t(`${P}.columns.listings`)],
    rows: (report.total.selling?.listingsByStatus ?? []).map((row) => [text(t(`listing.status.${row.status}`, { defaultValue: row.status })), cell(row.count, 'count')]),
  }
}

export function agentsTable(report: AnalyticsReport, t: Translate): FigureTable {
  return {
    id: 'agents',
    caption: t(`${P}.tables.agents`),
    columns: [t(`${P}.columns.agent`), t(`${P}.series.received`), t(`${P}.series.accepted`), t(`${P}.series.made`), t(`${P}.figures.acceptedVolume`)],
    rows: report.byAgent.map((row) => [
      text(row.name),
      cell(row.figures.selling?.offersReceived ?? 0, 'count'),
      cell(row.figures.selling?.accepted ?? 0, 'count'),
      cell(row.figures.buying?.offersMade ?? 0, 'count'),
      cell(row.figures.selling?.acceptedVolume ?? 0, 'money'),
    ]),
  }
}

export function topListingsTable(report: AnalyticsReport, t: Translate): FigureTable {
  return {
    id: 'offers-per-listing',
    caption: t(`${P}.tables.topListings`),
    columns: [t(`${P}.columns.listing`), t(`${P}.series.received`)],
    rows: report.topListings.map((row) => [text(row.address), cell(row.offers, 'count')]),
  }
}

export function expiringTable(report: AnalyticsReport, t: Translate): FigureTable {
  return {
    id: 'expiring-soon',
    caption: t(`${P}.tables.expiringSoon`, { count: report.expiringSoon.count }),
    columns: [t(`${P}.columns.listing`), t(`${P}.columns.expiresAt`), t(`${P}.columns.price`)],
    rows: report.expiringSoon.offers.map((row) => [text(row.address), { value: row.expiresAt, kind: 'dateTime' }, cell(row.purchasePrice, 'money')]),
  }
}

/** Every table of the report, in the page's order: what the CSV holds. */
export function reportTables(report: AnalyticsReport, t: Translate): FigureTable[] {
  const selling = report.total.selling !== null
  return [
    keyFiguresTable(report, t),
    monthsTable(report, t),
    ...(selling ? [statusTable(report, t), topListingsTable(report, t)] : []),
    ...(report.byAgent.length > 0 ? [agentsTable(report, t)] : []),
    expiringTable(report, t),
  ]
}
