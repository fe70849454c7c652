import type { ReactNode } from 'react'
import { Table } from '@mantine/core'
import type { TableProps } from '@mantine/core'

export type DataTableProps<T> = Omit<TableProps, 'children' | 'captionSide'> & {
  /** The header cells, in one row: each column's label, or `head` where a header is more than its label. */
  columns?: readonly ReactNode[]
  head?: ReactNode
  items: readonly T[]
  row: (item: T, index: number) => ReactNode
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth: number
  caption?: ReactNode
  /** The caption's text alignment: centred unless told. */
  captionAlign?: 'left' | 'center'
}

/**
 * A list as a table: one header row, one row per item, scrolling sideways on a narrow screen with the
 * browser's own scrolling (touch momentum, and a scroller the keyboard can reach), as the offers and
 * signers tables already did, rather than Mantine's ScrollArea with its drawn scrollbars.
 */
export function DataTable<T>({ columns = [], head, items, row, minWidth, caption, captionAlign, ...table }: DataTableProps<T>) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <div style={{ minWidth: `${minWidth / 16}rem` }}>
        <Table {...table}>
          {caption !== undefined && <Table.Caption ta={captionAlign}>{caption}</Table.Caption>}
          <Table.Thead>
            <Table.Tr>
              {head ??
                columns.map((label, n) => (
                  <Table.Th key={n} scope="col">
                    {label}
                  </Table.Th>
                ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{items.map(row)}</Table.Tbody>
        </Table>
      </div>
    </div>
  )
}
