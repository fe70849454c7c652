import { useState } from 'react'
import { Grid, Paper, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useListingSearch } from '../../features/property/api/properties'
import { FILTER_FIELDS, SearchFilters } from '../../features/property/components/search-filters'
import { SearchResults } from '../../features/property/components/search-results'
import type { SearchState } from '../../features/property/search-state'
import { EMPTY_SEARCH, hasFilters, SEARCH_PAGE_SIZE, searchParamsFromState, searchStateFromParams, withSearchChange } from '../../features/property/search-state'
import { fieldErrorsOf } from '../../shared/api-client'
import { translateMessage } from '../../shared/i18n/server-messages'
import { SearchInput } from '../../shared/ui/search-input'

/** /listings: search over the published listings; everything searched for lives in the address. */
export default function ListingsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const state = searchStateFromParams(params)
  const search = useListingSearch(state)

  // What is typed in the search box; a search from the address (Back, a link) replaces it.
  const [text, setText] = useState(state.q)
  const [shownQ, setShownQ] = useState(state.q)
  if (shownQ !== state.q) {
    setShownQ(state.q)
    setText(state.q)
  }

  const go = (next: SearchState) => {
    const nextParams = searchParamsFromState(next)
    // The same search again adds no step to the history.
    if (nextParams.toString() === searchParamsFromState(state).toString()) return
    setParams(nextParams)
  }
  const goToPage = (page: number) => {
    go({ ...state, page })
    window.scrollTo({ top: 0 })
  }

  const refused = fieldErrorsOf(search.error, [...FILTER_FIELDS, 'q'] as const)
  const errors = Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, translateMessage(message)]))

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.listings')}</Title>
      <SearchInput
        label={t('search.input.label')}
        placeholder={t('search.input.placeholder')}
        value={text}
        onChange={setText}
        onSearch={(q) => go(withSearchChange(state, { q }))}
        error={errors.q}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper component="section" withBorder p="md" radius="md" aria-labelledby="search-filters-title">
            <Title order={2} size="h4" mb="sm" id="search-filters-title">
              {t('search.filters.title')}
            </Title>
            <SearchFilters state={state} errors={errors} onChange={(change) => go(withSearchChange(state, change))} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }} component="section" aria-label={t('search.resultsLabel')}>
          <SearchResults search={search} pageSize={SEARCH_PAGE_SIZE} filtered={hasFilters(state)} onPage={goToPage} onClear={() => go(EMPTY_SEARCH)} />
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
