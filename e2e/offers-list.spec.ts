import type { APIRequestContext, Page } from '@playwright/test'
import type { OfferTermsInput, OfferView } from '@offerbook/domain/offer'
import { expectNoViolations } from './axe'
import { apiSignIn, apiToken, expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT, uniqueStreet } from './listings'
import { waitForMail } from './mailbox'

const BUYER = 'buyer-simple@example.com'
/** A first page load (session, page chunk, then its data) on a machine the whole team's tests share. */
const LOAD = 30_000

/** A listing of the demo seller agent's own, made fresh for each test so the tests can run side by side. */
async function freshListing(page: Page) {
  const street = uniqueStreet('Offr')
  const token = await apiSignIn(page, SELLER_AGENT)
  const fields = publishableListing({ ListPrice: 398000, StreetNumber: '77', StreetName: street, StreetSuffix: 'Ln', City: 'Franklin', PostalCode: '37064' })
  const { id } = await publishListing(page.request, { token, fields, photos: [pngOf(1, 1, [0, 120, 0])] })
  return { id, address: `77 ${street} Ln, Franklin, TN 37064` }
}

/** What a complete offer holds, expiring in three days. */
function completeTerms(): OfferTermsInput {
  const closing = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10)
  return {
    purchasePrice: 391000,
    earnestMoney: { amount: 4000, holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
    financing: { type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 7,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: closing,
    expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    buyers: [{ fullName: 'Ben Buyer', email: BUYER, phone: '' }],
    listingAgent: { fullName: 'Lena Listing', email: SELLER_AGENT },
    stipulations: 'Seller leaves the washer and dryer.',
  }
}

/** The buyer makes an offer through the API (create, fill in, share) and gets the shared offer back. */
async function sharedOffer(request: APIRequestContext, listingId: string): Promise<OfferView> {
  const headers = { Authorization: `Bearer ${await apiToken(request, BUYER, { persist: true })}` }
  const created = await request.post('/api/offers', { headers, data: { listingId } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const saved = await request.patch(`/api/offers/${offer.id}`, { headers, data: { terms: completeTerms() } })
  expect(saved.status(), await saved.text()).toBe(200)
  const shared = await request.post(`/api/offers/${offer.id}/share`, { headers })
  expect(shared.status(), await shared.text()).toBe(200)
  return ((await shared.json()) as { offer: OfferView }).offer
}

/** The share link the listing agent was emailed for this offer, read from the dev mailbox the test server keeps. */
async function emailedLink(request: APIRequestContext, listingId: string, offerId: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/property/${listingId}/offers/${offerId}\\?token=[\\w-]+`)
  return waitForMail(request, SELLER_AGENT, (messages) => messages.map((message) => pattern.exec(message.text)?.[0]).find(Boolean))
}

test('a buyer sees a shared offer under Active with its countdown, withdraws it after confirming, and finds it under Inactive', async ({ page }) => {
  const listing = await freshListing(page)
  const offer = await sharedOffer(page.request, listing.id)

  await useAccount(page, BUYER)
  // An unknown tab goes to All.
  await page.goto('/submitted-offers/nonsense')
  await expect(page).toHaveURL('/submitted-offers/all', { timeout: LOAD })
  await page.getByRole('tab', { name: /^Active \(\d+\)$/ }).click()
  await expect(page).toHaveURL('/submitted-offers/active')

  const card = page.getByRole('article', { name: listing.address })
  await expect(card).toBeVisible({ timeout: LOAD })
  await expect(card.getByText('$391,000')).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card.getByRole('timer')).toHaveText(/^Expires in 2d 23:\d\d:\d\d$/)
  await expect(card.getByRole('link', { name: `Edit the offer on ${listing.address}` })).toHaveAttribute('href', `/submitted-offers/update/${offer.id}`)
  await expectNoViolations(page, '/submitted-offers/active')

  await card.getByRole('button', { name: `Withdraw the offer on ${listing.address}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Withdraw this offer?' })
  await expect(dialog).toBeVisible()
  await expectNoViolations(page, 'the withdraw confirmation')
  await dialog.getByRole('button', { name: 'Withdraw offer' }).click()
  await expect(page.getByText('The offer is withdrawn')).toBeVisible()
  await expect(page.getByRole('article', { name: listing.address })).toHaveCount(0)

  await page.getByRole('tab', { name: /^Inactive \(\d+\)$/ }).click()
  await expect(page).toHaveURL('/submitted-offers/inactive')
  const withdrawn = page.getByRole('article', { name: listing.address })
  await expect(withdrawn.getByText('Withdrawn', { exact: true })).toBeVisible()
  await expect(withdrawn.getByRole('timer')).toHaveCount(0)
  await expect(withdrawn.getByRole('button', { name: /Withdraw/ })).toHaveCount(0)
  await expect(withdrawn.getByRole('link', { name: `View the offer on ${listing.address}` })).toBeVisible()

  // The withdrawal is stored: after a reload the offer is still under Inactive.
  await page.reload()
  await expect(page.getByRole('article', { name: listing.address }).getByText('Withdrawn', { exact: true })).toBeVisible()
})

test('the share link opens the offer read-only for a visitor who is not signed in, and a wrong token does not', async ({ page }) => {
  const listing = await freshListing(page)
  const offer = await sharedOffer(page.request, listing.id)
  const link = new URL(await emailedLink(page.request, listing.id, offer.id))
  expect(link.pathname).toBe(`/property/${listing.id}/offers/${offer.id}`)

  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { level: 1, name: `Offer on ${listing.address}` })).toBeVisible({ timeout: LOAD })
  await expect(page).toHaveURL(link.pathname + link.search)
  await expect(page.getByText('Read-only', { exact: true })).toBeVisible()
  const money = page.getByRole('region', { name: 'Price and money' })
  await expect(money.getByText('$391,000')).toBeVisible()
  await expect(page.getByText('Seller leaves the washer and dryer.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Buyers and agents' }).getByText('Lena Listing')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Answer this offer' })).toHaveCount(0)
  await expectNoViolations(page, 'the share link page')

  const wrong = `${link.pathname}?token=${'x'.repeat(43)}`
  await page.goto(wrong)
  await expect(page.getByRole('heading', { level: 1, name: 'Offer not found' })).toBeVisible({ timeout: LOAD })
  await expect(page).toHaveURL(wrong)
  await expect(page.getByText('$391,000')).toHaveCount(0)

  // Without a token, a visitor is told the same, not sent to sign in.
  await page.goto(link.pathname)
  await expect(page.getByRole('heading', { level: 1, name: 'Offer not found' })).toBeVisible({ timeout: LOAD })
  await expect(page).toHaveURL(link.pathname)
})

