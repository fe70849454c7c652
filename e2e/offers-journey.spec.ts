import type { APIRequestContext, Browser } from '@playwright/test'
import type { ContractAmendments } from '@offerbook/domain/contract-amendments'
import type { OfferTermsInput, OfferView } from '@offerbook/domain/offer'
import type { OfferSigning } from '@offerbook/domain/signing'
import { expectNoViolations } from './axe'
import { apiToken, expect, pageSignedInAs, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'
import { mailTo, waitForMail } from './mailbox'

/**
 * The browser journey: two buyer sides share offers on a fresh listing (through the API); the
 * listing agent weights, ranks, opens the best offer and accepts it with CONFIRM ACCEPT OFFER,
 * declining the other; the other buyer side is notified (notification and email); the buyer
 * acknowledges, and the Binding Agreement Date shows to the seller side; on a phone, the listing agent
 * proposes an amendment of the closing date, both sides sign it, and the timeline follows it; Ben's side
 * sends and signs the notice that the earnest money was delivered, and Lena's page shows it done live; the
 * listing agent records the closing and the buyer side confirms it.
 */

const BEN = 'buyer-simple@example.com'
const ALEX = 'buyer-agent@example.com'

type Notification = { type: string; offerId?: string | null }

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)
const isoDate = (date: Date) => date.toISOString().slice(0, 10)

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

/**
 * Signs as the signer whose link was emailed to `to` after `since`, on a phone: a fresh browser at
 * 390 px with touch, nobody signed in, opening /form-sign from the email, consenting, adopting a typed
 * signature and filling every field of theirs (signing.spec.ts holds the signing page's own journey).
 */
async function signOnPhone(browser: Browser, baseURL: string | undefined, request: APIRequestContext, to: string, since: string) {
  const link = await waitForMail(request, to, (messages) => {
    const invite = messages.find((message) => message.kind === 'signing.invite' && message.createdAt >= since && message.text.includes('/form-sign/'))
    return invite ? (/(\/form-sign\/[\w-]+\/[\w-]+\?token=[\w-]+)/.exec(invite.text)?.[1] ?? undefined) : undefined
  })
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  try {
    const phone = await context.newPage()
    await phone.goto(link)
    await expect(phone.getByRole('heading', { level: 1, name: 'Electronic Record and Signature Disclosure' })).toBeVisible({ timeout: 30_000 })
    await phone.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }).check()
    await phone.getByRole('button', { name: 'Continue' }).click()
    await expect(phone.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({ timeout: 30_000 })
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const fields = phone.getByRole('button', { name: /^(Signature|Initials) field \d+ of \d+, page \d+/ })
    await fields.first().click()
    const adopt = phone.getByRole('dialog', { name: 'Adopt your signature' })
    await adopt.getByRole('button', { name: 'Adopt and sign' }).click()
    await expect(adopt).toBeHidden()
    // An amendment asks for initials on each page and a signature; a one-page notice, for a signature alone.
    const count = await fields.count()
    expect(count).toBeGreaterThan(0)
    for (let index = 0; index < count; index++) {
      const field = fields.nth(index)
      if ((await field.getAttribute('aria-pressed')) !== 'true') await field.click()
      await expect(field).toHaveAttribute('aria-pressed', 'true')
    }
    await phone.getByRole('button', { name: 'Finish' }).click()
    await expect(phone.getByRole('heading', { level: 1, name: /^(You have signed|Everyone has signed this document)$/ })).toBeVisible({ timeout: 30_000 })
  } finally {
    await context.close()
  }
}

/**
 * A fresh listing of Lena's with two shared offers. They are shared through the API: making one in the
 * editor is offer-editor.spec.ts's journey. Ben pays cash and waives the inspection period; Alex's
 * client borrows, with an inspection period and an appraisal.
 */
async function listingWithTwoOffers(request: APIRequestContext) {
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: 499_000 }), photos: [pngOf(8, 6, [40, 90, 160])] })
  const dates = { closingDate: isoDate(inDays(45)), expiresAt: inDays(5).toISOString() }
  // The same earnest money on both, so it decides nothing between them.
  const earnestMoney = { amount: 5_000, holder: 'title-company', dueDays: 3 } as const
  const ben = await shareOffer(request, BEN, listing.id, { ...dates, earnestMoney, purchasePrice: 495_000, financing: { type: 'cash' }, appraisalContingency: false, inspectionPeriodDays: 0 })
  const alex = await shareOffer(request, ALEX, listing.id, {
    ...dates,
    earnestMoney,
    purchasePrice: 490_000,
    buyers: [{ fullName: 'Carla Client', email: 'carla.client@example.com' }],
    financing: { type: 'conventional', loanAmount: 392_000 },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
  })
  expect([ben.status, alex.status]).toEqual(['active', 'active'])
  return { listing, ben, alex }
}

