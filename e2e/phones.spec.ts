import type { Page } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { completeListing, pngOf, publishableListing, publishListing, SELLER_AGENT, uniqueStreet } from './listings'
import { BEN, bearer, listingWithBensSharedOffer } from './offers'

/** A phone's width (an iPhone 14's viewport). */
const PHONE = { width: 390, height: 844 }
const ALEX = 'buyer-agent@example.com'

test.use({ viewport: PHONE })

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoOverflow(page: Page, what: string) {
  expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), `width of ${what}`).toBeLessThanOrEqual(PHONE.width)
}

test('a buyer on a phone makes an offer from the bar at the bottom of the property page, fills the form by its index, and is then led back to it', async ({ page }) => {
  const streetName = uniqueStreet('Redbud')
  const listing = await publishListing(page.request, { fields: completeListing({ StreetName: streetName, ListPrice: 412_500 }), photos: [pngOf(120, 80, [90, 140, 200])] })
  await useAccount(page, BEN)

  await page.goto(`/property/${listing.id}`)
  const bar = page.getByRole('region', { name: 'Price and offer' })
  await expect(bar).toBeVisible()
  await expect(bar).toContainText('$412,500')
  // At the bottom of the screen from the start, while the side column's button is two screens down and hidden.
  const box = await bar.boundingBox()
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(PHONE.height, 0)
  await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(1)
  // The listing agent's name is whole, not cut.
  const agentName = page.getByRole('article', { name: 'Lena Listing' }).getByText('Lena Listing', { exact: true })
  await expect(agentName).toBeVisible()
  expect(await agentName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  await expectNoOverflow(page, 'the property page')
  await expectNoViolations(page, 'the property page on a phone')

  await bar.getByRole('button', { name: 'Make an offer' }).click()
  await expect(page).toHaveURL(/\/submitted-offers\/update\/[0-9a-f-]{36}$/)
  const offerPath = new URL(page.url()).pathname

  // The form's index: a compact bar at the top that opens on demand, with the sections and what is missing.
  const index = page.getByTestId('offer-index-compact')
  const toggle = index.getByRole('button', { name: /^Sections · \d+ missing$/ })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  const missing = index.getByTestId('offer-missing-fields')
  await expect(missing.getByRole('link', { name: 'Choose how the purchase is financed' })).toBeVisible()
  await expect(missing.getByRole('link', { name: 'Enter the closing date' })).toBeVisible()
  await expectNoViolations(page, 'the offer form with its index open on a phone')
  await missing.getByRole('link', { name: 'Choose how the purchase is financed' }).click()
  const financingType = page.getByRole('combobox', { name: 'Financing type' })
  await expect(financingType).toBeFocused()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await financingType.selectOption({ label: 'Conventional' })

  // Opened again, the index no longer asks for the financing; the closing date is still missing.
  await toggle.click()
  await expect(missing.getByRole('link', { name: 'Enter the closing date' })).toBeVisible()
  await expect(missing.getByRole('link', { name: 'Choose how the purchase is financed' })).toHaveCount(0)

  // A jump link brings its section's heading into view.
  await index.getByRole('navigation', { name: 'Jump to a section' }).getByRole('link', { name: 'Offer expiration' }).click()
  const heading = page.getByRole('heading', { level: 2, name: 'Offer expiration' })
  await expect(heading).toBeFocused()
  await expect(heading).toBeInViewport()

  // Fields stack on a phone: the lender's phone number gets the width of the screen, not 90 px.
  const lenderPhone = page.getByRole('textbox', { name: 'Lender phone' })
  await lenderPhone.scrollIntoViewIfNeeded()
  expect((await lenderPhone.boundingBox())?.width ?? 0).toBeGreaterThan(250)
  await expectNoOverflow(page, 'the offer form')
  await expectNoViolations(page, 'the offer form on a phone')

  // Back on the property, the buyer is led to the offer, and may still make another on purpose.
  await page.goto(`/property/${listing.id}`)
  await expect(bar.getByRole('link', { name: 'Open your offer' })).toHaveAttribute('href', offerPath)
  await expect(bar.getByRole('button', { name: 'Make another offer' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0)
  await expectNoOverflow(page, 'the property page with an offer')
  await bar.getByRole('link', { name: 'Open your offer' }).click()
  await expect(page).toHaveURL(new RegExp(`${offerPath}$`))

  // The offer's card in My Offers shows the listing's photo.
  await page.goto('/submitted-offers/all')
  const card = page.locator(`article[data-offer-id="${offerPath.split('/').at(-1)}"]`)
  await expect(card.getByRole('img', { name: /^Photo of / })).toBeVisible()
  await expect(card.getByText('No photo')).toHaveCount(0)
  await expectNoOverflow(page, 'My Offers')
})

/** The element's box lies wholly inside the phone's screen as it is now, unscrolled: reachable without hunting for it. */
async function expectOnScreen(page: Page, name: string, locator: ReturnType<Page['getByRole']>) {
  const box = await locator.boundingBox()
  expect(box, name).not.toBeNull()
  expect(box!.y, `${name}: top`).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, `${name}: bottom`).toBeLessThanOrEqual(PHONE.height)
  // Nothing lies on top of it: the element itself is what a tap at its centre reaches.
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)
    return top !== null && (element === top || element.contains(top))
  })
  expect(hit, `${name}: not covered`).toBe(true)
}

