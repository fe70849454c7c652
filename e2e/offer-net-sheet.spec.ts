import type { OfferView } from '@offerbook/domain/offer'
import { expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'
import { BEN, bearer } from './offers'

/**
 * Issue 28: money that looks wrong gets a second look, and the seller's net counts every concession.
 * A price typed under 70 % of the list price asks for a confirmation with the figure spelled out; the
 * optimize page lists the concessions written as clauses, each with its source.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)

test('a price under 70 % of the list price asks for a confirmation with the figure spelled out before it can be shared', async ({ page }) => {
  const listing = await publishListing(page.request, { fields: publishableListing({ ListPrice: 469_900 }), photos: [pngOf(8, 6, [200, 120, 40])] })
  await useAccount(page, BEN)
  await page.goto(`/property/${listing.id}`)
  await page.getByRole('button', { name: 'Make an offer' }).click()
  await expect(page.getByRole('heading', { name: 'Your offer', level: 1 })).toBeVisible({ timeout: 30_000 })

  const price = page.getByRole('spinbutton', { name: 'Purchase price' })
  await expect(price).toHaveValue('469,900')
  await expect(page.getByTestId('money-check-purchasePrice')).toHaveCount(0)
  await price.fill('44,500')
  const check = page.getByTestId('money-check-purchasePrice')
  await expect(check).toContainText('This price is under 70 % of the list price ($328,930).')
  await expect(check).toContainText('You typed $44,500: forty-four thousand five hundred dollars.')

  // Sharing waits for the confirmation next to the field.
  await page.getByRole('button', { name: 'Share with the seller' }).click()
  await expect(page.getByText('An amount looks unusual: confirm it before sharing the offer').first()).toBeVisible()
  await check.getByRole('checkbox', { name: 'Yes, $44,500 is right' }).check()
  await expect(check.getByRole('checkbox', { name: 'Yes, $44,500 is right' })).toBeChecked()

  // A corrected figure needs no confirmation.
  await price.fill('455,000')
  await expect(page.getByTestId('money-check-purchasePrice')).toHaveCount(0)
})

test('the optimize page lists stipulation A and RF707 clause B with their sources, and nets them', async ({ page }) => {
  const listing = await publishListing(page.request, { fields: publishableListing({ ListPrice: 420_000 }), photos: [pngOf(8, 6, [40, 160, 120])] })
  const headers = await bearer(page.request, BEN)
  const created = await page.request.post('/api/offers', { headers, data: { listingId: listing.id } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const terms = {
    ...offer.terms,
    listingAgent: { fullName: 'Lena Listing', email: SELLER_AGENT },
    purchasePrice: 400_000,
    earnestMoney: { ...offer.terms.earnestMoney, amount: 4_000, holder: 'title-company', dueDays: 3 },
    financing: { type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 0,
    closingDate: inDays(45).toISOString().slice(0, 10),
    expiresAt: inDays(5).toISOString(),
    stipulationChoices: { ACheckbox: true, Atext1: '3', Atext2: '10,000' },
    addendum: { BCheckbox: true, Btext1: '3,500' },
  }
  const saved = await page.request.patch(`/api/offers/${offer.id}`, { headers, data: { terms } })
  expect(saved.status(), await saved.text()).toBe(200)
  const shared = await page.request.post(`/api/offers/${offer.id}/share`, { headers })
  expect(shared.status(), await shared.text()).toBe(200)

  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listing.id}/optimize`)
  const grid = page.getByRole('table', { name: 'Open offers ranked by weighted score, best first' })
  const sheet = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Where the net comes from' }) })
  await expect(sheet.getByRole('cell').first()).toContainText('RF707 clause B: price reduced by $3,500: −$3,500')
  await expect(sheet.getByRole('cell').first()).toContainText('Stipulation A: 3 % of price, capped at $10,000: −$10,000')
  await expect(grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Less concessions' }) }).getByRole('cell').first()).toHaveText('−$13,500')
})
