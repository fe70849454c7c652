import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import type { ListingSummary, Page, StandardStatus } from '@offerbook/domain/listing'
import { apiClient } from '../../../shared/api-client'
import { listingKeys } from '../../../shared/query-keys'

/** GET /api/listings/mine: the listings the user manages (owner, listing agent, team), drafts included. */

export type MyListingsParams = {
  q?: string
  /** Only these statuses; all of them when absent. */
  status?: readonly StandardStatus[]
  page: number
  pageSize: number
}


export function getMyListings(params: MyListingsParams): Promise<Page<ListingSummary>> {
  return apiClient.get<Page<ListingSummary>>('/listings/mine', {
    q: params.q?.trim() || undefined,
    status: params.status && params.status.length > 0 ? params.status.join(',') : undefined,
    page: params.page,
    pageSize: params.pageSize,
  })
}

export function myListingsQuery(params: MyListingsParams) {
  return queryOptions({ queryKey: listingKeys.myList(params), queryFn: () => getMyListings(params), placeholderData: keepPreviousData })
}

export function useMyListings(params: MyListingsParams) {
  return useQuery(myListingsQuery(params))
}

/** How many listings each group of statuses holds for the same search: one line each (pageSize 1), only its total read. */
export function useMyListingCounts(groups: readonly (readonly StandardStatus[] | undefined)[], q: string) {
  return useQueries({
    queries: groups.map((status) => myListingsQuery({ q, status, page: 1, pageSize: 1 })),
    combine: (results) => results.map((result) => result.data?.total),
  })
}
