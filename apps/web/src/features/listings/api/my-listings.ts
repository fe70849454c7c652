import type { QueryClient } from '@tanstack/react-query'
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import type { ListingSummary, Page, StandardStatus } from '@offerbook/domain/listing'
import type { MyListingsScreen } from '@offerbook/domain/listing-search'
import { MY_LISTING_STATUS_GROUP_NAMES, MY_LISTING_STATUS_GROUPS } from '@offerbook/domain/listing-manage-values'
import type { RequestOptions } from '../../../shared/api-client'
import { apiClient } from '../../../shared/api-client'
import { listingKeys, screenKeys, SEEDED_FRESH_MS } from '../../../shared/query-keys'

/** GET /api/listings/mine: the listings the user manages (owner, listing agent, team), drafts included. */

export type MyListingsParams = {
  q?: string
  /** Only these statuses; all of them when absent. */
  status?: readonly StandardStatus[]
  page: number
  pageSize: number
}


function queryOf(params: MyListingsParams) {
  return {
    q: params.q?.trim() || undefined,
    status: params.status && params.status.length > 0 ? params.status.join(',') : undefined,
    page: params.page,
    pageSize: params.pageSize,
  }
}

export function getMyListings(params: MyListingsParams): Promise<Page<ListingSummary>> {
  return apiClient.get<Page<ListingSummary>>('/listings/mine', queryOf(params))
}

export function myListingsQuery(params: MyListingsParams) {
  return queryOptions({ queryKey: listingKeys.myList(params), queryFn: () => getMyListings(params), placeholderData: keepPreviousData, staleTime: SEEDED_FRESH_MS })
}

/** The count of a tab's group: myListingsQuery at pageSize 1, only its total read (useMyListingCounts). */
const countParams = (q: string, status: readonly StandardStatus[] | undefined): MyListingsParams => ({ q, status, page: 1, pageSize: 1 })

/**
 * /my-properties/list's one answer (GET /api/listings/mine/screen, decision 076), written into the
 * list's key and each tab's count key, so the page's parts ask nothing more.
 */
export function myListingsScreenQuery(queryClient: QueryClient, params: MyListingsParams, options?: RequestOptions) {
  return queryOptions({
    queryKey: screenKeys.myListings(params),
    queryFn: async () => {
      const screen = await apiClient.get<MyListingsScreen>('/listings/mine/screen', queryOf(params), options)
      queryClient.setQueryData(listingKeys.myList(params), screen.listings)
      for (const name of MY_LISTING_STATUS_GROUP_NAMES) {
        queryClient.setQueryData(listingKeys.myList(countParams(params.q ?? '', MY_LISTING_STATUS_GROUPS[name])), { items: [], total: screen.counts[name], page: 1, pageSize: 1 })
      }
      return screen
    },
    staleTime: SEEDED_FRESH_MS,
    // Not tried again: a failed one answer leaves the page's parts to ask on their own, with their own Retry.
    retry: false,
  })
}

export function useMyListings(params: MyListingsParams) {
  return useQuery(myListingsQuery(params))
}

/** How many listings each group of statuses holds for the same search: one line each (pageSize 1), only its total read. */
export function useMyListingCounts(groups: readonly (readonly StandardStatus[] | undefined)[], q: string) {
  return useQueries({
    queries: groups.map((status) => myListingsQuery(countParams(q, status))),
    combine: (results) => results.map((result) => result.data?.total),
  })
}
