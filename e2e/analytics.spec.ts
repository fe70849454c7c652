import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { expectNoViolations } from './axe'
import { apiToken, expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'

/**
 * /analytics (issue #16): the listing agent (Lena) gets an offer this month, made and shared by Ben
 * through the API, and finds it in her charts, their tables and the CSV; every scope's page passes axe.
 */

const BEN = 'buyer-simple@example.com'
const BROKER = 'principal-broker@example.com'
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)

async function bearer(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await apiToken(request, email)}` }
}

/** A fresh listing of Lena's, and an offer of Ben's on it shared with her today. */
async function offerToLena(request: APIRequestContext): Promise<void> {
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: 500_000 }), photos: [pngOf(8, 6, [90, 60, 120])] })
  const headers = await bearer(request, BEN)
  const created = await request.post('/api/offers', { headers, data: { listingId: listing.id } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const terms = {
    ...offer.terms,
    listingAgent: { fullName: 'Lena Listing', email: SELLER_AGENT },
    purchasePrice: 490_000,
    financing: { type: 'cash' },
    inspectionPeriodDays: 0,
    closingDate: inDays(45).toISOString().slice(0, 10),
    expiresAt: inDays(5).toISOString(),
  }
  const saved = await request.patch(`/api/offers/${offer.id}`, { headers, data: { terms } })
  expect(saved.status(), await saved.text()).toBe(200)
  const shared = await request.post(`/api/offers/${offer.id}/share`, { headers })
  expect(shared.status(), await shared.text()).toBe(200)
}

async function openAnalytics(page: Page, email: string): Promise<void> {
  await useAccount(page, email)
  await page.goto('/analytics')
  // The first page of a fresh server can be slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 30_000 })
}

test("an agent with an offer this month sees it charted and tabled, downloads the CSV, and the page passes axe", async ({ page }) => {
  test.slow()
  await offerToLena(page.request)
  await openAnalytics(page, SELLER_AGENT)

  const months = page.getByTestId('chart-months')
  await expect(months.locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 })
  // A bar's shape is drawn only for a value above zero: this month's offer received is one.
  await expect(months.locator('path.recharts-rectangle').first()).toBeVisible()
  const table = page.getByRole('table', { name: 'Offers by month' })
  await expect(table).toBeAttached()
  await expectNoViolations(page, 'the analytics page')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^offerbook-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n')
  expect(lines.slice(0, 2)).toEqual(['Key figures', 'Figure,You'])
  expect(lines).toContain('Month,Offers received,Accepted,Declined,Offers made')
  const thisMonth = lines.find((line) => line.startsWith(`${new Date().toISOString().slice(0, 7)},`))
  expect(Number(thisMonth?.split(',')[1])).toBeGreaterThanOrEqual(1)

  await page.getByRole('switch', { name: 'Show the tables' }).check({ timeout: 15_000 })
  await expect(table).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Offers received' })).toBeVisible()
  await expectNoViolations(page, 'the analytics page with its tables shown')
})

test('a buyer gets the offers they made, and the page passes axe', async ({ page }) => {
  await openAnalytics(page, BEN)
  await expect(page.getByText('The offers you made over the period and how they were answered.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('No offers in this period').or(page.getByRole('heading', { name: 'Offers by month' }))).toBeVisible({ timeout: 30_000 })
  await expectNoViolations(page, "the buyer's analytics page")
})

test("a principal broker gets the brokerage's figures, and the page passes axe", async ({ page }) => {
  await openAnalytics(page, BROKER)
  await expect(page.getByText("Your brokerage's listings and offers over the period: the total and each agent.")).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('No offers in this period').or(page.getByRole('heading', { name: 'Key figures' }))).toBeVisible({ timeout: 30_000 })
  await expectNoViolations(page, "the principal broker's analytics page")
})
