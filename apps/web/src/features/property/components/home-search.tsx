import { useState } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { SearchInput } from '../../../shared/ui/search-input'
import { errorMessage } from '../../../shared/notify'
import { useListingSearch } from '../api/properties'
import { EMPTY_SEARCH, searchParamsFromState } from '../search-state'
import { ListingGrid, ListingGridSkeleton } from './search-results'

/** How many listings the home page shows. */
export const HOME_LISTINGS = 6

function listingsPath(q: string): string {
  const query = searchParamsFromState({ ...EMPTY_SEARCH, q }).toString()
  return query ? `/listings?${query}` : '/listings'
}

/**
 * The home page's search box and a few listings: the newest ones, or, once typing pauses, the first
 * that match. Enter or the Search button opens /listings with the words.
 */
export function HomeSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const headingId = useId()
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const listings = useListingSearch({ ...EMPTY_SEARCH, q }, HOME_LISTINGS)

  const open = () => void navigate(listingsPath(text))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    open()
  }
  // The search input keeps Enter from submitting the form (it searches at once instead); here it opens the results.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) open()
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <form role="search" aria-label={t('search.home.formLabel')} onSubmit={onSubmit} onKeyDown={onKeyDown}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Box flex={1}>
              <SearchInput label={t('search.input.label')} placeholder={t('search.input.placeholder')} value={text} onChange={setText} onSearch={(words) => setQ(words.trim())} />
            </Box>
            <Button type="submit">{t('search.home.submit')}</Button>
          </Group>
        </form>
      </Paper>
      <Stack component="section" aria-labelledby={headingId} gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3" id={headingId}>
            {q ? t('search.home.matching', { q }) : t('search.home.newest')}
          </Title>
          <Anchor component={Link} to={listingsPath(q)}>
            {listings.data && q && !listings.data.totalCapped ? t('search.home.seeAllCount', { count: listings.data.total }) : t('search.home.seeAll')}
          </Anchor>
        </Group>
        {listings.isPending ? (
          <ListingGridSkeleton count={HOME_LISTINGS} />
        ) : listings.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{errorMessage(listings.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void listings.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        ) : listings.data.items.length === 0 ? (
          <Text c="gray.7">{q ? t('search.empty.title') : t('search.empty.none')}</Text>
        ) : (
          <ListingGrid items={listings.data.items} />
        )}
      </Stack>
    </Stack>
  )
}
