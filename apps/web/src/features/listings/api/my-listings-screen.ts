import type { MyListingStatusGroup } from '@offerbook/domain/listing-manage-values'
import { MY_LISTING_STATUS_GROUPS } from '@offerbook/domain/listing-manage-values'
import type { MyListingsParams } from './my-listings'

/**
 * What /my-properties/list's address asks for, apart from the page's code: the app's start asks the
 * page's one answer with it before the chunk arrives (app/page-modules.ts, decision 090).
 */

export const MY_LISTINGS_PAGE_SIZE = 12

/** Whether the address's status is one of the list's tabs. */
export function isStatusGroup(value: string | null): value is MyListingStatusGroup {
  return value !== null && value in MY_LISTING_STATUS_GROUPS
}

/** The search, tab and page the address bar holds. */
export function listStateOf(params: URLSearchParams): { group: MyListingStatusGroup; q: string; page: number } {
  const statusParam = params.get('status')
  const group: MyListingStatusGroup = isStatusGroup(statusParam) ? statusParam : 'all'
  const q = params.get('q') ?? ''
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  return { group, q, page }
}

/** The list's query for an address: what the first screen's one answer is asked with (decision 076). */
export function myListingsParamsOf(search: URLSearchParams): MyListingsParams {
  const { group, q, page } = listStateOf(search)
  return { q, status: MY_LISTING_STATUS_GROUPS[group], page, pageSize: MY_LISTINGS_PAGE_SIZE }
}