// The journey is two tests, the ranking and the decision, each on its own listing: one test for all of
// it took longer than one test is given on a busy machine.
test('a seller weights the criteria and the two offers are ranked best first, saying why', async ({ page }) => {
  const { listing, ben } = await listingWithTwoOffers(page.request)

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

  await expect(grid.getByRole('link', { name: 'Open offer #1' })).toHaveAttribute('href', `/my-properties/${listing.id}/offers/${ben.id}`)

  // Scrolled to the end, the floating chat button lies over nothing the page shows: no figure, link or footer text.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const chat = await page.getByRole('button', { name: /^Chat with us/ }).boundingBox()
  expect(chat).not.toBeNull()
  const covered = await page.locator('main').evaluate((main, box) => {
    const overlaps = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && rect.left < box.x + box.width && rect.right > box.x && rect.top < box.y + box.height && rect.bottom > box.y
    const texts: string[] = []
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      if (Array.from(range.getClientRects()).some(overlaps)) texts.push(node.textContent.trim())
    }
    return texts
  }, chat!)
  expect(covered, 'text under the chat button').toEqual([])
})

test('the seller accepts the best offer with CONFIRM ACCEPT OFFER, the other buyer is told, and the buyer acknowledges', async ({ page, browser, baseURL }) => {
  const request = page.request
  const { listing, ben, alex } = await listingWithTwoOffers(request)
  const address = listing.UnparsedAddress

  // The top offer in full, accepted through its dialog, the other declined.
  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listing.id}/offers/${ben.id}`)
  // A first page load waits up to 30 s on the shared two-core machine, as elsewhere in the suite.
  await expect(page.getByRole('heading', { level: 1, name: 'Offer from Ben Buyer' })).toBeVisible({ timeout: 30_000 })
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
    .poll(async () => (await mailTo(request, ALEX)).some((message) => message.createdAt >= acceptedAt && /declin/i.test(`${message.kind} ${message.subject ?? ''} ${message.text}`)))
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
  // The contract's timeline: each item with its date, owner, state and what happens if nobody acts; on a phone's width too.
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByTestId('timeline-item-earnestMoney')).toContainText('Owner: Buyer')
  await expect(timeline.getByTestId('timeline-item-closing')).toContainText('If nothing is done:')
  const wide = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await timeline.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)

  // Still on a phone, Lena proposes an amendment of the closing date; each signer of both sides signs it on a phone from their email, and the timeline follows it (decision 066).
  const amendments = page.getByRole('region', { name: 'Amendments' })
  await amendments.getByRole('button', { name: 'Propose an amendment' }).click()
  const amendmentForm = page.getByRole('dialog', { name: 'Propose an amendment' })
  const newClosing = isoDate(inDays(30))
  const newClosingWords = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${newClosing}T00:00:00Z`))
  await amendmentForm.getByRole('textbox', { name: 'Closing date' }).fill(newClosing)
  await expect(amendmentForm.getByTestId('amendment-summary')).toContainText(`→ ${newClosingWords}`)
  expect(await amendmentForm.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)
  const amendedAt = new Date().toISOString()
  await amendmentForm.getByRole('button', { name: 'Send for signature' }).click()
  await expect(amendmentForm).toBeHidden({ timeout: 30_000 })
  await expect(amendments.getByTestId('amendment-1')).toContainText('Out for signature')
  const lenaHeaders = await bearer(request, SELLER_AGENT)
  const signing = (await (await request.get(`/api/offers/${ben.id}/signing`, { headers: lenaHeaders })).json()) as OfferSigning
  const packet = signing.packets.find((item) => item.kind === 'amendment')
  expect(packet?.signers.length).toBeGreaterThanOrEqual(2)
  for (const signer of packet?.signers ?? []) await signOnPhone(browser, baseURL, request, signer.email, amendedAt)
  await expect
    .poll(async () => ((await (await request.get(`/api/offers/${ben.id}/amendments`, { headers: lenaHeaders })).json()) as ContractAmendments).amendments[0]?.state, { timeout: 60_000 })
    .toBe('signed')
  await page.reload()
  await expect(amendments.getByTestId('amendment-1')).toContainText('Signed by both sides')
  await expect(timeline.getByTestId('timeline-item-closing')).toContainText(newClosingWords)

  // Ben's side sends the notice that the earnest money was delivered and signs it; on Lena's open page,
  // without a reload, the item turns done and the notice reads delivered (decision 065, live events).
  const benHeaders = await bearer(request, BEN)
  const { bindingAgreementDate } = (await (await request.get(`/api/offers/${ben.id}/timeline`, { headers: benHeaders })).json()) as { bindingAgreementDate: string }
  const noticedAt = new Date().toISOString()
  const notice = await request.post(`/api/offers/${ben.id}/notices`, { headers: benHeaders, data: { type: 'earnestMoneyDelivered', item: 'earnestMoney', amount: 5_000, deliveredOn: bindingAgreementDate, holder: 'Title company' } })
  expect(notice.status(), await notice.text()).toBe(201)
  const noticePacket = ((await (await request.get(`/api/offers/${ben.id}/signing`, { headers: benHeaders })).json()) as OfferSigning).packets.find((item) => item.kind === 'notice')
  expect(noticePacket?.signers.map((signer) => signer.role)).not.toContain('listing-agent')
  for (const signer of noticePacket?.signers ?? []) await signOnPhone(browser, baseURL, request, signer.email, noticedAt)
  await expect(timeline.getByTestId('timeline-item-earnestMoney')).toContainText('Done', { timeout: 60_000 })
  await expect(timeline.getByTestId('notice-earnestMoneyDelivered')).toContainText('Delivered')
  if (wide) await page.setViewportSize(wide)

  // The declined offer is listed below the grid, linking to its page.
  await page.getByRole('link', { name: 'All offers on this property' }).click()
  await expect(page.getByRole('table', { name: 'Offers that are no longer open' }).getByRole('link', { name: 'Carla Client' })).toHaveAttribute('href', `/my-properties/${listing.id}/offers/${alex.id}`)

  // Lena records the closing in its dialog (today and the contract price filled in); Ben's side confirms it (decision 061).
  await page.goto(`/my-properties/${listing.id}/offers/${ben.id}`)
  await page.getByRole('button', { name: 'Record closing' }).click()
  const closing = page.getByRole('dialog', { name: 'Record the closing' })
  await closing.getByRole('button', { name: 'Record closing' }).click()
  await expect(page.getByText('Closing recorded, waiting for the other side to confirm')).toBeVisible({ timeout: 30_000 })
  const confirmed = await request.post(`/api/offers/${ben.id}/closing/confirm`, { headers: await bearer(request, BEN) })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  await page.reload()
  await expect(page.getByText(/^Closed on .+ at a final price of \$495,000\.$/)).toBeVisible({ timeout: 30_000 })
})

