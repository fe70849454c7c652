import { describe, expect, it } from 'vitest'
import { ListingSearchSchema } from '@offerbook/domain/listing'
import { apiQueryOf, EMPTY_SEARCH, effectiveStatuses, hasFilters, searchParamsFromState, searchStateFromParams, withSearchChange } from './search-state'

const fromQuery = (query: string) => searchStateFromParams(new URLSearchParams(query))
const toQuery = (state: Parameters<typeof searchParamsFromState>[0]) => searchParamsFromState(state).toString()

describe('search state in the address', () => {
  it('reads an empty address as the default search', () => {
    expect(fromQuery('')).toEqual(EMPTY_SEARCH)
    expect(toQuery(EMPTY_SEARCH)).toBe('')
  })

  it('reads every filter, the sort and the page', () => {
    expect(fromQuery('q=Main+St&minPrice=200000&maxPrice=450000&minBeds=3&minBaths=2&type=Residential,Land&status=Pending&sort=price-asc&page=3')).toEqual({
      q: 'Main St',
      minPrice: 200000,
      maxPrice: 450000,
      minBeds: 3,
      minBaths: 2,
      types: ['Residential', 'Land'],
      statuses: ['Pending'],
      sort: 'price-asc',
      page: 3,
    })
  })

  it('comes back to the same address it was read from', () => {
    const query = 'q=Franklin&minPrice=100000&maxPrice=900000&minBeds=2&minBaths=1&type=Residential%2CFarm&status=Active%2CClosed&sort=price-desc&page=2'
    expect(toQuery(fromQuery(query))).toBe(query)
  })

  it('accepts lists given as a repeated key, keeps each value once, in a fixed order', () => {
    expect(fromQuery('type=Land&type=Residential,Land').types).toEqual(['Residential', 'Land'])
  })

  it('drops what it cannot read instead of failing: unknown types and statuses, a bad sort, a bad page, text for a number', () => {
    const state = fromQuery('type=Castle,Land&status=Delete,Active&sort=cheapest&page=-2&minBeds=lots&maxPrice=')
    expect(state.types).toEqual(['Land'])
    expect(state.statuses).toEqual(['Active'])
    expect(state.sort).toBe('newest')
    expect(state.page).toBe(1)
    expect(state.minBeds).toBeNull()
    expect(state.maxPrice).toBeNull()
    expect(fromQuery('page=2.5').page).toBe(1)
  })

  it('keeps a number the API will refuse, so its message can be shown next to the filter', () => {
    expect(fromQuery('minPrice=500000&maxPrice=100000')).toMatchObject({ minPrice: 500000, maxPrice: 100000 })
  })

  it('leaves the defaults out of the address: the newest sort, page 1, the default statuses, blank words', () => {
    expect(toQuery({ ...EMPTY_SEARCH, q: '   ', sort: 'newest', page: 1, statuses: ['ComingSoon', 'Active', 'ActiveUnderContract'] })).toBe('')
  })

  it('shows the default statuses as chosen when none is', () => {
    expect(effectiveStatuses(EMPTY_SEARCH)).toEqual(['Active', 'ComingSoon', 'ActiveUnderContract'])
    expect(effectiveStatuses({ statuses: ['Closed'] })).toEqual(['Closed'])
  })
})

describe('changing the search', () => {
  it('goes back to page 1 when a filter changes', () => {
    const onPage4 = fromQuery('q=Oak&page=4')
    expect(withSearchChange(onPage4, { minBeds: 3 })).toMatchObject({ q: 'Oak', minBeds: 3, page: 1 })
    expect(toQuery(withSearchChange(onPage4, { sort: 'price-asc' }))).toBe('q=Oak&sort=price-asc')
  })

  it('tells whether anything narrows the search; the sort and the page do not', () => {
    expect(hasFilters(fromQuery('sort=price-asc&page=3'))).toBe(false)
    expect(hasFilters(fromQuery('q=Oak'))).toBe(true)
    expect(hasFilters(fromQuery('status=Closed'))).toBe(true)
  })
})

describe('the query sent to the API', () => {
  it('is one the API schema accepts, with lists as comma lists', () => {
    const query = apiQueryOf(fromQuery('q=Oak&minPrice=1000&type=Residential,Land&status=Active,Closed&page=2'), 12)
    expect(query).toEqual({ q: 'Oak', minPrice: 1000, maxPrice: undefined, minBeds: undefined, minBaths: undefined, type: 'Residential,Land', status: 'Active,Closed', sort: 'newest', page: 2, pageSize: 12 })
    const asText = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]))
    expect(ListingSearchSchema.parse(asText)).toMatchObject({ q: 'Oak', minPrice: 1000, type: ['Residential', 'Land'], status: ['Active', 'Closed'], page: 2, pageSize: 12 })
  })

  it('leaves out the statuses when none is chosen, so the API applies its default', () => {
    expect(apiQueryOf(EMPTY_SEARCH).status).toBeUndefined()
  })
})
