import type { APIRequestContext, Browser } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { expect, expectConsoleError, pageSignedInAs, test, useAccount } from './fixtures'
import { SELLER_AGENT } from './listings'
import { BEN, bearer, listingWithBensSharedOffer } from './offers'

/**
 * Issue #28 items 1 to 3 in two browser contexts: Ben's edits of his shared offer reach Lena only as a
 * sent revision, one change with its difference; Lena's page on an old version is told the offer
 * changed when she accepts; an offer expires while Lena has it open.
 */

test.describe.configure({ mode: 'serial' })

/** A first page load waits up to 30 s on the shared two-core machine, as elsewhere in the suite. */
const LOAD = { timeout: 30_000 }

async function offerAs(request: APIRequestContext, email: string, offerId: string): Promise<OfferView> {
  const read = await request.get(`/api/offers/${offerId}`, { headers: await bearer(request, email) })
  expect(read.status(), await read.text()).toBe(200)
  return ((await read.json()) as { offer: OfferView }).offer
}

async function noticesOf(request: APIRequestContext, offerId: string): Promise<string[]> {
  const res = await request.get('/api/notifications', { headers: await bearer(request, SELLER_AGENT) })
  expect(res.status()).toBe(200)
  const { items } = (await res.json()) as { items: { type: string; offerId: string | null }[] }
  return items.filter((item) => item.offerId === offerId).map((item) => item.type)
}

/** Ben, in a browser context of his own, sends a revision of his offer through the API. */
async function benSendsRevision(browser: Browser, offerId: string, change: Partial<OfferView['terms']>): Promise<void> {
  const context = await browser.newContext()
  try {
    const offer = await offerAs(context.request, BEN, offerId)
    const sent = await context.request.post(`/api/offers/${offerId}/revisions`, { headers: await bearer(context.request, BEN), data: { version: offer.negotiation.version, terms: { ...offer.terms, ...change } } })
    expect(sent.status(), await sent.text()).toBe(200)
  } finally {
    await context.close()
  }
}

test("the buyer side's edits reach the seller side only when sent, as one change with its difference", async ({ page, browser }) => {
  const { listingId, offer } = await listingWithBensSharedOffer(page.request, { listPrice: 640_000, offerPrice: 600_000 })
  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listingId}/offers/${offer.id}`)
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeEnabled(LOAD)

  const benPage = await pageSignedInAs(browser, BEN)
  try {
    await benPage.goto(`/submitted-offers/update/${offer.id}`)
    const price = benPage.getByRole('spinbutton', { name: 'Purchase price' })
    await expect(price).toBeEditable(LOAD)
    // Typed slowly, saved as he goes: his working copy, which Lena does not see.
    for (const typed of ['6', '61', '610', '6100', '61000', '610000']) {
      await price.fill(typed)
      await benPage.waitForTimeout(300)
    }
    await expect(benPage.getByTestId('offer-unsent-changes')).toBeVisible({ timeout: 15_000 })
    // The last keystrokes saved too: with a save still pending, Send asks to save the form first.
    await expect(benPage.getByTestId('offer-save-status')).toHaveText(/^Saved at /, { timeout: 30_000 })
    expect((await offerAs(page.request, SELLER_AGENT, offer.id)).terms.purchasePrice).toBe(600_000)
    expect(await noticesOf(page.request, offer.id)).toEqual(['offer.shared'])

    await benPage.getByRole('button', { name: 'Send revision' }).click()
    const confirm = benPage.getByRole('dialog', { name: 'Send this revision?' })
    const changes = confirm.getByRole('table', { name: 'Changes from the current version' })
    await expect(changes.getByRole('row', { name: /^Purchase price/ })).toContainText('$600,000')
    await expect(changes.getByRole('row', { name: /^Purchase price/ })).toContainText('$610,000')
    await confirm.getByRole('button', { name: 'Send revision' }).click()
    await expect(benPage.getByText('Revision sent: the seller side was told')).toBeVisible(LOAD)
  } finally {
    await benPage.context().close()
  }

  // Lena's open page shows the revision live, as the difference from version 1.
  const panel = page.getByRole('region', { name: 'Negotiation' })
  await expect(panel.getByText("The buyer side's revision (version 2):")).toBeVisible(LOAD)
  const row = panel.getByRole('table', { name: 'Version 1 and version 2 side by side' }).getByRole('row', { name: /^Purchase price/ })
  await expect(row).toContainText('$600,000')
  await expect(row).toContainText('$610,000')
  // One change, one notice: not one per keystroke.
  expect(await noticesOf(page.request, offer.id)).toEqual(['offer.updated', 'offer.shared'])
})

test("the seller's page on an old version is told the offer changed when she accepts, and shows the new version", async ({ page, browser }) => {
  const { listingId, offer } = await listingWithBensSharedOffer(page.request, { listPrice: 500_000, offerPrice: 480_000 })
  await useAccount(page, SELLER_AGENT)
  // No live updates on this page, and its reads of the offer answer the version it first read: it stays
  // on that version, as a page whose stream dropped.
  await page.route('**/api/events*', (route) => route.abort())
  expectConsoleError(/net::ERR_FAILED/)
  const offerPath = `/api/offers/${offer.id}`
  const first = page.waitForResponse((response) => new URL(response.url()).pathname === offerPath && response.request().method() === 'GET')
  await page.goto(`/my-properties/${listingId}/offers/${offer.id}`)
  const stale = (await (await first).json()) as unknown
  const staleReads = `**${offerPath}`
  await page.route(staleReads, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: stale }) : route.fallback()))
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeEnabled(LOAD)

  await benSendsRevision(browser, offer.id, { purchasePrice: 400_000 })

  await page.getByRole('button', { name: 'Accept', exact: true }).click()
  const accept = page.getByRole('dialog', { name: 'Accept this offer?' })
  await expect(accept).toContainText('$480,000')
  await accept.getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }).click()
  const changed = page.getByRole('dialog', { name: 'This offer changed while you were looking at it' })
  await expect(changed).toBeVisible(LOAD)
  const row = changed.getByRole('row', { name: /^Purchase price/ })
  await expect(row).toContainText('$480,000')
  await expect(row).toContainText('$400,000')
  await page.unroute(staleReads)
  await changed.getByRole('button', { name: 'Review the new version' }).click()
  await expect(page.getByRole('region', { name: 'Negotiation' }).getByText("The buyer side's revision (version 2):")).toBeVisible(LOAD)
  // Nothing was accepted.
  expect((await offerAs(page.request, SELLER_AGENT, offer.id)).status).toBe('active')
})

test('an offer expires while the seller has it open: the status reads Expired and Accept is disabled', async ({ page, browser }) => {
  const { listingId, offer } = await listingWithBensSharedOffer(page.request, { listPrice: 500_000, offerPrice: 490_000 })
  const expiresAt = new Date(Date.now() + 25_000).toISOString()
  await benSendsRevision(browser, offer.id, { expiresAt })
  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listingId}/offers/${offer.id}`)
  const accept = page.getByRole('button', { name: 'Accept', exact: true })
  await expect(accept).toBeEnabled(LOAD)
  // No reload: the page flips at the expiration.
  await expect(page.getByRole('main').locator('[data-status="expired"]').first()).toBeVisible({ timeout: 45_000 })
  await expect(accept).toBeDisabled()
  const refused = await page.request.post(`/api/offers/${offer.id}/accept`, { headers: await bearer(page.request, SELLER_AGENT), data: { others: 'decline', version: 2 } })
  expect(refused.status()).toBe(409)
  expect(((await refused.json()) as { key: string }).key).toBe('offer.expired')
})
