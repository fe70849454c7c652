import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { SELLER_AGENT } from './listings'
import { BEN, bearer, listingWithBensSharedOffer } from './offers'

/**
 * Issue #14 parts 3 and 4 in two browsers at once: the listing agent (Lena) has a page open while the
 * buyer (Ben) changes his shared offer; Lena's bell and offer page follow over GET /api/events,
 * without a reload.
 */

// The tests count Lena's notifications: one at a time, so one test's change does not land in another's count.
test.describe.configure({ mode: 'serial' })

/** A fresh listing of Lena's with one offer of Ben's at $625,000, shared with her through the API. */
const listingWithBensOffer = (request: APIRequestContext) => listingWithBensSharedOffer(request, { listPrice: 640_000, offerPrice: 625_000 })

/** Ben, in a browser context of his own, changes his shared offer's price through the API and sends it as a revision. */
async function benRaisesThePrice(browser: Browser, offerId: string, purchasePrice: number): Promise<void> {
  const context = await browser.newContext()
  try {
    const headers = await bearer(context.request, BEN)
    const read = await context.request.get(`/api/offers/${offerId}`, { headers })
    expect(read.status(), await read.text()).toBe(200)
    const { offer } = (await read.json()) as { offer: OfferView }
    const saved = await context.request.patch(`/api/offers/${offerId}`, { headers, data: { terms: { ...offer.terms, purchasePrice } } })
    expect(saved.status(), await saved.text()).toBe(200)
    // A saved change is Ben's working copy; the seller side hears of it once it is sent.
    const sent = await context.request.post(`/api/offers/${offerId}/revisions`, { headers, data: { version: offer.negotiation.version } })
    expect(sent.status(), await sent.text()).toBe(200)
  } finally {
    await context.close()
  }
}

async function unreadOf(request: APIRequestContext, email: string): Promise<number> {
  const res = await request.get('/api/notifications', { headers: await bearer(request, email) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { unread: number }).unread
}

/** Opens `path` as Lena and waits until her live stream is open (its answer's headers have come). */
async function openAsLena(page: Page, path: string): Promise<void> {
  await useAccount(page, SELLER_AGENT)
  const stream = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200)
  await page.goto(path)
  await stream
}

/**
 * How long a change may take to reach an open page (and a page to load). It is about a second; on a
 * machine shared by many test runs, the server's read of a notified event was seen to wait several
 * seconds for the database, and a page over ten seconds to load.
 */
const LIVE = { timeout: 30_000 }

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ })

test("the bell counts the buyer's change live, lists it, and marks all read", async ({ page, browser }) => {
  const { offer } = await listingWithBensOffer(page.request)
  await openAsLena(page, '/my-properties')
  const before = await unreadOf(page.request, SELLER_AGENT)
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before} unread`, LIVE)

  await benRaisesThePrice(browser, offer.id, 628_000)
  // Ben's change is one more unread notification (any other test's notification of Lena's would be counted too).
  const after = await unreadOf(page.request, SELLER_AGENT)
  expect(after).toBeGreaterThanOrEqual(before + 1)
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${after} unread`, LIVE)

  await bell(page).click()
  const menu = page.getByRole('menu', { name: /^Notifications/ })
  const item = menu.getByRole('menuitem', { name: /^Unread: The offer of \$628,000 on .+ was updated$/ })
  await expect(item).toBeVisible()
  await expect(item).toHaveAttribute('href', `/my-properties/${offer.property.id}/offers/${offer.id}`)

  await menu.getByRole('menuitem', { name: 'Mark all read' }).click()
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread')
  await expect(menu.getByRole('menuitem', { name: /^The offer of \$628,000 on .+ was updated$/ })).toBeVisible()

  await menu.getByRole('menuitem', { name: 'See all notifications' }).click()
  await expect(page).toHaveURL(/\/notifications\/all$/)
})

test('the offer page the listing agent has open shows the raised price without a reload', async ({ page, browser }) => {
  const { listingId, offer } = await listingWithBensOffer(page.request)
  await openAsLena(page, `/my-properties/${listingId}/offers/${offer.id}`)
  const price = page.locator('div:has(> dt:text-is("Purchase price")) > dd').first()
  await expect(price).toHaveText('$625,000', LIVE)
  let reloaded = false
  page.on('load', () => (reloaded = true))

  await benRaisesThePrice(browser, offer.id, 631_000)
  await expect(price).toHaveText('$631,000', LIVE)
  expect(reloaded).toBe(false)
})

test('the open bell menu passes axe, and opening an item leads to its offer and marks it read', async ({ page, browser }) => {
  const { listingId, offer } = await listingWithBensOffer(page.request)
  await openAsLena(page, '/')
  await benRaisesThePrice(browser, offer.id, 626_500)
  const item = page.getByRole('menu').getByRole('menuitem', { name: /^Unread: The offer of \$626,500 on .+ was updated$/ })
  await bell(page).click()
  await expect(item).toBeVisible(LIVE)
  await expectNoViolations(page, 'the open notification menu')

  const unread = await unreadOf(page.request, SELLER_AGENT)
  await item.click()
  await expect(page).toHaveURL(new RegExp(`/my-properties/${listingId}/offers/${offer.id}$`))
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unread - 1} unread`)
})
