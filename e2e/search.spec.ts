import type { APIRequestContext, Page, Request } from '@playwright/test'
import type { ManagedListing } from '@offerbook/domain/listing'
import { expectNoViolations } from './axe'
import { apiToken, expect, test } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT, uniqueStreet } from './listings'

const CITIES = ['Franklin', 'Knoxville', 'Memphis', 'Chattanooga'] as const

/**
 * Thirteen listings on a street no other test uses (so the search finds only them): prices from
 * $210,000 up by $40,000, two to five bedrooms, in four cities.
 */
async function publishStreet(request: APIRequestContext): Promise<{ street: string; listings: ManagedListing[] }> {
  // The test types its first eleven letters, which no other street has (uniqueStreet).
  const street = uniqueStreet()
  const token = await apiToken(request, SELLER_AGENT)
  const listings: ManagedListing[] = []
  for (let n = 0; n < 13; n++) {
    const ListPrice = 210_000 + n * 40_000
    const fields = publishableListing({
      ListPrice,
      StreetNumber: String(100 + n),
      StreetName: street,
      StreetSuffix: 'Road',
      City: CITIES[n % CITIES.length],
      PostalCode: '37064',
      BedroomsTotal: 2 + (n % 4),
      BathroomsTotalInteger: 1 + (n % 3),
      LivingArea: 1200 + n * 100,
    })
    listings.push(await publishListing(request, { token, fields, photos: [pngOf(2, 2, [30, 90, ListPrice % 255])] }))
  }
  return { street, listings }
}

const isSearch = (request: Request) => new URL(request.url()).pathname === '/api/properties'
const cards = (page: Page) => page.getByTestId('listing-card')
const count = (page: Page) => page.getByTestId('result-count')
const prices = (page: Page) => cards(page).locator('p').filter({ hasText: /^\$/ }).allTextContents()

test('search waits for typing to pause, filters, sorts and pages, and Back restores the previous search', async ({ page }) => {
  const { street } = await publishStreet(page.request)

  // The page's clock is ours, so the 500 ms debounce is measured exactly, whatever the machine's load.
  await page.clock.install()
  await page.goto('/listings')
  await expect(count(page)).toBeVisible()
  await expectNoViolations(page, '/listings')

  // Typing quickly sends one search, 500 ms after the last key.
  const searches: string[] = []
  page.on('request', (request) => {
    if (isSearch(request)) searches.push(request.url())
  })
  const box = page.getByRole('searchbox', { name: 'Search by address, city, ZIP or MLS number' })
  const typed = street.slice(0, 11)
  await page.clock.pauseAt(Date.now() + 1000)
  await box.pressSequentially(typed)
  await page.clock.runFor(499)
  expect(searches).toHaveLength(0)
  await page.clock.runFor(1)
  // Sent while the clock still stands at 500 ms after the last key.
  await expect.poll(() => searches.length).toBe(1)
  await page.clock.resume()
  await expect(count(page)).toHaveText('13 homes found')
  expect(searches).toHaveLength(1)
  expect(new URL(searches[0]!).searchParams.get('q')).toBe(typed)
  await expect(page).toHaveURL(new RegExp(`/listings\\?q=${typed}$`))

  // Twelve on a page; the second page has the last one.
  await expect(cards(page)).toHaveCount(12)
  await page.getByRole('button', { name: 'Page 2' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(cards(page)).toHaveCount(1)
  await page.goBack()
  await expect(cards(page)).toHaveCount(12)

  // A price range and a number of bedrooms; a change of filter goes back to page 1.
  await page.getByRole('button', { name: 'Page 2' }).click()
  await expect(cards(page)).toHaveCount(1)
  await page.getByLabel('Minimum price').fill('300000')
  await page.getByLabel('Minimum price').press('Tab')
  await page.getByLabel('Maximum price').fill('600000')
  await page.getByLabel('Maximum price').press('Enter')
  // $330,000 up to $570,000: seven homes, three of them with four bedrooms or more.
  await expect(count(page)).toHaveText('7 homes found')
  await expect(page).toHaveURL(/minPrice=300000&maxPrice=600000$/)
  await page.getByLabel('Bedrooms').selectOption({ label: '4+' })
  await expect(count(page)).toHaveText('3 homes found')
  await expect(page).not.toHaveURL(/page=/)

  // Sorted by price, lowest first, then highest first.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
  await expect.poll(() => prices(page)).toEqual(['$330,000', '$450,000', '$490,000'])
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' })
  await expect.poll(() => prices(page)).toEqual(['$490,000', '$450,000', '$330,000'])
  await expectNoViolations(page, '/listings with filters')

  // Back restores each previous search, its filters and its results.
  await page.goBack()
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc')
  await expect.poll(() => prices(page)).toEqual(['$330,000', '$450,000', '$490,000'])
  await page.goBack()
  await page.goBack()
  await expect(page.getByLabel('Bedrooms')).toHaveValue('')
  await expect(count(page)).toHaveText('7 homes found')
  await expect(page.getByLabel('Maximum price')).toHaveValue('600,000')
  await page.goForward()
  await expect(count(page)).toHaveText('3 homes found')

  // A refused range is explained beside the filter.
  await page.getByLabel('Maximum price').fill('100000')
  await page.getByLabel('Maximum price').press('Enter')
  await expect(page.getByText('The maximum price must be at least the minimum price').first()).toBeVisible()
  await expect(page.getByLabel('Maximum price')).toHaveAttribute('aria-invalid', 'true')
  await expectNoViolations(page, '/listings with a refused filter')

  // Nothing matches: the filters can be cleared.
  await page.goto(`/listings?q=${street}&minBeds=5&maxPrice=250000`)
  await expect(page.getByRole('heading', { name: 'No homes match your search' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/listings$/)
  await expect(box).toHaveValue('')
})

test('a shared search link opens the same results, and each result opens its property page', async ({ page }) => {
  const { street, listings } = await publishStreet(page.request)
  await page.goto(`/listings?q=${street}&type=Residential&sort=price-desc&minBeds=5`)
  await expect(page.getByRole('searchbox', { name: 'Search by address, city, ZIP or MLS number' })).toHaveValue(street)
  await expect(page.getByRole('checkbox', { name: 'Residential', exact: true })).toBeChecked()
  await expect(count(page)).toHaveText('3 homes found')
  await expect.poll(() => prices(page)).toEqual(['$650,000', '$490,000', '$330,000'])

  await cards(page).first().click()
  await expect(page).toHaveURL(new RegExp(`/property/${listings.find((listing) => listing.ListPrice === 650_000)!.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(street)
  await page.goBack()
  await expect(count(page)).toHaveText('3 homes found')
})

test('the home page shows the newest homes and its search box opens the results', async ({ page }) => {
  const { street } = await publishStreet(page.request)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Newest homes' })).toBeVisible()
  await expect(cards(page)).toHaveCount(6)

  const box = page.getByRole('searchbox', { name: 'Search by address, city, ZIP or MLS number' })
  await box.fill(street)
  await expect(page.getByRole('heading', { name: `Homes matching “${street}”` })).toBeVisible()
  await expect(page.getByRole('link', { name: 'See all 13 results' })).toBeVisible()
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/listings\\?q=${street}$`))
  await expect(count(page)).toHaveText('13 homes found')
  await expectNoViolations(page, 'the home page search')
})
