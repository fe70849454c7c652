import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { AnalyticsReport as Report } from '@offerbook/domain/analytics'
import { formatCell } from '../format'
import type { Cell } from '../report-tables'
import { agentsTable, expiringTable, keyFiguresTable, monthsTable, statusTable, topListingsTable } from '../report-tables'
import { ChartSection, ReportSection } from './chart-section'
import { FigureTable } from './figure-table'

const P = 'analytics'
const CHART_HEIGHT = 300
const COLORS = { received: 'blue.6', accepted: 'teal.6', declined: 'red.6', made: 'grape.6', count: 'blue.6' } as const

/** The longest label a bar keeps whole; a longer one (an address, a long name) is cut with '…', its table keeping it whole. */
const LABEL_MAX = 22

export function shortLabel(value: unknown): string {
  const text = String(value ?? '')
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1).trimEnd()}…` : text
}

/**
 * Every bar's label on the axis of the categories (months, agents, statuses): Recharts by default
 * drops the labels that would collide ('preserveEnd'), so two charts named every other bar.
 * interval 0 keeps them all; slanted, they fit side by side.
 */
export const EVERY_LABEL_X = { interval: 0, angle: -35, textAnchor: 'end', height: 72, tickFormatter: shortLabel } as const
/** The same for a chart lying on its side, whose categories are on the vertical axis. */
export const EVERY_LABEL_Y = { interval: 0, width: 170, tickFormatter: shortLabel } as const

function Stat({ label, cell }: { label: string; cell: Cell }) {
  const { i18n } = useTranslation()
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {formatCell(cell, i18n.language)}
      </Text>
    </Paper>
  )
}

/** The headline figures of the scope's total, as cards; the key figures table below holds them all. */
function Headline({ report }: { report: Report }) {
  const { t } = useTranslation()
  const { selling, buying } = report.total
  const stats: { key: string; cell: Cell }[] = selling
    ? [
        { key: 'offersReceived', cell: { value: selling.offersReceived, kind: 'count' } },
        { key: 'acceptanceRate', cell: { value: selling.acceptanceRate, kind: 'percent' } },
        { key: 'daysToFirstOfferAverage', cell: { value: selling.daysToFirstOffer.average, kind: 'days' } },
        { key: 'acceptedVolume', cell: { value: selling.acceptedVolume, kind: 'money' } },
      ]
    : buying
      ? [
          { key: 'offersMade', cell: { value: buying.offersMade, kind: 'count' } },
          { key: 'madeAcceptanceRate', cell: { value: buying.acceptanceRate, kind: 'percent' } },
          { key: 'madeOfferToListRatio', cell: { value: buying.offerToListRatio, kind: 'ratio' } },
          { key: 'madeAcceptedVolume', cell: { value: buying.acceptedVolume, kind: 'money' } },
        ]
      : []
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {stats.map((stat) => (
        <Stat key={stat.key} label={t(`${P}.figures.${stat.key}`)} cell={stat.cell} />
      ))}
      <Stat label={t(`${P}.figures.expiringSoon`)} cell={{ value: report.expiringSoon.count, kind: 'count' }} />
    </SimpleGrid>
  )
}

/** The charts of a report, each with its table; the tables show to everyone when `tablesShown`. */
export function AnalyticsReport({ report, tablesShown }: { report: Report; tablesShown: boolean }) {
  const { t } = useTranslation()
  const selling = report.total.selling !== null
  const monthSeries = [
    ...(selling
      ? [
          { name: 'received', label: t(`${P}.series.received`), color: COLORS.received },
          { name: 'accepted', label: t(`${P}.series.accepted`), color: COLORS.accepted },
          { name: 'declined', label: t(`${P}.series.declined`), color: COLORS.declined },
        ]
      : []),
    { name: 'made', label: t(`${P}.series.made`), color: COLORS.made },
  ]
  const statuses = (report.total.selling?.listingsByStatus ?? []).map((row) => ({ status: t(`listing.status.${row.status}`), count: row.count }))
  const agents = report.byAgent.map((row) => ({
    name: row.name,
    received: row.figures.selling?.offersReceived ?? 0,
    accepted: row.figures.selling?.accepted ?? 0,
    made: row.figures.buying?.offersMade ?? 0,
  }))
  const noOffers = t(`${P}.noOffers`)

  return (
    <Stack gap="lg">
      <Headline report={report} />
      <ChartSection title={t(`${P}.charts.months`)} table={monthsTable(report, t)} tablesShown={tablesShown}>
        <BarChart h={CHART_HEIGHT} data={report.months} dataKey="month" series={monthSeries} withLegend tickLine="y" xAxisProps={EVERY_LABEL_X} accessibilityLayer={false} />
      </ChartSection>
      {report.byAgent.length > 0 && (
        <ChartSection title={t(`${P}.charts.agents`)} table={agentsTable(report, t)} tablesShown={tablesShown}>
          <BarChart
            h={CHART_HEIGHT}
            data={agents}
            dataKey="name"
            series={[
              { name: 'received', label: t(`${P}.series.received`), color: COLORS.received },
              { name: 'accepted', label: t(`${P}.series.accepted`), color: COLORS.accepted },
              { name: 'made', label: t(`${P}.series.made`), color: COLORS.made },
            ]}
            withLegend
            xAxisProps={EVERY_LABEL_X}
            accessibilityLayer={false}
          />
        </ChartSection>
      )}
      {selling && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <ChartSection title={t(`${P}.charts.listingsByStatus`)} table={statusTable(report, t)} tablesShown={tablesShown} empty={t(`${P}.noListings`)}>
            <BarChart h={CHART_HEIGHT} data={statuses} dataKey="status" series={[{ name: 'count', label: t(`${P}.columns.listings`), color: COLORS.count }]} xAxisProps={EVERY_LABEL_X} accessibilityLayer={false} />
          </ChartSection>
          <ChartSection title={t(`${P}.charts.topListings`)} table={topListingsTable(report, t)} tablesShown={tablesShown} empty={noOffers}>
            <BarChart
              h={CHART_HEIGHT}
              data={report.topListings}
              dataKey="address"
              orientation="vertical"
              yAxisProps={EVERY_LABEL_Y}
              series={[{ name: 'offers', label: t(`${P}.series.received`), color: COLORS.received }]}
              accessibilityLayer={false}
            />
          </ChartSection>
        </SimpleGrid>
      )}
      <ReportSection title={t(`${P}.tables.keyFigures`)}>
        <FigureTable table={keyFiguresTable(report, t)} shown />
      </ReportSection>
      <ReportSection title={t(`${P}.figures.expiringSoon`)}>
        {report.expiringSoon.count === 0 ? <Text c="dimmed">{t(`${P}.noneExpiring`)}</Text> : <FigureTable table={expiringTable(report, t)} shown />}
      </ReportSection>
    </Stack>
  )
}
