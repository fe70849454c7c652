import { crc32, deflateSync } from 'node:zlib'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page, Request } from '@playwright/test'
import type { ListingPatch, ManagedListing } from '@offerbook/domain/listing'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { expect, test } from './fixtures'

const SELLER_AGENT = 'seller-agent@example.com'

/** A real 2×2 PNG: the API sniffs uploads, so the photo must be an image. */
function png([r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0])
  const row = Buffer.from([0, r, g, b, r, g, b])
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat([row, row]))), chunk('IEND', Buffer.alloc(0))])
}

async function token(request: APIRequestContext): Promise<string> {
  const session = await request.post('/api/session', { data: { email: SELLER_AGENT, password: DEMO_PASSWORD, persist: false } })
  expect(session.status()).toBe(200)
  return ((await session.json()) as { accessToken: string }).accessToken
}

async function publishListing(request: APIRequestContext, accessToken: string, fields: ListingPatch): Promise<ManagedListing> {
  const headers = { Authorization: `Bearer ${accessToken}` }
  const created = await request.post('/api/listings', { headers, data: fields })
  expect(created.status(), await created.text()).toBe(201)
  const { listing } = (await created.json()) as { listing: ManagedListing }
  const uploaded = await request.post(`/api/listings/${listing.id}/photos`, {
    headers,
    multipart: { photo: { name: 'front.png', mimeType: 'image/png', buffer: png([30, 90, (fields.ListPrice ?? 0) % 255]) } },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  const published = await request.post(`/api/listings/${listing.id}/publish`, { headers, data: { StandardStatus: 'Active' } })
  expect(published.status(), await published.text()).toBe(200)
  return ((await published.json()) as { listing: ManagedListing }).listing
}

const CITIES = ['Franklin', 'Knoxville', 'Memphis', 'Chattanooga'] as const

/**
 * Thirteen listings on a street no other test uses (so the search finds only them): prices from
 * $210,000 up by $40,000, two to five bedrooms, in four cities.
 */
async function publishStreet(request: APIRequestContext): Promise<{ street: string; listings: ManagedListing[] }> {
  // Unique in its first eleven letters, which the test types.
  const street = `Quill${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}${Date.now().toString(36)}`
  const accessToken = await token(request)
  const listings: ManagedListing[] = []
  for (let n = 0; n < 13; n++) {
    listings.push(
      await publishListing(request, accessToken, {
        ListPrice: 210_000 + n * 40_000,
        StreetNumber: String(100 + n),
        StreetName: street,
        StreetSuffix: 'Road',
        City: CITIES[n % CITIES.length],
        StateOrProvince: 'TN',
        PostalCode: '37064',
        PropertyType: 'Residential',
        BedroomsTotal: 2 + (n % 4),
        BathroomsTotalInteger: 1 + (n % 3),
        LivingArea: 1200 + n * 100,
        ListAgentFullName: 'Lena Listing',
        ListAgentEmail: SELLER_AGENT,
      }),
    )
  }
  return { street, listings }
}

const isSearch = (request: Request) => new URL(request.url()).pathname === '/api/properties'
const cards = (page: Page) => page.getByTestId('listing-card')
const count = (page: Page) => page.getByTestId('result-count')
const prices = (page: Page) => cards(page).locator('p').filter({ hasText: /^\$/ }).allTextContents()

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `accessibility of ${what}`,
  ).toEqual([])
}

test('search waits for typing to pause, filters, sorts and pages, and Back restores the previous search', async ({ page }) => {
  const { street } = await publishStreet(page.request)

  await page.goto('/listings')
  await expect(count(page)).toBeVisible()
  await expectNoViolations(page, '/listings')

  // Typing quickly sends one search, once typing stops.
  const searches: string[] = []
  page.on('request', (request) => {
    if (isSearch(request)) searches.push(request.url())
  })
  const box = page.getByRole('searchbox', { name: 'Search by address, city, ZIP or MLS number' })
  const typed = street.slice(0, 11)
  await box.pressSequentially(typed, { delay: 25 })
  await expect(count(page)).toHaveText('13 homes found')
  await page.waitForTimeout(800)
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
