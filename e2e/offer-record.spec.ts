import { readFile } from 'node:fs/promises'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { SELLER_AGENT } from './listings'
import { listingWithBensSharedOffer } from './offers'

/**
 * The offer record (issue #18): the listing agent (Lena) opens Ben's offer, then the listing's record:
 * the share and her opening are entries, 'Verify chain' says the chain holds, the CSV downloads with
 * the same entries, and the page passes axe.
 */

test('the listing agent sees the record of her listing, verifies its chain and downloads the CSV', async ({ page }) => {
  test.slow()
  const { listingId, offer } = await listingWithBensSharedOffer(page.request, { listPrice: 420_000, offerPrice: 410_000 })
  await useAccount(page, SELLER_AGENT)
  // Opening the offer is itself an entry of the record.
  await page.goto(`/my-properties/${listingId}/offers/${offer.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 })

  await page.goto(`/offer-record/${listingId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Offer record' })).toBeVisible({ timeout: 30_000 })
  const entries = page.getByRole('table')
  await expect(entries.getByRole('row', { name: /Offer shared with the seller side/ })).toBeVisible()
  await expect(entries.getByRole('row', { name: /Opened by the seller side/ })).toBeVisible()
  // Times are written in the property's zone, named.
  await expect(entries.getByRole('row', { name: /Offer shared with the seller side/ })).toContainText(/\d{1,2}:\d{2} [AP]M C[SD]T/)

  await page.getByRole('button', { name: 'Verify chain' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Chain verified: \d+ entries, every link intact\.$/ })).toBeVisible()
  await expectNoViolations(page, 'the offer record page')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^Offer-record-.+-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n')
  expect(lines[0]).toBe('Sequence,Time (property zone),Time (UTC),Offer,Offer id,Entry,Type,By,From status,To status,Details,Hash')
  expect(lines.some((line) => line.includes(offer.id) && line.includes(',shared,'))).toBe(true)
  expect(lines.some((line) => line.includes(',viewed,') && line.includes('Lena'))).toBe(true)
})