test('the listing agent signed in opens the link page without a token and is offered to answer the offer', async ({ page }) => {
  const listing = await freshListing(page)
  const offer = await sharedOffer(page.request, listing.id)

  await useAccount(page, SELLER_AGENT)
  await page.goto(`/property/${listing.id}/offers/${offer.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Offer on ${listing.address}` })).toBeVisible({ timeout: LOAD })
  await expect(page.getByRole('link', { name: 'Answer this offer' })).toHaveAttribute('href', `/my-properties/${listing.id}/offers/${offer.id}`)
  await expect(page.getByText('Read-only', { exact: true })).toHaveCount(0)
})

test('the listing agent reads of a new offer in Notifications, opens it on the review page and marks it read', async ({ page }) => {
  const listing = await freshListing(page)
  const offer = await sharedOffer(page.request, listing.id)

  await useAccount(page, SELLER_AGENT)
  await page.goto('/notifications/unread')
  const item = page.getByRole('listitem').filter({ hasText: `New offer of $391,000 on ${listing.address}` })
  await expect(item).toBeVisible({ timeout: LOAD })
  await expect(item.getByRole('link', { name: /^Open the offer/ })).toHaveAttribute('href', `/my-properties/${listing.id}/offers/${offer.id}`)
  await expectNoViolations(page, '/notifications/unread')

  await item.getByRole('button', { name: /^Mark as read/ }).click()
  await expect(page.getByRole('listitem').filter({ hasText: listing.address })).toHaveCount(0)
  await page.getByRole('tab', { name: 'All' }).click()
  await expect(page).toHaveURL('/notifications/all')
  const read = page.getByRole('listitem').filter({ hasText: `New offer of $391,000 on ${listing.address}` })
  await expect(read).toBeVisible()
  await expect(read.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0)
})
