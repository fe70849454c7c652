import type { OfferView } from '@offerbook/domain/offer'
import { expectNoViolations } from './axe'
import { apiToken, expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing } from './listings'
import { mailTo } from './mailbox'

/**
 * The buyer's side of making an offer (issue #6 part 2): Make an offer on a property opens a draft in
 * the editor, the terms save themselves, sharing needs the listing agent's name and email, the
 * listing agent is emailed the link, and the forms come back as a PDF among the attachments.
 */

const BEN = 'buyer-simple@example.com'

const pad = (n: number) => String(n).padStart(2, '0')
/** A calendar day `days` from now in the browser's (and this machine's) time zone, YYYY-MM-DD. */
function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

test('a buyer makes an offer from the property page, it saves itself, shares once the listing agent is named, and generates the forms', async ({ page }) => {
  const listing = await publishListing(page.request, { fields: publishableListing({ ListPrice: 487_500 }), photos: [pngOf(8, 6, [160, 90, 40])] })
  const agentEmail = `lena.${Date.now()}@example.com`

  await useAccount(page, BEN)
  await page.goto(`/property/${listing.id}`)
  await page.getByRole('button', { name: 'Make an offer' }).click()
  await expect(page).toHaveURL(/\/submitted-offers\/update\/[\w-]+$/)
  const offerId = new URL(page.url()).pathname.split('/').pop()!
  // The editor is a long form; a busy machine takes a while to show it the first time.
  await expect(page.getByRole('heading', { name: 'Your offer', level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('New', { exact: true })).toBeVisible()

  // The draft starts from the listing and the buyer's account.
  const price = page.getByRole('spinbutton', { name: 'Purchase price' })
  await expect(price).toHaveValue('487,500')
  const buyer = page.getByRole('group', { name: 'Buyer 1' })
  await expect(buyer.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ben Buyer')
  const listingAgent = page.getByRole('region', { name: 'Listing agent and licensee' })
  await expect(listingAgent.getByRole('textbox', { name: 'Full name' })).toHaveValue('Lena Listing')

  await price.fill('480,000')
  await page.getByRole('spinbutton', { name: 'Earnest money amount' }).fill('5,000')
  await page.getByRole('combobox', { name: 'Held by' }).selectOption('title-company')
  await page.getByRole('spinbutton', { name: 'Due within (days)' }).fill('3')
  await page.getByRole('combobox', { name: 'Financing type' }).selectOption('cash')
  await page.getByRole('radiogroup', { name: 'Appraisal contingency' }).getByRole('radio', { name: 'No' }).check()
  await page.getByRole('spinbutton', { name: 'Inspection period (days)' }).fill('10')
  // An inspection period asks for the resolution period that follows it before the offer can be shared.
  await page.getByLabel('Resolution period (days)').fill('3')
  const closing = page.getByRole('textbox', { name: 'Closing date' })
  await closing.fill(dayFromNow(45))
  await closing.press('Tab')
  await page.getByRole('textbox', { name: 'Offer expires: date' }).fill(dayFromNow(5))
  await page.getByRole('textbox', { name: 'Offer expires: date' }).press('Tab')
  await page.getByRole('textbox', { name: 'Offer expires: time' }).fill('0530PM')
  await expect(page.getByRole('timer')).toContainText('Expires in')

  // Autosave: a moment after the last change the terms are on the server.
  const status = page.getByTestId('offer-save-status')
  await expect(status).toHaveText(/^Saved at /)
  const headers = { Authorization: `Bearer ${await apiToken(page.request, BEN, { persist: true })}` }
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/offers/${offerId}`, { headers })
      const { offer } = (await res.json()) as { offer: OfferView }
      return [offer.terms.purchasePrice, offer.terms.financing.type, offer.terms.earnestMoney.holder, offer.terms.inspectionPeriodDays, offer.terms.resolutionPeriodDays, offer.terms.closingDate]
    })
    .toEqual([480_000, 'cash', 'title-company', 10, 3, dayFromNow(45)])

  // Opened again, the form shows what was saved. The user and the offer are asked once each, by the
  // page's own first script while the app's code loads (decision 101): the app takes those answers.
  const network = await page.context().newCDPSession(page)
  await network.send('Network.enable')
  const asked: Array<{ path: string; by: string }> = []
  network.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const path = new URL(request.url).pathname
    if (path === '/api/me' || path === `/api/offers/${offerId}`) asked.push({ path, by: initiator.stack?.callFrames[0]?.url ?? initiator.url ?? initiator.type })
  })
  await page.reload()
  await expect(price).toHaveValue('480,000', { timeout: 30_000 })
  const pageUrl = page.url()
  expect(asked.slice(0, 2)).toEqual([
    { path: '/api/me', by: pageUrl },
    { path: `/api/offers/${offerId}`, by: pageUrl },
  ])
  expect(asked.filter((request) => request.by !== pageUrl)).toEqual([])
  await network.detach()

  // Without the listing agent's email the offer cannot be shared.
  const agentEmailField = listingAgent.getByRole('textbox', { name: 'Email' })
  await agentEmailField.fill('')
  await page.getByRole('button', { name: 'Share with the seller' }).click()
  await expect(page.getByTestId('offer-action-problem')).toHaveText('Listing agent email & name is mandatory to share the offer')
  await expect(agentEmailField).toHaveAttribute('aria-invalid', 'true')
  await expect(agentEmailField).toBeFocused()

  await agentEmailField.fill(agentEmail)
  await expect(status).toHaveText(/^Saved at /)
  await expect(page.getByTestId('offer-action-problem')).toHaveCount(0)
  await expectNoViolations(page, 'the offer editor with a draft')

  await page.getByRole('button', { name: 'Share with the seller' }).click()
  await expect(page.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/^Shared with the seller on /)).toBeVisible()
  const shareLink = page.getByRole('textbox', { name: 'Share link' })
  await expect(shareLink).toHaveValue(new RegExp(`/property/${listing.id}/offers/${offerId}$`))
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible()

  // The listing agent is emailed the link.
  await expect.poll(async () => (await mailTo(page.request, agentEmail)).some((message) => message.text.includes(`/property/${listing.id}/offers/${offerId}?token=`))).toBe(true)

  // Generating the forms adds the offer PDF to the attachments.
  await page.getByRole('button', { name: 'Generate forms' }).click()
  // A form already listed for this version is replaced when the server answers (the CI run found a
  // download of the replaced one answered 404): the download waits for that answer.
  await expect(page.getByText('The offer form was generated and added to the attachments.')).toBeVisible({ timeout: 30_000 })
  const files = page.getByRole('list', { name: 'Attachments' })
  await expect(files.getByText('Offer form')).toBeVisible()
  await expect(files.getByText(/\.pdf$/)).toBeVisible()
  const download = page.waitForEvent('download')
  await files.getByRole('button', { name: /^Download .+\.pdf$/ }).click()
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Forms generated')
  // The notices close by themselves (their close button is the app's, outside this page).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 })
  await expectNoViolations(page, 'the offer editor with a shared offer')
})

test('an offer that does not exist shows its own not-found page with a way back to the offers', async ({ page }) => {
  await useAccount(page, BEN)
  await page.goto('/submitted-offers/update/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Offer not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to your offers' }).click()
  await expect(page).toHaveURL('/submitted-offers/all')
})
