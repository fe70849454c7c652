import type { APIRequestContext } from '@playwright/test'
import type { OfferTermsInput, OfferView } from '@offerbook/domain/offer'
import { expectNoViolations } from './axe'
import { apiToken, expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'

/**
 * The browser journey: two buyer sides share offers on a fresh listing; the listing agent
 * weights, ranks, opens the best offer and accepts it with CONFIRM ACCEPT OFFER, declining the other;
 * the other buyer side is notified (notification and email); the buyer acknowledges, and the Binding
 * Agreement Date shows to the seller side.
 */

const BEN = 'buyer-simple@example.com'
const ALEX = 'buyer-agent@example.com'

type MailboxMessage = { to: string; subject: string | null; text: string; kind: string; createdAt: string }
type Notification = { type: string; offerId?: string | null }

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)
const isoDate = (date: Date) => date.toISOString().slice(0, 10)
/** A day from today on the browser's calendar (the date inputs take local days). */
function localDay(days: number): string {
  const day = inDays(days)
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
}

async function bearer(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await apiToken(request, email)}` }
}

/** A draft on the listing, filled with `terms` and shared with the listing agent, as the buyer side's API calls do it. */
async function shareOffer(request: APIRequestContext, email: string, listingId: string, terms: OfferTermsInput): Promise<OfferView> {
  const headers = await bearer(request, email)
  const created = await request.post('/api/offers', { headers, data: { listingId } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const listingAgent = { fullName: 'Lena Listing', email: SELLER_AGENT }
  const saved = await request.patch(`/api/offers/${offer.id}`, { headers, data: { terms: { ...offer.terms, listingAgent, ...terms } } })
  expect(saved.status(), await saved.text()).toBe(200)
  const shared = await request.post(`/api/offers/${offer.id}/share`, { headers })
  expect(shared.status(), await shared.text()).toBe(200)
  return ((await shared.json()) as { offer: OfferView }).offer
}

test('a seller weights and ranks two offers, accepts the best with CONFIRM ACCEPT OFFER, the other buyer is told, and the buyer acknowledges', async ({ page, browser, baseURL }) => {
  // Three people, two browsers and a dozen pages: longer than one page's journey on a busy machine.
  test.setTimeout(300_000)
  const request = page.request
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: 499_000 }), photos: [pngOf(8, 6, [40, 90, 160])] })
  const address = listing.UnparsedAddress

  // Ben makes his offer in the editor: cash, no inspection period, and shares it.
  const benContext = await browser.newContext({ baseURL })
  const benPage = await benContext.newPage()
  const benErrors: string[] = []
  benPage.on('pageerror', (error) => benErrors.push(error.message))
  await useAccount(benPage, BEN)
  await benPage.goto(`/property/${listing.id}`)
  await benPage.getByRole('button', { name: 'Make an offer' }).click()
  await expect(benPage).toHaveURL(/\/submitted-offers\/update\/[\w-]+$/)
  const benOfferId = benPage.url().split('/').pop() ?? ''
  await benPage.getByRole('spinbutton', { name: 'Purchase price' }).fill('495000')
  await benPage.getByRole('combobox', { name: 'Financing type' }).selectOption({ label: 'Cash' })
  await benPage.getByRole('spinbutton', { name: 'Inspection period (days)' }).fill('0')
  await benPage.getByRole('textbox', { name: 'Closing date' }).fill(localDay(45))
  await benPage.getByRole('textbox', { name: 'Closing date' }).press('Tab')
  await benPage.getByRole('textbox', { name: 'Offer expires: date' }).fill(localDay(5))
  await benPage.getByRole('textbox', { name: 'Offer expires: time' }).pressSequentially('0500PM')
  await benPage.getByRole('textbox', { name: 'Offer expires: time' }).press('Tab')
  await expect(benPage.getByTestId('offer-save-status')).toHaveText(/^Saved at /, { timeout: 30_000 })
  await benPage.getByRole('button', { name: 'Share with the seller' }).click()
  await expect(benPage.getByText(/^Shared with the seller on /)).toBeVisible({ timeout: 30_000 })
  await benContext.close()
  expect(benErrors).toEqual([])
  const ben = { id: benOfferId }

  // Alex's client borrows, with an inspection period and an appraisal (set up through the API).
  const alex = await shareOffer(request, ALEX, listing.id, {
    closingDate: isoDate(inDays(45)),
    expiresAt: inDays(5).toISOString(),
    earnestMoney: { amount: 5_000, holder: 'title-company', dueDays: 3 },
    purchasePrice: 490_000,
    buyers: [{ fullName: 'Carla Client', email: 'carla.client@example.com' }],
    financing: { type: 'conventional', loanAmount: 392_000 },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    saleOfBuyersPropertyContingency: false,
  })
  expect(alex.status).toBe('active')

  // Lena sets the weights: financing certainty counts as much as net to seller.
  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listing.id}/weighting`)
  const certainty = page.getByRole('slider', { name: 'Financing certainty' })
  await certainty.focus()
  await page.keyboard.press('End')
  await expect(certainty).toHaveAttribute('aria-valuenow', '10')
  await page.getByRole('button', { name: 'Save weights' }).click()
  await expect(page.getByText('Offer weights saved')).toBeVisible()

  // The property's Offers link opens the ranking: Ben first, and why.
  // (The footer has an 'Offers' link too, to the marketing page.)
  await page.getByRole('link', { name: 'Offers', exact: true }).and(page.locator(`[href="/my-properties/${listing.id}/optimize"]`)).click()
  await expect(page).toHaveURL(`/my-properties/${listing.id}/optimize`)
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible()
  const grid = page.getByRole('table', { name: 'Open offers ranked by weighted score, best first' })
  const columns = grid.getByRole('columnheader')
  await expect(columns).toHaveCount(3)
  await expect(columns.nth(1)).toContainText('#1')
  await expect(columns.nth(1)).toContainText('Ben Buyer')
  await expect(columns.nth(2)).toContainText('#2')
  await expect(columns.nth(2)).toContainText('Carla Client')
  await expect(grid.getByRole('rowheader', { name: 'Financing certainty (weight 10)' })).toBeVisible()
  const why = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Why it ranks here' }) })
  await expect(why.getByRole('cell').first()).toHaveText(/^Ahead of #2 by \d+\.\d points: net to seller \+\d+\.\d/)
  await expect(why.getByRole('cell').nth(1)).toHaveText('Ranked last of the open offers')
  await expect(page.getByRole('link', { name: 'Change the weights' })).toHaveAttribute('href', `/my-properties/${listing.id}/weighting`)
  await expectNoViolations(page, 'the optimize grid')

  // The top offer in full, accepted through its dialog, the other declined.
  await grid.getByRole('link', { name: 'Open offer #1' }).click()
  await expect(page).toHaveURL(`/my-properties/${listing.id}/offers/${ben.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Offer from Ben Buyer' })).toBeVisible()
  await expect(page.getByText(`On ${address}`)).toBeVisible()
  await expectNoViolations(page, 'the offer page')

  await page.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(page).toHaveURL(`/my-properties/${listing.id}/accept-offer-popup?offer=${ben.id}`)
  const dialog = page.getByRole('dialog', { name: 'Accept this offer?' })
  await expect(dialog.getByText('There is 1 other open offer on this property.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoViolations(page, 'the accept dialog')
  await dialog.getByRole('radio', { name: 'Decline them all' }).check()
  const acceptedAt = new Date().toISOString()
  await dialog.getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }).click()

  await expect(page.getByText('Offer accepted. Every affected buyer side has been notified.')).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveURL(`/my-properties/${listing.id}/offers/${ben.id}`)
  await expect(dialog).toBeHidden()
  const decision = page.getByRole('region', { name: 'Decision' })
  await expect(decision.getByRole('heading', { name: 'Decision' })).toBeFocused()
  await expect(decision.getByText(/^Decision recorded /)).toBeVisible()
  await expect(decision.getByText(/Waiting for the buyer side to acknowledge/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeDisabled()

  // The other buyer side is told, in the app and by email.
  const alexHeaders = await bearer(request, ALEX)
  await expect
    .poll(async () => {
      const { items } = (await (await request.get('/api/notifications', { headers: alexHeaders })).json()) as { items: Notification[] }
      return items.filter((item) => item.offerId === alex.id).map((item) => item.type)
    })
    .toContain('offer.declined')
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(ALEX)}`)).json()) as { messages: MailboxMessage[] }
      return messages.some((message) => message.createdAt >= acceptedAt && /declin/i.test(`${message.kind} ${message.subject ?? ''} ${message.text}`))
    })
    .toBe(true)
  const declined = await request.get(`/api/offers/${alex.id}`, { headers: alexHeaders })
  expect(((await declined.json()) as { offer: OfferView }).offer.status).toBe('declined')

  // Ben acknowledges the acceptance: the Binding Agreement Date and the dates counted from it show to Lena.
  const acknowledged = await request.post(`/api/offers/${ben.id}/acknowledge`, { headers: await bearer(request, BEN) })
  expect(acknowledged.status(), await acknowledged.text()).toBe(200)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Decision' }).getByText(/^The buyer side acknowledged the acceptance /)).toBeVisible()
  const dates = page.getByRole('region', { name: 'Contract dates' })
  await expect(dates.getByText('Binding Agreement Date')).toBeVisible()
  await expect(dates.getByText('Earnest money due')).toBeVisible()

  // The declined offer is listed below the grid, linking to its page.
  await page.getByRole('link', { name: 'All offers on this property' }).click()
  await expect(page.getByRole('table', { name: 'Offers that are no longer open' }).getByRole('link', { name: 'Carla Client' })).toHaveAttribute('href', `/my-properties/${listing.id}/offers/${alex.id}`)
})