test('on a phone, the stipulation and RF707 dialogs keep Close and Import on screen above their long lists', async ({ page }) => {
  const { offer } = await listingWithBensSharedOffer(page.request, { listPrice: 410_000, offerPrice: 400_000 })
  await useAccount(page, BEN)
  await page.goto(`/submitted-offers/update/${offer.id}`)
  await expect(page.getByRole('heading', { name: 'Your offer', level: 1 })).toBeVisible({ timeout: 30_000 })

  await page.getByRole('region', { name: 'Special stipulations' }).getByRole('button', { name: 'GENERATE', exact: true }).click()
  const stipulations = page.getByRole('dialog', { name: 'Stipulations' })
  await expect(stipulations.getByRole('checkbox').first()).toBeVisible()
  for (const name of ['Close', 'Import']) await expectOnScreen(page, `the stipulations' ${name}`, stipulations.getByRole('button', { name, exact: true }))
  // Ticked far down the list, Import is still on screen and imports.
  const last = stipulations.getByRole('checkbox', { name: /^N1\. / })
  await last.scrollIntoViewIfNeeded()
  await last.check()
  await expectOnScreen(page, "the stipulations' Import after scrolling", stipulations.getByRole('button', { name: 'Import', exact: true }))
  await stipulations.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(stipulations).toBeHidden()

  await page.getByRole('region', { name: 'Additional contract language (RF707)' }).getByRole('button', { name: 'GENERATE', exact: true }).click()
  const addendum = page.getByRole('dialog', { name: 'ADDITIONAL CONTRACT LANGUAGE' })
  await expect(addendum.getByRole('checkbox').first()).toBeVisible()
  for (const name of ['Close', 'Import']) await expectOnScreen(page, `the RF707's ${name}`, addendum.getByRole('button', { name, exact: true }))
  await expectNoOverflow(page, 'the RF707 dialog')
})

