import { useMemo, useState } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../../../shared/i18n/translation'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '../../../shared/navigation'
import { SearchInput } from '../../../shared/ui/search-input'
import { errorText } from '../../../shared/i18n/messages'
import type { ListingSearchPage } from '@offerbook/domain/listing'
import { searchQueryOptions } from '../api/properties'
import { EMPTY_SEARCH, searchParamsFromState } from '../search-state'
import { ListingGrid, ListingGridSkeleton } from './listing-grid'

/** How many listings the home page shows. */
export const HOME_LISTINGS = 6

function listingsPath(q: string): string {
  const query = searchParamsFromState({ ...EMPTY_SEARCH, q }).toString()
  return query ? `/listings?${query}` : '/listings'
}

/**
 * What the home page lists: with words typed, the first listings that match; without, the newest
 * listings that take offers (Active), then, if there are fewer than HOME_LISTINGS of those, the newest
 * of the rest (Coming soon, under contract) to fill the row.
 */
function useHomeListings(q: string) {
  const matching = useQuery({ ...searchQueryOptions({ ...EMPTY_SEARCH, q }, HOME_LISTINGS), enabled: q !== '' })
  const active = useQuery({ ...searchQueryOptions({ ...EMPTY_SEARCH, statuses: ['Active'] }, HOME_LISTINGS), enabled: q === '' })
  const fillNeeded = q === '' && active.data !== undefined && active.data.items.length < HOME_LISTINGS
  // Twice as many, so that after leaving out the Active ones already shown there are enough to fill the row.
  const rest = useQuery({ ...searchQueryOptions(EMPTY_SEARCH, HOME_LISTINGS * 2), enabled: fillNeeded })
  const newest = useMemo((): ListingSearchPage | undefined => {
    if (!active.data) return undefined
    if (!fillNeeded) return active.data
    if (!rest.data) return undefined
    const shown = new Set(active.data.items.map((listing) => listing.id))
    const others = rest.data.items.filter((listing) => !shown.has(listing.id))
    return { ...active.data, items: [...active.data.items, ...others].slice(0, HOME_LISTINGS) }
  }, [active.data, rest.data, fillNeeded])

  const failed = q !== '' ? (matching.isError ? matching : null) : active.isError ? active : fillNeeded && rest.isError ? rest : null
  return {
    data: q !== '' ? matching.data : newest,
    error: failed?.error ?? null,
    retry: () => void failed?.refetch(),
  }
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
  const listings = useHomeListings(q)

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
        {!q && (
          <Text size="sm" c="gray.7" mt={-8}>
            {t('publicHome.homes.takingOffers')}
          </Text>
        )}
        {listings.error ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{errorText(listings.error)}</Text>
              <Button size="xs" variant="light" onClick={listings.retry}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        ) : !listings.data ? (
          <ListingGridSkeleton count={HOME_LISTINGS} />
        ) : listings.data.items.length === 0 ? (
          <Text c="gray.7">{q ? t('search.empty.title') : t('search.empty.none')}</Text>
        ) : (
          <ListingGrid items={listings.data.items} />
        )}
      </Stack>
    </Stack>
  )
}
