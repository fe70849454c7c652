import type { ListingSort, PropertyType, SearchableStatus } from '@offerbook/domain/listing-values'
import { DEFAULT_SEARCH_STATUSES, LISTING_SORTS, PROPERTY_TYPES, SEARCHABLE_STATUSES } from '@offerbook/domain/listing-values'

/**
 * What /listings shows lives in its query string (?q=&minPrice=&page=...), so Back, Forward and a
 * shared link all reopen the same search. These functions convert between the two, leaving out what
 * equals the default so links stay short.
 */
export type SearchState = {
  q: string
  minPrice: number | null
  maxPrice: number | null
  minBeds: number | null
  minBaths: number | null
  types: PropertyType[]
  /** Empty: the API's default, DEFAULT_SEARCH_STATUSES. */
  statuses: SearchableStatus[]
  sort: ListingSort
  page: number
}

export const EMPTY_SEARCH: SearchState = {
  q: '',
  minPrice: null,
  maxPrice: null,
  minBeds: null,
  minBaths: null,
  types: [],
  statuses: [],
  sort: 'newest',
  page: 1,
}

/** Results per page of /listings. */
export const SEARCH_PAGE_SIZE = 12

function numberParam(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key)?.trim()
  if (!raw) return null
  const value = Number(raw)
  return Number.isFinite(value) ? value : null
}

/** A comma list, or the key repeated; unknown values are dropped, each value kept once, in the order of `allowed`. */
function listParam<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const given = new Set(
    params
      .getAll(key)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim()),
  )
  return allowed.filter((value) => given.has(value))
}

function isSort(value: string | null): value is ListingSort {
  return value !== null && (LISTING_SORTS as readonly string[]).includes(value)
}

export function searchStateFromParams(params: URLSearchParams): SearchState {
  const sort = params.get('sort')
  const page = numberParam(params, 'page')
  return {
    q: params.get('q')?.trim() ?? '',
    minPrice: numberParam(params, 'minPrice'),
    maxPrice: numberParam(params, 'maxPrice'),
    minBeds: numberParam(params, 'minBeds'),
    minBaths: numberParam(params, 'minBaths'),
    types: listParam(params, 'type', PROPERTY_TYPES),
    statuses: listParam(params, 'status', SEARCHABLE_STATUSES),
    sort: isSort(sort) ? sort : EMPTY_SEARCH.sort,
    page: page !== null && Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The statuses a search shows: the chosen ones, or the default when none is chosen. */
export function effectiveStatuses(state: Pick<SearchState, 'statuses'>): SearchableStatus[] {
  return state.statuses.length > 0 ? state.statuses : [...DEFAULT_SEARCH_STATUSES]
}

function sameStatuses(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value))
}

export function searchParamsFromState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams()
  if (state.q.trim()) params.set('q', state.q.trim())
  if (state.minPrice !== null) params.set('minPrice', String(state.minPrice))
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice))
  if (state.minBeds !== null) params.set('minBeds', String(state.minBeds))
  if (state.minBaths !== null) params.set('minBaths', String(state.minBaths))
  if (state.types.length > 0) params.set('type', state.types.join(','))
  // Choosing exactly the default statuses is the same search as choosing none.
  if (state.statuses.length > 0 && !sameStatuses(state.statuses, DEFAULT_SEARCH_STATUSES)) params.set('status', state.statuses.join(','))
  if (state.sort !== EMPTY_SEARCH.sort) params.set('sort', state.sort)
  if (state.page > 1) params.set('page', String(state.page))
  return params
}

/** A change of what is searched for starts again at page 1; only a change of page keeps the rest. */
export function withSearchChange(state: SearchState, change: Partial<Omit<SearchState, 'page'>>): SearchState {
  return { ...state, ...change, page: 1 }
}

/** Whether anything narrows the search (the empty state offers to clear it). */
export function hasFilters(state: SearchState): boolean {
  return searchParamsFromState({ ...state, sort: EMPTY_SEARCH.sort, page: 1 }).toString() !== ''
}

/** The query of GET /api/properties (ListingSearchSchema); lists travel as comma lists. */
export function apiQueryOf(state: SearchState, pageSize = SEARCH_PAGE_SIZE): Record<string, string | number | undefined> {
  return {
    q: state.q.trim() || undefined,
    minPrice: state.minPrice ?? undefined,
    maxPrice: state.maxPrice ?? undefined,
    minBeds: state.minBeds ?? undefined,
    minBaths: state.minBaths ?? undefined,
    type: state.types.length > 0 ? state.types.join(',') : undefined,
    status: state.statuses.length > 0 ? state.statuses.join(',') : undefined,
    sort: state.sort,
    page: state.page,
    pageSize,
  }
}
