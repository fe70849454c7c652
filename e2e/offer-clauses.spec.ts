import type { APIRequestContext } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import { apiToken, expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'

/**
 * The clause pickers in the offer editor (Contract-language issue, part 5): the stipulation text and
 * the RF707 addendum are saved with the offer, the seller side reads them on its view of the offer,
 * and the generated forms are a PDF among the offer's documents.
 */

const BEN = 'buyer-simple@example.com'
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function headersOf(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await apiToken(request, email)}` }
}

test('stipulations and the addendum picked in the editor are saved with the offer and shown to the seller side', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000)
  const request = page.request
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: 352_000 }), photos: [pngOf(8, 6, [20, 120, 80])] })

  // A complete draft made through the API; the clauses are picked in the editor.
  const ben = await headersOf(request, BEN)
  const created = await request.post('/api/offers', { headers: ben, data: { listingId: listing.id } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer: draft } = (await created.json()) as { offer: OfferView }
  const terms = {
    ...draft.terms,
    purchasePrice: 350_000,
    earnestMoney: { ...draft.terms.earnestMoney, amount: 3_500, holder: 'title-company', dueDays: 3 },
    financing: { ...draft.terms.financing, type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    closingDate: day(40),
    expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    listingAgent: { ...draft.terms.listingAgent, fullName: 'Lena Listing', email: SELLER_AGENT },
  }
  const saved = await request.patch(`/api/offers/${draft.id}`, { headers: ben, data: { terms } })
  expect(saved.status(), await saved.text()).toBe(200)

  await useAccount(page, BEN)
  await page.goto(`/submitted-offers/update/${draft.id}`)
  await expect(page.getByRole('heading', { name: 'Your offer', level: 1 })).toBeVisible({ timeout: 30_000 })

  // Stipulations: GENERATE, tick, Import; the text is on the offer and the button reads EDIT.
  const stipulations = page.getByRole('dialog', { name: 'Stipulations' })
  const generate = page.getByRole('button', { name: 'GENERATE', exact: true })
  const edit = page.getByRole('button', { name: 'EDIT', exact: true })
  await generate.first().click()
  await stipulations.getByRole('checkbox', { name: 'B1. Inspection costs' }).check()
  await stipulations.getByRole('button', { name: 'Import' }).click()
  await expect(stipulations).toBeHidden()
  await expect(page.getByText(/Buyer shall pay for every inspection Buyer orders/).first()).toBeVisible()

  // The addendum: the only GENERATE left.
  await expect(generate).toHaveCount(1)
  await generate.click()
  const addendum = page.getByRole('dialog', { name: 'ADDITIONAL CONTRACT LANGUAGE' })
  await addendum.getByRole('checkbox', { name: 'M. Pool information' }).check()
  await addendum.getByRole('button', { name: 'Import' }).click()
  await expect(addendum).toBeHidden()
  await expect(edit).toHaveCount(2)
  await expect(page.getByTestId('offer-save-status')).toHaveText(/^Saved at /, { timeout: 30_000 })

  // Both are on the server.
  await expect
    .poll(async () => {
      const { offer } = (await (await request.get(`/api/offers/${draft.id}`, { headers: ben })).json()) as { offer: OfferView }
      return [offer.terms.stipulationChoices?.B1Checkbox === true, offer.stipulationClauses.includes('Buyer shall pay for every inspection Buyer orders'), offer.terms.addendum?.MCheckbox === true]
    })
    .toEqual([true, true, true])

  // After a reload, EDIT reopens the stipulations with the saved ticks.
  await page.reload()
  await expect(edit).toHaveCount(2, { timeout: 30_000 })
  await edit.first().click()
  await expect(stipulations.getByRole('checkbox', { name: 'B1. Inspection costs' })).toBeChecked()
  await stipulations.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(stipulations).toBeHidden()

  // EDIT reopens the addendum with its saved choice.
  await edit.nth(1).click()
  await expect(addendum.getByRole('checkbox', { name: 'M. Pool information' })).toBeChecked()
  await addendum.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(addendum).toBeHidden()

  const shared = await request.post(`/api/offers/${draft.id}/share`, { headers: ben })
  expect(shared.status(), await shared.text()).toBe(200)

  // The forms: a PDF among the offer's documents.
  const forms = await request.post(`/api/offers/${draft.id}/forms`, { headers: ben })
  expect(forms.status(), await forms.text()).toBe(201)
  const { attachment } = (await forms.json()) as { attachment: { id: string; kind: string } }
  expect(attachment.kind).toBe('offer-form')

  // The seller side reads the stipulations and the addendum on its view, and downloads the PDF.
  const lenaContext = await browser.newContext({ baseURL })
  const lenaPage = await lenaContext.newPage()
  await useAccount(lenaPage, SELLER_AGENT)
  await lenaPage.goto(`/my-properties/${listing.id}/offers/${draft.id}`)
  await expect(lenaPage.getByText(/Buyer shall pay for every inspection Buyer orders/)).toBeVisible({ timeout: 30_000 })
  await expect(lenaPage.getByTestId('offer-addendum')).toContainText(/pool/i)
  const file = await lenaPage.request.get(`/api/offers/${draft.id}/attachments/${attachment.id}`, { headers: await headersOf(lenaPage.request, SELLER_AGENT) })
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toContain('application/pdf')
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await lenaContext.close()
})
