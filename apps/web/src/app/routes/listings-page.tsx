import { useEffect, useRef } from 'react'
import { Stack, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import { useListingSearch } from '../../features/property/api/properties'
import { FiltersPanel } from '../../features/property/components/filters-panel'
import { ListingSearchBox } from '../../features/property/components/listing-search-box'
import { FILTER_FIELDS, SearchFilters } from '../../features/property/components/search-filters'
import { SearchResults } from '../../features/property/components/search-results'
import type { SearchState } from '../../features/property/search-state'
import { EMPTY_SEARCH, hasFilters, SEARCH_PAGE_SIZE, searchParamsFromState, searchStateFromParams, withSearchChange } from '../../features/property/search-state'
import { fieldErrorsOf } from '../../shared/api-client'
import { translateOptional } from '../../shared/i18n/messages'
import { rememberSearch } from '../../shared/recent-searches'

/** /listings: search over the published listings; everything searched for lives in the address. */
export default function ListingsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const state = searchStateFromParams(params)
  const search = useListingSearch(state)

  // The search of the last change asked for. The address (and `state`) catch up with it a render
  // later, so changes in quick succession (a price, then another before the results come) build
  // on one another instead of on what the address held when the page last drew.
  const latest = useRef(params.toString())
  useEffect(() => {
    latest.current = params.toString()
  }, [params])

  // The dashboard follows the last few searches for new homes (issue #16); the page number is no part of a search.
  const searchQuery = searchParamsFromState({ ...state, page: 1 }).toString()
  useEffect(() => rememberSearch(searchQuery), [searchQuery])

  const go = (change: (current: SearchState) => SearchState) => {
    const current = searchStateFromParams(new URLSearchParams(latest.current))
    const next = searchParamsFromState(change(current)).toString()
    // The same search again adds no step to the history.
    if (next === searchParamsFromState(current).toString()) return
    latest.current = next
    setParams(new URLSearchParams(next))
  }
  const goToPage = (page: number) => {
    go((current) => ({ ...current, page }))
    window.scrollTo({ top: 0 })
  }

  const refused = fieldErrorsOf(search.error, [...FILTER_FIELDS, 'q'] as const)
  const errors = Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, translateOptional(message)]))

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.listings')}</Title>
      <ListingSearchBox q={state.q} onSearch={(q) => go((current) => withSearchChange(current, { q }))} error={errors.q} />
      <div className="listings-layout">
        <div>
          <FiltersPanel>
            <SearchFilters state={state} errors={errors} onChange={(change) => go((current) => withSearchChange(current, change))} />
          </FiltersPanel>
        </div>
        <section aria-label={t('search.resultsLabel')}>
          <SearchResults search={search} pageSize={SEARCH_PAGE_SIZE} filtered={hasFilters(state)} onPage={goToPage} onClear={() => go(() => EMPTY_SEARCH)} />
        </section>
      </div>
    </Stack>
  )
}
