import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from '../../../shared/i18n/translation'
import type { ListingSearchPage } from '@offerbook/domain/listing'
import { isClientError } from '../../../shared/api-client'
import { errorText } from '../../../shared/i18n/messages'
import { ListingGrid, ListingGridSkeleton } from './listing-grid'
import { Pager } from '../../../shared/ui/pager'

const MAX_PAGE = 10_000

export type SearchResultsProps = {
  search: UseQueryResult<ListingSearchPage>
  pageSize: number
  filtered: boolean
  onPage: (page: number) => void
  onClear: () => void
}

/** The results of /listings: count, cards and pages, with loading, empty and error states. */
export function SearchResults({ search, pageSize, filtered, onPage, onClear }: SearchResultsProps) {
  const { t } = useTranslation()

  if (search.isPending) return <ListingGridSkeleton count={pageSize} />

  if (search.isError) {
    // A refused filter is shown beside that filter too; retrying would be refused again.
    const refused = isClientError(search.error)
    return (
      <Alert color="red" role="alert" title={refused ? t('search.refusedTitle') : t('search.failedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(search.error)}</Text>
          {refused ? (
            <Button size="xs" variant="light" onClick={onClear}>
              {t('search.clearFilters')}
            </Button>
          ) : (
            <Button size="xs" variant="light" onClick={() => void search.refetch()} loading={search.isFetching}>
              {t('common.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    )
  }

  const { items, total, totalCapped, page } = search.data
  // The API pages at most this far (ListingSearchSchema); later pages are not offered.
  const pages = Math.min(Math.ceil(total / pageSize), MAX_PAGE)
  const updating = search.isPlaceholderData

  return (
    <Stack gap="md">
      <Text fw={500} role="status" aria-live="polite" data-testid="result-count">
        {t(totalCapped ? 'search.countCapped' : 'search.count', { count: total })}
      </Text>
      {items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm" ta="center">
            <Title order={2} size="h4">
              {filtered ? t('search.empty.title') : t('search.empty.none')}
            </Title>
            {filtered && (
              <>
                <Text c="gray.7">{t('search.empty.body')}</Text>
                <Button variant="light" onClick={onClear}>
                  {t('search.clearFilters')}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      ) : (
        <Box aria-busy={updating} style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <ListingGrid items={items} atTop />
        </Box>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pager pages={pages} page={page} onPage={onPage} label={t('search.pagination')} />
        </Group>
      )}
    </Stack>
  )
}
