import type { Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { apiSignIn, expect, pageSignedInAs, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, uniqueStreet } from './listings'

const AGENT = 'seller-agent@example.com'
const OTHER_SELLER = 'seller-owner@example.com'

/** The agent's listing and how to name it, made fresh for each test so the tests can run side by side. */
async function freshListing(page: Page) {
  const street = uniqueStreet()
  const token = await apiSignIn(page, AGENT)
  const fields = publishableListing({
    ListPrice: 412000,
    StreetNumber: '4821',
    StreetName: street,
    StreetSuffix: 'Rd',
    City: 'Knoxville',
    PostalCode: '37919',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    ListAgentEmail: AGENT,
  })
  // The smallest photo the upload accepts.
  const { id } = await publishListing(page.request, { token, fields, photos: [pngOf(1, 1, [0, 0, 255])] })
  return { id, token, street, address: `4821 ${street} Rd, Knoxville, TN 37919` }
}

test('a listing agent finds a new listing in My Listings by search and weights its offers, kept after a reload', async ({ page }) => {
  const { id, street, address } = await freshListing(page)

  await useAccount(page, AGENT)
  await page.goto('/my-properties/list')
  await expect(page.getByRole('heading', { level: 1, name: 'My Listings' })).toBeVisible()
  await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible()
  // The demo agent has more listings than a page holds: the pager's arrows are named too.
  const pager = page.getByRole('navigation', { name: 'Pages of your listings' })
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeVisible()
  await expectNoViolations(page, '/my-properties/list with its pager')

  // The search waits for a pause in typing, then asks the API; the words stay in the address bar.
  await page.getByRole('searchbox', { name: 'Search your listings' }).fill(street)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${street}`))
  const card = page.getByRole('article', { name: address })
  await expect(card).toBeVisible()
  await expect(page.getByText('1 listing', { exact: true })).toBeVisible()
  await expect(card.getByText('$412,000')).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card.getByRole('img', { name: `Photo of ${address}` })).toBeVisible()
  await expectNoViolations(page, '/my-properties/list')

  await card.getByRole('link', { name: `Manage ${address}` }).click()
  await expect(page).toHaveURL(`/my-properties/${id}/edit-listing`)
  await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View public page' })).toHaveAttribute('href', `/property/${id}`)

  // Weighting: with the keyboard, net to seller to 0 and earnest money to 10, then saved.
  await page.getByRole('tab', { name: 'Offer weighting' }).click()
  await expect(page).toHaveURL(`/my-properties/${id}/weighting`)
  await expect(page.getByText(/ranked with these weights/)).toBeVisible()
  const netToSeller = page.getByRole('slider', { name: 'Net to seller' })
  const earnestMoney = page.getByRole('slider', { name: 'Earnest money' })
  await netToSeller.focus()
  await page.keyboard.press('Home')
  await earnestMoney.focus()
  await page.keyboard.press('End')
  await expect(netToSeller).toHaveAttribute('aria-valuenow', '0')
  await expect(earnestMoney).toHaveAttribute('aria-valuetext', /^10 of 10, \d+% of the score$/)

  // Leaving the tab with the change unsaved asks first; staying keeps the change.
  await page.getByRole('tab', { name: 'Settings' }).click()
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Stay on this tab' }).click()
  await expect(leave).toBeHidden()
  await expect(page).toHaveURL(`/my-properties/${id}/weighting`)
  await expect(netToSeller).toHaveAttribute('aria-valuenow', '0')
  await expectNoViolations(page, 'the weighting tab')

  await page.getByRole('button', { name: 'Save weights' }).click()
  await expect(page.getByText('Offer weights saved')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('slider', { name: 'Net to seller' })).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByRole('slider', { name: 'Earnest money' })).toHaveAttribute('aria-valuenow', '10')
})

test('a listing agent withdraws a listing after confirming; another seller is sent Home and refused', async ({ page, browser }) => {
  const { id, token, address } = await freshListing(page)

  await useAccount(page, AGENT)
  await page.goto(`/my-properties/${id}/settings`)
  await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
  await page.getByLabel('Listing status').selectOption({ label: 'Withdrawn' })
  await expectNoViolations(page, 'the settings tab')
  await page.getByRole('button', { name: 'Save settings' }).click()
  const confirm = page.getByRole('dialog', { name: 'Set this listing to Withdrawn?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Set to Withdrawn' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
  await expect(page.getByLabel('Listing status')).toHaveValue('Withdrawn')
  await page.reload()
  await expect(page.getByLabel('Listing status')).toHaveValue('Withdrawn')
  const saved = await page.request.get(`/api/listings/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(((await saved.json()) as { listing: { StandardStatus: string } }).listing.StandardStatus).toBe('Withdrawn')

  // Another seller is sent Home from the settings and the API refuses the change.
  const otherPage = await pageSignedInAs(browser, OTHER_SELLER)
  await otherPage.goto(`/my-properties/${id}/settings`)
  await expect(otherPage).toHaveURL('/')
  await expect(otherPage.getByRole('button', { name: 'Save settings' })).toHaveCount(0)
  await expect(otherPage.getByText(address)).toHaveCount(0)
  const otherToken = await apiSignIn(otherPage, OTHER_SELLER)
  const refused = await otherPage.request.patch(`/api/listings/${id}/settings`, { headers: { Authorization: `Bearer ${otherToken}` }, data: { StandardStatus: 'Active' } })
  expect(refused.status()).toBe(403)
  await otherPage.context().close()
})

test('a listing that does not exist says so', async ({ page }) => {
  await useAccount(page, AGENT)
  await page.goto('/my-properties/00000000-0000-4000-8000-000000000000/weighting')
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to My Listings' })).toBeVisible()
})

test('a seller who may not add listings sees their listings without an Add listing button', async ({ page }) => {
  await useAccount(page, 'seller-simple@example.com')
  await page.goto('/my-properties/list')
  await expect(page.getByRole('heading', { level: 1, name: 'My Listings' })).toBeVisible()
  await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add listing' })).toHaveCount(0)
})