test("the buyer agent sends the inspection result from the contract's timeline, signs it on a phone, and the listing agent's open page shows the item done", async ({ page, browser, baseURL }) => {
  const request = page.request
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: 455_000 }), photos: [pngOf(8, 6, [90, 60, 40])] })
  const alex = await shareOffer(request, ALEX, listing.id, {
    closingDate: isoDate(inDays(40)),
    expiresAt: inDays(5).toISOString(),
    earnestMoney: { amount: 4_000, holder: 'title-company', dueDays: 3 },
    purchasePrice: 450_000,
    buyers: [{ fullName: 'Carla Client', email: 'carla.client@example.com' }],
    financing: { type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
  })
  const accepted = await request.post(`/api/offers/${alex.id}/accept`, { headers: await bearer(request, SELLER_AGENT), data: { version: 1, others: 'decline' } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const alexHeaders = await bearer(request, ALEX)
  expect((await request.post(`/api/offers/${alex.id}/acknowledge`, { headers: alexHeaders })).status()).toBe(200)

  // Lena keeps the offer open; the inspection period is not done yet.
  await useAccount(page, SELLER_AGENT)
  await page.goto(`/my-properties/${listing.id}/offers/${alex.id}`)
  const lenaTimeline = page.getByRole('region', { name: 'Timeline' })
  await expect(lenaTimeline.getByTestId('timeline-item-inspectionPeriod')).toContainText('Upcoming', { timeout: 30_000 })
  // A notice is the buyer side's: the seller side has no button for it.
  await expect(lenaTimeline.getByTestId('send-notice-inspectionPeriod')).toHaveCount(0)

  // Alex drafts the inspection result in its dialog and sends it for his side's signatures.
  const alexPage = await pageSignedInAs(browser, ALEX)
  try {
    await alexPage.goto(`/submitted-offers/update/${alex.id}`)
    await alexPage.getByRole('button', { name: 'Send notice about Inspection period ends' }).click({ timeout: 30_000 })
    const dialog = alexPage.getByRole('dialog', { name: 'Send a notice' })
    await dialog.getByRole('radio', { name: 'Inspection result' }).check()
    await dialog.getByRole('radio', { name: 'Satisfied: no repairs asked, the property is accepted as it is' }).check()
    await expectNoViolations(alexPage, 'the notice dialog')
    const sentAt = new Date().toISOString()
    await dialog.getByRole('button', { name: 'Send for signature' }).click()
    await expect(dialog).toBeHidden({ timeout: 30_000 })
    const packet = ((await (await request.get(`/api/offers/${alex.id}/signing`, { headers: alexHeaders })).json()) as OfferSigning).packets.find((item) => item.kind === 'notice')
    expect(packet?.signers.map((signer) => signer.role).sort()).toEqual(['buyer', 'buyer-agent'])
    for (const signer of packet?.signers ?? []) await signOnPhone(browser, baseURL, request, signer.email, sentAt)
  } finally {
    await alexPage.context().close()
  }

  // Delivered: Lena's page, never reloaded, shows the inspection period done and the notice delivered.
  await expect(lenaTimeline.getByTestId('timeline-item-inspectionPeriod')).toContainText('Done', { timeout: 60_000 })
  await expect(lenaTimeline.getByTestId('notice-inspectionResult')).toContainText('Delivered')
})
