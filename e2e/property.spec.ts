import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { completeListing, pngOf, publishListing, SELLER_AGENT, uniqueStreet } from './listings'

const BUYER = 'buyer-simple@example.com'

const street = () => uniqueStreet('Sassafras')

test('an anonymous visitor sees the listing, is asked to sign in to make an offer, and comes back after signing in', async ({ page }) => {
  const streetName = street()
  const listing = await publishListing(page.request, {
    fields: completeListing({ StreetName: streetName }),
    photos: [pngOf(120, 80, [200, 60, 60]), pngOf(120, 80, [60, 120, 200])],
  })
  const address = `2710 ${streetName} Way, Franklin, TN 37064`

  await page.goto(`/property/${listing.id}`)
  await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
  await expect(page.getByTestId('property-price')).toHaveText('$487,500')
  await expect(page.getByText('Active', { exact: true })).toBeVisible()
  await expect(page).toHaveTitle(`${address} | Offerbook`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^\$487,500 · 4 beds · 3 baths · 2,380 sq ft\. A brick home/)

  // Facts, address, description with its line breaks, what the seller wants to see.
  const fact = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  await expect(fact('Bedrooms')).toHaveText('4')
  await expect(fact('Bathrooms')).toHaveText('3')
  await expect(fact('Living area')).toHaveText('2,380 sq ft')
  await expect(fact('Lot size')).toHaveText('0.42 acres')
  await expect(fact('Year built')).toHaveText('1998')
  await expect(fact('Property type')).toHaveText('Residential')
  await expect(fact('County')).toHaveText('Williamson')
  await expect(page.getByText('Franklin, TN 37064', { exact: true })).toBeVisible()
  const remarks = page.getByText(/A brick home on a quiet street/)
  expect(await remarks.evaluate((element) => (element as HTMLElement).innerText)).toBe('A brick home on a quiet street.\nNew roof in 2023.')
  await expect(page.getByRole('listitem').filter({ hasText: 'Pre-approval letter' })).toBeVisible()
  await expect(page.getByRole('timer')).toContainText(/Expires in 2d \d\d:\d\d:\d\d/)

  // The photos, the primary one large and loaded; the arrow keys move through them.
  const large = page.getByRole('img', { name: `Photo 1 of 2: ${address}` }).first()
  await expect(large).toBeVisible()
  // Loaded as one of its WebP copies (320 to 1280 px wide), whichever fits the screen.
  await expect.poll(() => large.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThanOrEqual(320)
  await page.getByRole('button', { name: `Photo 1 of 2: ${address}` }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText('Photo 2 of 2', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: `Photo 2 of 2: ${address}` })).toBeFocused()

  // The listing agent, without ways to contact them.
  const agent = page.getByRole('article', { name: 'Lena Listing' })
  await expect(agent).toBeVisible()
  await expect(agent.getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Manage this listing' })).toHaveCount(0)
  await expectNoViolations(page, 'the property page')

  await page.getByRole('button', { name: 'Make an offer' }).click()
  await expect(page.getByText('You must be logged in to make an offer')).toBeVisible()
  await expectNoViolations(page, 'the property page asking to sign in')
  await page.getByRole('link', { name: 'Sign in to make an offer' }).click()
  await expect(page).toHaveURL(`/auth/sign-in?redirect=${encodeURIComponent(`/property/${listing.id}`)}`)
  await page.getByLabel('Email').fill(BUYER)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`/property/${listing.id}`)
  // Email and SMS open the Send dialog (e2e/send-dialog.spec.ts).
  await expect(page.getByRole('button', { name: 'Email Lena Listing' })).toBeVisible()
})

test('a signed-in buyer can contact the listing agent and goes on to make an offer', async ({ page }) => {
  const streetName = street()
  const listing = await publishListing(page.request, { fields: completeListing({ StreetName: streetName }), photos: [pngOf(120, 80, [90, 160, 90])] })
  await useAccount(page, BUYER)
  await page.goto(`/property/${listing.id}`)

  const agent = page.getByRole('article', { name: 'Lena Listing' })
  await expect(agent.getByRole('link', { name: 'Call Lena Listing' })).toHaveAttribute('href', 'tel:+16155550142')
  await expect(agent.getByRole('button', { name: 'Text Lena Listing' })).toBeVisible()
  await expect(agent.getByRole('button', { name: 'Email Lena Listing' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage this listing' })).toHaveCount(0)
  await expectNoViolations(page, 'the property page signed in')

  // Pressing it starts a draft offer: e2e/offer-editor.spec.ts follows that.
  await expect(page.getByRole('button', { name: 'Make an offer' })).toBeEnabled()
})

test('the listing agent is offered to manage the listing', async ({ page }) => {
  const listing = await publishListing(page.request, { fields: completeListing({ StreetName: street() }), photos: [pngOf(120, 80, [120, 120, 40])] })
  await useAccount(page, SELLER_AGENT)
  await page.goto(`/property/${listing.id}`)
  await expect(page.getByRole('link', { name: 'Manage this listing' })).toHaveAttribute('href', `/my-properties/${listing.id}/edit-listing`)
})

test('the served page of a listing carries its sharing tags', async ({ page }) => {
  const streetName = street()
  const listing = await publishListing(page.request, { fields: completeListing({ StreetName: streetName }), photos: [pngOf(120, 80, [40, 40, 160])] })
  const html = await (await page.request.get(`/property/${listing.id}`, { headers: { Accept: 'text/html' } })).text()
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="[^"]*2710 ${streetName} Way`))
})

test('a listing that does not exist says so and leads to the search', async ({ page }) => {
  await page.goto('/property/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Search homes' }).click()
  await expect(page).toHaveURL('/listings')
})
