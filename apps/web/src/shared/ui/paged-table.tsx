import type { ReactNode } from 'react'
import { Skeleton, Stack, Text } from '@mantine/core'
import { DataTable } from './data-table'
import { LoadFailedAlert } from './load-failed-alert'
import { Pager } from './pager'

/** One page of a list as the API answers it. */
export type PageOf<T> = { items: readonly T[]; total: number }

/** What the table reads of the page's query (TanStack Query's result). */
export type PageQuery<D> = {
  data: D | undefined
  isPending: boolean
  isError: boolean
  isFetching: boolean
  error: unknown
  refetch: () => unknown
}

export type PagedTableProps<T, D extends PageOf<T>> = {
  query: PageQuery<D>
  page: number
  pageSize: number
  onPage: (page: number) => void
  /** The header cells, in one row: `columns` where each is only its label. */
  head?: ReactNode
  columns?: readonly string[]
  row: (item: T) => ReactNode
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number
  /** How many grey rows stand for the list while it loads. */
  loadingRows?: number
  highlightOnHover?: boolean
  texts: {
    /** The table's name for a screen reader. */
    table: string
    loading: string
    loadFailed: string
    /** The count above the table ("12 users"). */
    total: (data: D) => string
    /** What stands in place of a table with no rows. */
    empty: string
    /** What the pages are of ("Pages of users"). */
    pages: string
  }
}

/**
 * A list of the admin area and the team pages as one table a page at a time: grey rows while it loads,
 * the reason and Retry when it could not, the count, a sentence when there is nothing, then the pager.
 */
export function PagedTable<T, D extends PageOf<T> = PageOf<T>>({ query, page, pageSize, onPage, head, columns, row, minWidth, loadingRows = 3, highlightOnHover, texts }: PagedTableProps<T, D>) {
  return (
    <>
      {query.isError && <LoadFailedAlert title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={texts.loading}>
          {Array.from({ length: loadingRows }, (_, n) => (
            <Skeleton key={n} height={32} />
          ))}
        </Stack>
      )}
      {query.data && (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {texts.total(query.data)}
          </Text>
          {query.data.items.length === 0 ? (
            <Text c="gray.7">{texts.empty}</Text>
          ) : (
            <DataTable
              minWidth={minWidth}
              striped
              highlightOnHover={highlightOnHover}
              aria-label={texts.table}
              aria-busy={query.isFetching}
              head={head}
              columns={columns}
              items={query.data.items}
              row={row}
            />
          )}
          <Pager pages={Math.ceil(query.data.total / pageSize)} page={page} onPage={onPage} label={texts.pages} />
        </>
      )}
    </>
  )
}