test("'Make an offer' is disabled on a Coming soon home, with the reason, and the API refuses it too", async ({ page }) => {
  const listing = await publishListing(page.request, { fields: publishableListing({ StreetName: uniqueStreet('Dogwood') }), photos: [pngOf(8, 6, [200, 120, 60])], status: 'ComingSoon' })
  await useAccount(page, BEN)
  await page.goto(`/property/${listing.id}`)
  const bar = page.getByRole('region', { name: 'Price and offer' })
  const button = bar.getByRole('button', { name: 'Make an offer' })
  await expect(button).toBeDisabled()
  await expect(button).toHaveAccessibleDescription('Coming soon: offers open when it is listed')
  await expect(bar.getByText('Coming soon: offers open when it is listed')).toBeVisible()
  await expectNoOverflow(page, 'a Coming soon home')
  await expectNoViolations(page, 'a Coming soon home on a phone')
  const refused = await page.request.post('/api/offers', { headers: await bearer(page.request, BEN), data: { listingId: listing.id } })
  expect(refused.status()).toBe(409)
  expect(await refused.json()).toMatchObject({ key: 'offer.notTakingOffers', message: 'This property is not taking offers' })
})

test('the seller side sees the ranked offers as cards on a phone, with the grid’s figures, and compares two side by side', async ({ page }) => {
  const { listingId } = await listingWithBensSharedOffer(page.request, { listPrice: 390_000, offerPrice: 385_000 })
  // A second offer, Alex Agent's, financed and a little higher.
  const headers = await bearer(page.request, ALEX)
  const created = await page.request.post('/api/offers', { headers, data: { listingId } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)
  const terms = {
    ...offer.terms,
    buyers: [{ fullName: 'Casey Client', email: 'casey.client@example.com', phone: '' }],
    listingAgent: { fullName: 'Lena Listing', email: SELLER_AGENT },
    purchasePrice: 395_000,
    earnestMoney: { ...offer.terms.earnestMoney, amount: 8_000, holder: 'title-company', dueDays: 3 },
    financing: { ...offer.terms.financing, type: 'conventional', loanAmount: 316_000 },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    closingDate: inDays(40).toISOString().slice(0, 10),
    expiresAt: inDays(4).toISOString(),
  }
  expect((await page.request.patch(`/api/offers/${offer.id}`, { headers, data: { terms } })).status()).toBe(200)
  expect((await page.request.post(`/api/offers/${offer.id}/share`, { headers })).status()).toBe(200)

  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listingId}/optimize`)
  const cards = page.getByTestId('optimize-card')
  await expect(cards).toHaveCount(2)
  await expect(page.getByTestId('optimize-grid')).toBeHidden()
  const first = page.getByRole('article', { name: 'Offer 1' })
  const second = page.getByRole('article', { name: 'Offer 2' })
  const figure = (card: typeof first, label: string) => card.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]')
  await expect(figure(first, 'Purchase price')).toHaveText(/^\$(385|395),000$/)
  await expect(figure(second, 'Purchase price')).toHaveText(/^\$(385|395),000$/)
  await expect(figure(first, 'Net to seller')).toHaveText(/^\$\d{3},\d{3}$/)
  await expect(first.getByRole('link', { name: 'Open offer #1' })).toBeVisible()
  await expectNoOverflow(page, 'the ranked offers')
  await expectNoViolations(page, 'the ranked offers on a phone')

  const compare = page.getByRole('button', { name: /^Compare/ })
  await expect(compare).toBeDisabled()
  await first.getByRole('checkbox', { name: 'Compare #1' }).check()
  await second.getByRole('checkbox', { name: 'Compare #2' }).check()
  await page.getByRole('button', { name: 'Compare 2' }).click()
  const dialog = page.getByRole('dialog', { name: 'Offers side by side' })
  const table = dialog.getByRole('table', { name: 'Offers #1, #2 side by side' })
  await expect(table).toBeVisible()
  await expect(table.getByRole('columnheader')).toHaveText(['Terms', /^#1/, /^#2/])
  const prices = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Purchase price' }) }).getByRole('cell')
  await expect(prices).toHaveText([await figure(first, 'Purchase price').innerText(), await figure(second, 'Purchase price').innerText()])
  await expectNoOverflow(page, 'the comparison')
  await expectNoViolations(page, 'the comparison on a phone')
  await dialog.getByRole('button', { name: 'Close the comparison' }).last().click()
  await expect(dialog).toBeHidden()
})
