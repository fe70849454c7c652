import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ListingSearchPage, PublicListing } from '@offerbook/domain/listing'
import { apiClient } from '../../../shared/api-client'
import { useSession } from '../../../shared/session'
import type { SearchState } from '../search-state'
import { apiQueryOf, SEARCH_PAGE_SIZE } from '../search-state'

/**
 * The public calls: search (GET /api/properties) and one listing as /property/{id} shows it.
 * Both are open to anyone; a stale token on these pages must not send the visitor to sign-in. A 4xx
 * is not retried (the query client's default).
 */

export const propertyKeys = {
  all: ['properties'] as const,
  search: (query: Record<string, string | number | undefined>) => ['properties', 'search', query] as const,
  /** The answer differs for a signed-in visitor (the agent's contacts, canManage). */
  detail: (id: string, viewer: 'anonymous' | 'signed-in') => ['properties', 'detail', id, viewer] as const,
}

export function searchListings(query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<ListingSearchPage> {
  return apiClient.get<ListingSearchPage>('/properties', query, { redirectOnUnauthorized: false, signal })
}

export function searchQueryOptions(state: SearchState, pageSize = SEARCH_PAGE_SIZE) {
  const query = apiQueryOf(state, pageSize)
  return queryOptions({
    queryKey: propertyKeys.search(query),
    queryFn: ({ signal }) => searchListings(query, signal),
    // The previous results stay on screen (dimmed) while the next ones load, so the page does not jump.
    placeholderData: keepPreviousData,
  })
}

export function useListingSearch(state: SearchState, pageSize = SEARCH_PAGE_SIZE) {
  return useQuery(searchQueryOptions(state, pageSize))
}

export async function getProperty(id: string, signal?: AbortSignal): Promise<PublicListing> {
  const { property } = await apiClient.get<{ property: PublicListing }>(`/properties/${encodeURIComponent(id)}`, undefined, { redirectOnUnauthorized: false, signal })
  return property
}

export function propertyQueryOptions(id: string, viewer: 'anonymous' | 'signed-in') {
  return queryOptions({
    queryKey: propertyKeys.detail(id, viewer),
    queryFn: ({ signal }) => getProperty(id, signal),
  })
}

export function useProperty(id: string) {
  const viewer = useSession() === null ? 'anonymous' : 'signed-in'
  return useQuery(propertyQueryOptions(id, viewer))
}
