import { z } from 'zod'
import { DEFAULT_SEARCH_STATUSES, LISTING_SORTS } from './listing-values'
import type { MyListingStatusGroup } from './listing-manage-values'
import { MY_LISTING_STATUS_GROUP_NAMES } from './listing-manage-values'
import { LISTING_LIMITS, PROPERTY_TYPES, SEARCHABLE_STATUSES, StandardStatusSchema } from './listing-enums'
import { ListingSummarySchema } from './listing-views'
import { pageOf } from './paging'
import type { MessageKey } from './messages'
import { wholeNumber } from './listing-fields'
import { freeText } from './validation'

/** The public search (GET /api/properties) and the manager's list (GET /api/listings/mine). */

// ---------------------------------------------------------------------------------------------
// Search

/**
 * Search counts its matches up to this many and no further: an exact count of a broad search reads
 * every matching row, which at 50,000 listings costs more than the page itself. Past it the answer
 * says "1,000+" (totalCapped) and pages reach that far, as large listing sites do.
 */
export const SEARCH_TOTAL_CAP = 1000

export type { ListingSort } from './listing-values'
export { LISTING_SORTS } from './listing-values'
export const ListingSortSchema = z.enum(LISTING_SORTS, { error: 'listing.sortUnknown' })

const queryNumber = (schema: z.ZodNumber) => z.preprocess((value) => (value === '' || value === undefined ? undefined : Number(value)), schema.optional())
const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || value === '' ? undefined : Array.isArray(value) ? value : String(value).split(',')), z.array(item).optional())

const searchText = freeText().trim().max(LISTING_LIMITS.searchMaxQuery, 'common.tooLong')
const searchPrice = (wholeMessage: MessageKey) =>
  z.number({ error: 'listing.priceRange' }).int(wholeMessage).min(0, 'listing.priceRange').max(LISTING_LIMITS.maxPrice, 'listing.priceRange')
const pageNumber = wholeNumber(1, 10_000, 'listing.pageRange')
const pageSize = wholeNumber(1, LISTING_LIMITS.maxPageSize, 'listing.pageSizeRange')

/** GET /api/properties: the query string of the search. Numbers and lists arrive as text. */
export const ListingSearchSchema = z
  .object({
    q: searchText.optional(),
    // The price columns are integers: a fraction would reach PostgreSQL and fail there.
    minPrice: queryNumber(searchPrice('listing.minPriceWhole')),
    maxPrice: queryNumber(searchPrice('listing.maxPriceWhole')),
    minBeds: queryNumber(wholeNumber(0, LISTING_LIMITS.maxRooms, 'listing.roomsRange')),
    minBaths: queryNumber(wholeNumber(0, LISTING_LIMITS.maxRooms, 'listing.roomsRange')),
    type: queryList(z.enum(PROPERTY_TYPES, { error: 'listing.propertyType' })),
    status: queryList(z.enum(SEARCHABLE_STATUSES)),
    sort: ListingSortSchema.default('newest'),
    page: queryNumber(pageNumber).default(1),
    pageSize: queryNumber(pageSize).default(12),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.maxPrice >= query.minPrice, {
    message: 'listing.maxBelowMin',
    path: ['maxPrice'],
  })
export type ListingSearch = z.infer<typeof ListingSearchSchema>

/** GET /api/properties: a page of results; total stops at SEARCH_TOTAL_CAP (then totalCapped is true). */
export const ListingSearchPageSchema = pageOf(ListingSummarySchema).extend({ totalCapped: z.boolean() })
export type ListingSearchPage = z.infer<typeof ListingSearchPageSchema>

/** GET /api/listings/mine: the manager's own listings. */
export const MyListingsQuerySchema = z.object({
  q: searchText.optional(),
  status: queryList(StandardStatusSchema),
  page: queryNumber(pageNumber).default(1),
  pageSize: queryNumber(pageSize).default(24),
})
export type MyListingsQuery = z.infer<typeof MyListingsQuerySchema>

export type { MyListingStatusGroup } from './listing-manage-values'
export { MY_LISTING_STATUS_GROUP_NAMES, MY_LISTING_STATUS_GROUPS } from './listing-manage-values'

/**
 * GET /api/listings/mine/screen: /my-properties/list's first screen in one answer (issue #36): the page
 * of listings GET /api/listings/mine answers for the same query, and how many listings each group of
 * statuses holds for the same search words.
 */
export const MyListingsScreenSchema = z.object({
  listings: pageOf(ListingSummarySchema),
  counts: z.object(Object.fromEntries(MY_LISTING_STATUS_GROUP_NAMES.map((name) => [name, z.number().int()])) as Record<MyListingStatusGroup, z.ZodNumber>),
})
export type MyListingsScreen = z.infer<typeof MyListingsScreenSchema>

/**
 * The words of a search box as a PostgreSQL tsquery over the 'simple' configuration: every word must
 * match, the last as a prefix (typing "123 Ma" finds "123 Main"). Returns null when nothing is left.
 */
export function searchTsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12)
  if (words.length === 0) return null
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ')
}

/** What a public search keeps and in which order, from its query: the filters both the search index and SQL apply. */
export function searchFilters(query: ListingSearch) {
  return {
    statuses: query.status ?? DEFAULT_SEARCH_STATUSES,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    minBeds: query.minBeds,
    minBaths: query.minBaths,
    types: query.type,
    sort: query.sort,
  }
}
