import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { SELLER_AGENT } from './listings'
import { BEN, listingWithBensSharedOffer } from './offers'

/**
 * /analytics (issue #16): the listing agent (Lena) gets an offer this month, made and shared by Ben
 * through the API, and finds it in her charts, their tables and the CSV; every scope's page passes axe.
 */

const BROKER = 'principal-broker@example.com'
/** A fresh listing of Lena's, and an offer of Ben's on it shared with her today. */
async function offerToLena(request: APIRequestContext): Promise<void> {
  await listingWithBensSharedOffer(request, { listPrice: 500_000, offerPrice: 490_000 })
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
