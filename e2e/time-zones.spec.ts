import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'
import { BEN, bearer } from './offers'

/**
 * Issue 28, items 7 and 8: every time is typed and shown on the property's clocks, whatever the
 * browser's zone; and the seller side answering before her own highest-and-best deadline is asked to
 * confirm, with the deadline and the offers still expected. The listing is in Williamson County, TN
 * (Central time); both browsers run in UTC, as the buyer's did in the issue.
 */

const LOAD = { timeout: 30_000 }
const CHICAGO = 'America/Chicago'
const ALEX = 'buyer-agent@example.com'

/** The calendar day `days` from now on Nashville's clocks, YYYY-MM-DD. */
function chicagoDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CHICAGO, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000))
}

/** 'December 4, 2026' for a YYYY-MM-DD day. */
function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(Date.UTC(year, month - 1, date, 12)))
}

/** 'CST' or 'CDT' on that day in Nashville, at 5 PM. */
function centralAbbreviation(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  // 23:00 UTC is 5 PM or 6 PM in Nashville: the same side of any change of the clocks that day.
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: CHICAGO, timeZoneName: 'short' }).formatToParts(new Date(Date.UTC(year, month - 1, date, 23)))
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
}

/** A draft offer of `buyer` on the listing with every term ready to share, expiring at `expiresAt`. */
async function draftOffer(request: APIRequestContext, { listingId, buyer, name, price, expiresAt }: { listingId: string; buyer: string; name: string; price: number; expiresAt: string }): Promise<OfferView> {
  const headers = await bearer(request, buyer)
  const created = await request.post('/api/offers', { headers, data: { listingId } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const terms = {
    ...offer.terms,
    buyers: [{ fullName: name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phone: '' }],
    listingAgent: { fullName: 'Lena Listing', email: SELLER_AGENT },
    purchasePrice: price,
    // 1 % of the price, inside the earnest money's bounds whatever the price.
    earnestMoney: { ...offer.terms.earnestMoney, amount: Math.round(price / 100), holder: 'title-company', dueDays: 3 },
    financing: { type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 0,
    closingDate: chicagoDay(45),
    expiresAt,
  }
  const saved = await request.patch(`/api/offers/${offer.id}`, { headers, data: { terms } })
  expect(saved.status(), await saved.text()).toBe(200)
  return ((await saved.json()) as { offer: OfferView }).offer
}

async function share(request: APIRequestContext, buyer: string, offerId: string): Promise<void> {
  const shared = await request.post(`/api/offers/${offerId}/share`, { headers: await bearer(request, buyer) })
  expect(shared.status(), await shared.text()).toBe(200)
}

/** A page in a browser whose clocks are on UTC, signed in as the account. */
async function utcPage(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId: 'UTC' })
  const page = await context.newPage()
  await useAccount(page, email)
  return { context, page }
}

test("a buyer in UTC types 5:00 PM and the seller sees 5:00 PM Central, named", async ({ browser, page: setup }) => {
  const listing = await publishListing(setup.request, { fields: publishableListing({ ListPrice: 455_000 }), photos: [pngOf(8, 6, [90, 140, 60])] })
  const day = chicagoDay(5)
  const abbreviation = centralAbbreviation(day)
  const draft = await draftOffer(setup.request, { listingId: listing.id, buyer: BEN, name: 'Ben Buyer', price: 445_000, expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString() })

  const buyer = await utcPage(browser, BEN)
  try {
    await buyer.page.goto(`/submitted-offers/update/${draft.id}`)
    await expect(buyer.page.getByRole('heading', { name: 'Your offer', level: 1 })).toBeVisible(LOAD)
    expect(await buyer.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC')
    const expiration = buyer.page.getByRole('group', { name: 'Offer expires' })
    const date = expiration.getByRole('textbox', { name: 'Offer expires: date' })
    await date.fill(day)
    await date.press('Tab')
    await expiration.getByRole('textbox', { name: 'Offer expires: time' }).fill('0500PM')
    // The zone is named beside the field, with its daylight-saving name of that day.
    await expect(expiration.getByText(`Central time (${abbreviation})`)).toBeVisible()
    await expect(buyer.page.getByTestId('offer-save-status')).toHaveText(/^Saved at /)

    // 5:00 PM on Nashville's clocks: 23:00 UTC in winter, 22:00 UTC in summer.
    const instant = `${day}T${abbreviation === 'CST' ? '23' : '22'}:00:00.000Z`
    const headers = await bearer(setup.request, BEN)
    await expect
      .poll(async () => ((await (await setup.request.get(`/api/offers/${draft.id}`, { headers })).json()) as { offer: OfferView }).offer.terms.expiresAt, LOAD)
      .toBe(instant)
  } finally {
    await buyer.context.close()
  }
  await share(setup.request, BEN, draft.id)

  const seller = await utcPage(browser, SELLER_AGENT)
  try {
    await seller.page.goto(`/my-properties/${listing.id}/offers/${draft.id}`)
    await expect(seller.page.getByRole('heading', { name: 'Offer from Ben Buyer', level: 1 })).toBeVisible(LOAD)
    await expect(seller.page.getByText(`${longDay(day)}, 5:00 PM ${abbreviation}`, { exact: true })).toBeVisible()
  } finally {
    await seller.context.close()
  }
})

test('the seller asks for highest and best by 5:00 PM Central, then accepting early names the deadline and the offers still expected', async ({ browser, page: setup }) => {
  const listing = await publishListing(setup.request, { fields: publishableListing({ ListPrice: 510_000 }), photos: [pngOf(8, 6, [40, 90, 160])] })
  const expiresAt = new Date(Date.now() + 6 * 86_400_000).toISOString()
  const ben = await draftOffer(setup.request, { listingId: listing.id, buyer: BEN, name: 'Ben Buyer', price: 500_000, expiresAt })
  const alex = await draftOffer(setup.request, { listingId: listing.id, buyer: ALEX, name: 'Cora Client', price: 505_000, expiresAt })
  await share(setup.request, BEN, ben.id)
  await share(setup.request, ALEX, alex.id)
  const day = chicagoDay(2)
  const abbreviation = centralAbbreviation(day)

  const seller = await utcPage(browser, SELLER_AGENT)
  try {
    const { page } = seller
    await page.goto(`/my-properties/${listing.id}/optimize`)
    await page.getByRole('button', { name: 'Ask for highest and best' }).click(LOAD)
    const ask = page.getByRole('dialog', { name: 'Ask for highest and best' })
    const deadline = ask.getByRole('group', { name: 'Deadline' })
    await deadline.getByRole('textbox', { name: 'Deadline: date' }).fill(day)
    await deadline.getByRole('textbox', { name: 'Deadline: date' }).press('Tab')
    await deadline.getByRole('textbox', { name: 'Deadline: time' }).fill('0500PM')
    await expect(deadline.getByText(`Central time (${abbreviation})`)).toBeVisible()
    await ask.getByLabel('Message to every buyer side').fill('Highest and best, please.')
    await ask.getByRole('button', { name: 'Send to 2 offers' }).click()
    await expect(ask).toBeHidden()

    // Accepting Ben's offer before the deadline: the confirmation names it and both offers still expected.
    await page.goto(`/my-properties/${listing.id}/offers/${ben.id}`)
    await page.getByRole('button', { name: 'Accept', exact: true }).click(LOAD)
    const dialog = page.getByRole('dialog', { name: 'Accept this offer?' })
    const notice = dialog.getByTestId('early-answer-notice')
    await expect(notice).toContainText('Your highest-and-best deadline has not passed', LOAD)
    await expect(notice).toContainText(`You asked for highest and best offers by ${longDay(day)}, 5:00 PM ${abbreviation}.`)
    await expect(notice).toContainText('2 offers are still expected:')
    await expect(notice.getByRole('listitem')).toHaveText(['Ben Buyer (this offer)', 'Cora Client'])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // Cora's side sends a revision before the deadline; declining Ben's offer now names only Ben's as expected.
    const alexHeaders = await bearer(setup.request, ALEX)
    const current = ((await (await setup.request.get(`/api/offers/${alex.id}`, { headers: alexHeaders })).json()) as { offer: OfferView }).offer
    const revised = await setup.request.post(`/api/offers/${alex.id}/revisions`, { headers: alexHeaders, data: { version: current.negotiation.version, terms: { ...current.terms, purchasePrice: 512_000 } } })
    expect(revised.status(), await revised.text()).toBe(200)
    await page.reload()
    await page.getByRole('button', { name: 'Decline', exact: true }).click(LOAD)
    const decline = page.getByRole('dialog', { name: 'Decline this offer?' })
    await expect(decline.getByTestId('early-answer-notice')).toContainText('1 offer is still expected:', LOAD)
    await expect(decline.getByTestId('early-answer-notice').getByRole('listitem')).toHaveText(['Ben Buyer (this offer)'])
    await decline.getByRole('button', { name: 'Cancel' }).click()
  } finally {
    await seller.context.close()
  }
})
