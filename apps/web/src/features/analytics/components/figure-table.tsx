import { Box, Table, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { formatCell } from '../format'
import type { FigureTable as FigureTableModel } from '../report-tables'

/** A chart's figures as a real table with a caption: read by screen readers, shown to all on demand. */
export function FigureTable({ table, shown }: { table: FigureTableModel; shown: boolean }) {
  const { i18n } = useTranslation()
  const content = (
    <Table striped withTableBorder data-testid={`table-${table.id}`}>
        <Table.Caption>{table.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column, index) => (
              <Table.Th key={index} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <Table.Th key={cellIndex} scope="row" fw={400}>
                    {formatCell(cell, i18n.language)}
                  </Table.Th>
                ) : (
                  <Table.Td key={cellIndex}>{formatCell(cell, i18n.language)}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
    </Table>
  )
  if (!shown) return <VisuallyHidden>{content}</VisuallyHidden>
  // A wide table scrolls sideways in its own region, which the keyboard can reach and scroll.
  return (
    <Box role="region" aria-label={table.caption} tabIndex={0} style={{ overflowX: 'auto' }}>
      {content}
    </Box>
  )
}
