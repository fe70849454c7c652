import type { ReactNode } from 'react'
import { Paper, Stack, Text, Title } from '@mantine/core'
import type { FigureTable as FigureTableModel } from '../report-tables'
import { FigureTable } from './figure-table'

/** One titled part of the analytics report, named by its title. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  // Not a named landmark: its table's scroll region already is one, by the same name (axe's landmark-unique).
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

/**
 * One chart with its table beside it. The chart is a picture of the table, hidden from assistive
 * technology (which reads the table instead), so it takes no focus either.
 */
export function ChartSection({ title, table, tablesShown, empty, children }: { title: string; table: FigureTableModel; tablesShown: boolean; empty?: string; children: ReactNode }) {
  return (
    <ReportSection title={title}>
      {empty && table.rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <div aria-hidden="true" data-testid={`chart-${table.id}`}>
            {children}
          </div>
          <FigureTable table={table} shown={tablesShown} />
        </>
      )}
    </ReportSection>
  )
}
