import { fileURLToPath } from 'node:url'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'

const RESO_FILE = fileURLToPath(new URL('./listing-import.reso.json', import.meta.url))

test('a listing agent imports a RESO JSON file: picks, maps, watches the progress, reads the report, finds the listing', async ({ page }) => {
  await useAccount(page, 'seller-agent@example.com')
  await page.goto('/add-listing/import')
  await expect(page).toHaveURL(/\/add-listing\/import\/list$/)
  // This server has no MLS feed: the page says so and offers the file.
  await expect(page.getByText('The MLS feed is not set up on this site. You can upload a RESO JSON file instead.')).toBeVisible()
  await expectNoViolations(page, 'the list step')

  await page.locator('input[type="file"]').setInputFiles(RESO_FILE)
  await page.getByRole('button', { name: 'Read the file' }).click()
  await expect(page.getByText('The file listing-import.reso.json: what it has for you')).toBeVisible()
  await expect(page.getByText('2 new listings')).toBeVisible()
  await expect(page.getByText('1 record that cannot be imported')).toBeVisible()
  await page.getByRole('link', { name: 'Pick the listings to import' }).click()

  // Pick: both good records are picked; the bad one cannot be.
  await expect(page).toHaveURL(/\/add-listing\/import\/pick\?job=/)
  await expect(page.getByRole('checkbox', { name: 'Pick all listings' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Pick 44 Broken Price Rd, Memphis, TN 38104' })).toBeDisabled()
  const signal = page.getByRole('checkbox', { name: 'Pick 9 Signal Mountain Rd, Chattanooga, TN 37405' })
  await signal.uncheck()
  await expect(page.getByText('1 of 2 listings picked')).toBeVisible()
  await expectNoViolations(page, 'the pick step')
  await page.getByRole('link', { name: 'Next' }).click()

  // Map: the fields, the skipped record with its line, the visibility. Back and forward keep the choices.
  await expect(page).toHaveURL(/\/add-listing\/import\/map\?job=/)
  const fields = page.getByRole('table', { name: /RESO fields of 1810 Fatherland St/ })
  await expect(fields.getByRole('row', { name: 'ListPrice List price $389,000' })).toBeVisible()
  await expect(page.getByText('44 Broken Price Rd, Memphis, TN 38104 (Line 27)')).toBeVisible()
  await expect(page.getByText('List price (ListPrice): Price must be between $1,000 and $1,000,000,000')).toBeVisible()
  await page.getByRole('radio', { name: 'Unlisted: only people with the link' }).check()
  await page.goBack()
  await expect(signal).not.toBeChecked()
  await signal.check()
  await page.goForward()
  await expect(page.getByRole('radio', { name: 'Unlisted: only people with the link' })).toBeChecked()
  await expectNoViolations(page, 'the map step')
  await page.getByRole('button', { name: 'Import 2 listings' }).click()

  // Progress: a real progress bar that reaches 100%.
  await expect(page).toHaveURL(/\/add-listing\/import\/progress\?job=/)
  const bar = page.getByRole('progressbar', { name: 'Import progress' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await expect(bar).toHaveAttribute('aria-valuetext', '3 of 3 records done')
  await page.getByRole('link', { name: 'See the report' }).click()

  // Report: counts, the skipped record and why, links to the imported listings.
  await expect(page).toHaveURL(/\/add-listing\/import\/report\?job=/)
  const summary = page.getByRole('list', { name: 'What the import did' })
  await expect(summary.getByRole('listitem').filter({ hasText: 'Imported' })).toContainText('2')
  await expect(summary.getByRole('listitem').filter({ hasText: 'Skipped' })).toContainText('1')
  await expect(page.getByRole('row', { name: /e2e-import-2 Line 27 List price \(ListPrice\): Price must be between/ })).toBeVisible()
  await expectNoViolations(page, 'the report step')
  const imported = page.getByRole('link', { name: '1810 Fatherland St, Nashville, TN 37206' })
  await expect(page.getByRole('link', { name: '9 Signal Mountain Rd, Chattanooga, TN 37405' })).toBeVisible()
  await imported.click()
  await expect(page).toHaveURL(/\/my-properties\/[0-9a-f-]+\/edit-listing$/)

  // The listing is the agent's now (their list is newest first; the import keeps the MLS's older timestamp).
  await page.goto('/my-properties/list?q=Fatherland')
  await expect(page.getByRole('heading', { name: '1810 Fatherland St, Nashville, TN 37206' })).toBeVisible()
})

test('a broken file is refused with the line and column where it breaks', async ({ page }) => {
  await useAccount(page, 'buyer-agent@example.com')
  await page.goto('/add-listing/import/list')
  await page.locator('input[type="file"]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "value": [\n    { "ListingKey": "x", }\n  ]\n}') })
  await page.getByRole('button', { name: 'Read the file' }).click()
  await expect(page.getByText('The file is not valid JSON: the error is at line 3, column 26. Nothing was imported.')).toBeVisible()
  await expect(page).toHaveURL(/\/add-listing\/import\/list$/)
})

test('an owner who is not an agent is kept out of the import', async ({ page }) => {
  await useAccount(page, 'seller-owner@example.com')
  await page.goto('/add-listing/import/list')
  await expect(page).not.toHaveURL(/\/add-listing\/import/)
})
