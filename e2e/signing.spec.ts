import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { OfferView } from '@offerbook/domain/offer'
import type { OfferSigning } from '@offerbook/domain/signing'
import { expectNoViolations } from './axe'
import { apiToken, expect, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'
import { waitForMail } from './mailbox'

/**
 * The E-signature issue's browser journey: the listing agent sends the accepted offer for signature;
 * the buyer signs from the link in his email with a typed signature, the listing agent with a drawn
 * one; both download the sealed PDF; /verify says Intact for it and 'Changed after signing' for a copy
 * with one byte changed. Then a form document is uploaded, its field placed, signed, and shows
 * 'form approved'. axe checks every signer page.
 */

const BEN = 'buyer-simple@example.com'
const LENA = SELLER_AGENT

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000)

async function bearer(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await apiToken(request, email)}` }
}

/** A listing of Lena's with Ben's offer on it, shared and accepted, as the two sides' API calls do it. */
async function acceptedOffer(request: APIRequestContext): Promise<{ listingId: string; offerId: string; address: string }> {
  const listing = await publishListing(request, { fields: publishableListing({ ListPrice: 455_000 }), photos: [pngOf(8, 6, [120, 90, 60])] })
  const ben = await bearer(request, BEN)
  const created = await request.post('/api/offers', { headers: ben, data: { listingId: listing.id } })
  expect(created.status(), await created.text()).toBe(201)
  const { offer } = (await created.json()) as { offer: OfferView }
  const terms = {
    ...offer.terms,
    listingAgent: { ...offer.terms.listingAgent, fullName: 'Lena Listing', email: LENA },
    earnestMoney: { ...offer.terms.earnestMoney, amount: 4_500, holder: 'title-company', dueDays: 3 },
    financing: { ...offer.terms.financing, type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 0,
    closingDate: inDays(40).toISOString().slice(0, 10),
    expiresAt: inDays(4).toISOString(),
  }
  expect((await request.patch(`/api/offers/${offer.id}`, { headers: ben, data: { terms } })).status()).toBe(200)
  expect((await request.post(`/api/offers/${offer.id}/share`, { headers: ben })).status()).toBe(200)
  const accepted = await request.post(`/api/offers/${offer.id}/accept`, { headers: await bearer(request, LENA), data: { others: 'decline', version: 1 } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  return { listingId: listing.id, offerId: offer.id, address: listing.UnparsedAddress ?? '' }
}

/** The newest signing link emailed to `to` after `since` (a path with its token), read from the dev mailbox. */
async function signingLink(request: APIRequestContext, to: string, since: string, prefix: '/sign/' | '/form-sign/'): Promise<string> {
  return waitForMail(request, to, (messages) => {
    const invite = messages.filter((message) => message.kind === 'signing.invite' && message.createdAt >= since).find((message) => message.text.includes(prefix))
    return invite ? new RegExp(`(${prefix.replace(/\//g, '\\/')}[\\w-]+\\/[\\w-]+\\?token=[\\w-]+)`).exec(invite.text)?.[1] : undefined
  })
}

/** A fresh browser with nobody signed in: a signer opens the link from their email. */
async function anonymousPage(browser: Browser, baseURL: string | undefined, { phone = false }: { phone?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true, ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}) })
  return context.newPage()
}

/** Consents, then fills every signature and initials field of the page's signer; the adopt dialog opens on the first. */
async function consentAndOpenDocument(page: Page, axeWhat: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Electronic Record and Signature Disclosure' })).toBeVisible({ timeout: 30_000 })
  await expectNoViolations(page, `${axeWhat}: the consent`)
  await page.getByRole('checkbox', { name: 'I agree to use electronic records and signatures' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('region', { name: 'Signing progress and actions' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({ timeout: 30_000 })
}

async function clickEveryField(page: Page) {
  const fields = page.getByRole('button', { name: /^(Signature|Initials) field \d+ of \d+, page \d+/ })
  const count = await fields.count()
  expect(count).toBeGreaterThan(0)
  for (let index = 0; index < count; index++) {
    const field = fields.nth(index)
    if ((await field.getAttribute('aria-pressed')) !== 'true') await field.click()
    await expect(field).toHaveAttribute('aria-pressed', 'true')
  }
}

async function drawOn(page: Page, name: string) {
  const pad = page.getByRole('img', { name })
  const box = await pad.boundingBox()
  if (!box) throw new Error(`${name} is not on screen`)
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6)
  await page.mouse.down()
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + box.width * (0.15 + step * 0.05), box.y + box.height * (0.6 - Math.sin(step / 2) * 0.25), { steps: 2 })
  await page.mouse.up()
}

async function waitForSignedOffer(request: APIRequestContext, offerId: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/offers/${offerId}/signing`, { headers: await bearer(request, LENA) })
        const signing = (await res.json()) as OfferSigning
        return signing.packets.find((packet) => packet.kind === 'offer')?.status
      },
      { timeout: 60_000 },
    )
    .toBe('completed')
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

test('the buyer and the listing agent sign the accepted offer from their emails, download it, and /verify tells it from a changed copy', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000)
  const request = page.request
  const { listingId, offerId } = await acceptedOffer(request)

  // Lena sends the accepted offer for signature; the offer's parties are prefilled.
  const sentAt = new Date().toISOString()
  await useAccount(page, LENA)
  await page.goto(`/my-properties/${listingId}/offers/${offerId}`)
  const panel = page.getByRole('region', { name: 'Electronic signatures' })
  await panel.getByRole('button', { name: 'Send for signature' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send for signature' })
  await expect(dialog.getByRole('group', { name: 'Signer 1' }).getByRole('textbox', { name: 'Email' })).toHaveValue(BEN)
  await expect(dialog.getByRole('textbox', { name: 'Email' }).last()).toHaveValue(LENA)
  await expectNoViolations(page, 'the send for signature dialog')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(panel.getByText('Out for signature', { exact: true })).toBeVisible({ timeout: 30_000 })

  // Ben signs from his email on a 390 px wide phone, with a typed signature.
  const benLink = await signingLink(request, BEN, sentAt, '/sign/')
  expect(benLink.startsWith(`/sign/${offerId}/`)).toBe(true)
  const benPage = await anonymousPage(browser, baseURL, { phone: true })
  await benPage.goto(benLink)
  await consentAndOpenDocument(benPage, 'the buyer')
  // The pages fit the phone's width: nothing to scroll sideways.
  expect(await benPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoViolations(benPage, 'the buyer: the document')
  await benPage.getByRole('button', { name: /^Signature field \d+ of \d+, page \d+/ }).first().click()
  const adopt = benPage.getByRole('dialog', { name: 'Adopt your signature' })
  await expect(adopt.getByRole('textbox', { name: 'Full name' })).not.toHaveValue('')
  await expectNoViolations(benPage, 'the buyer: the adopt dialog')
  await adopt.getByRole('button', { name: 'Adopt and sign' }).click()
  await expect(adopt).toBeHidden()
  await clickEveryField(benPage)
  await benPage.getByRole('button', { name: 'Finish' }).click()
  await expect(benPage.getByRole('heading', { level: 1, name: 'You have signed' })).toBeVisible({ timeout: 30_000 })
  await expectNoViolations(benPage, 'the buyer: signed')

  // Lena signs from her email with a drawn signature.
  const lenaLink = await signingLink(request, LENA, sentAt, '/sign/')
  const lenaPage = await anonymousPage(browser, baseURL)
  await lenaPage.goto(lenaLink)
  await consentAndOpenDocument(lenaPage, 'the listing agent')
  await lenaPage.getByRole('button', { name: /^Signature field \d+ of \d+, page \d+/ }).first().click()
  const lenaAdopt = lenaPage.getByRole('dialog', { name: 'Adopt your signature' })
  await lenaAdopt.getByRole('tab', { name: 'Draw' }).click()
  await expect(lenaAdopt.getByRole('button', { name: 'Adopt and sign' })).toBeDisabled()
  await drawOn(lenaPage, 'Draw your signature')
  await drawOn(lenaPage, 'Draw your initials')
  await expectNoViolations(lenaPage, 'the listing agent: drawing')
  await lenaAdopt.getByRole('button', { name: 'Adopt and sign' }).click()
  await expect(lenaAdopt).toBeHidden()
  await clickEveryField(lenaPage)
  await lenaPage.getByRole('button', { name: 'Finish' }).click()
  await expect(lenaPage.getByRole('heading', { level: 1, name: /^(You have signed|Everyone has signed this document)$/ })).toBeVisible({ timeout: 30_000 })

  await waitForSignedOffer(request, offerId)

  // Ben downloads the sealed PDF from his link; Lena from the offer page, which says it is signed.
  await benPage.reload()
  await expect(benPage.getByRole('heading', { level: 1, name: 'Everyone has signed this document' })).toBeVisible({ timeout: 30_000 })
  await expectNoViolations(benPage, 'the buyer: everyone signed')
  const [benDownload] = await Promise.all([benPage.waitForEvent('download'), benPage.getByRole('button', { name: 'Download the signed PDF' }).click()])
  const benFile = join(tmpdir(), `offerbook-e2e-signed-${offerId}.pdf`)
  await benDownload.saveAs(benFile)

  await page.reload()
  await expect(panel.getByText(/^Signed electronically on /)).toBeVisible({ timeout: 30_000 })
  const [lenaDownload] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download signed PDF' }).first().click()])
  const lenaFile = join(tmpdir(), `offerbook-e2e-signed-lena-${offerId}.pdf`)
  await lenaDownload.saveAs(lenaFile)
  const signed = readFileSync(benFile)
  expect(signed.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(sha256(readFileSync(lenaFile))).toBe(sha256(signed))

  // The offer lists say so too.
  const benList = await anonymousPage(browser, baseURL)
  await useAccount(benList, BEN)
  await benList.goto('/submitted-offers/accepted')
  await expect(benList.getByText(/Signed electronically/).first()).toBeVisible({ timeout: 30_000 })

  // /verify: the file is Intact; a copy with one byte changed is 'Changed after signing' once its seal is checked.
  const verify = await anonymousPage(browser, baseURL)
  await verify.goto('/verify')
  await expect(verify.getByRole('heading', { level: 1, name: 'Verify a signed document' })).toBeVisible()
  const [chooser] = await Promise.all([verify.waitForEvent('filechooser'), verify.getByRole('button', { name: 'Choose a PDF' }).click()])
  await chooser.setFiles(benFile)
  await expect(verify.getByText('Intact', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(verify.getByRole('table', { name: 'Who signed' }).getByText('Ben Buyer')).toBeVisible()
  // The terms come from the record inside the very file (decision 059), read by pdf.js in this browser.
  await expect(verify.getByTestId('verify-record')).toHaveAttribute('data-record', 'matches', { timeout: 30_000 })
  await expect(verify.getByRole('table', { name: 'The terms inside this file' }).getByRole('row', { name: /Purchase price/ })).toContainText('$')
  await expect(verify.getByRole('link', { name: 'Download the record (JSON)' })).toBeVisible()
  await expectNoViolations(verify, 'the verify page: intact')

  const changed = Buffer.from(signed)
  const at = Math.floor(changed.length / 3)
  changed[at] = changed[at] === 0x30 ? 0x31 : 0x30
  const changedFile = join(tmpdir(), `offerbook-e2e-changed-${offerId}.pdf`)
  writeFileSync(changedFile, changed)
  const [again] = await Promise.all([verify.waitForEvent('filechooser'), verify.getByRole('button', { name: 'Choose a PDF' }).click()])
  await again.setFiles(changedFile)
  await expect(verify.getByText('Not signed here', { exact: true })).toBeVisible({ timeout: 30_000 })
  await verify.getByRole('button', { name: "Check the file's seal" }).click()
  await expect(verify.getByText('Changed after signing', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expectNoViolations(verify, 'the verify page: changed')
})

/** A one-page PDF written by hand (objects, cross-reference table, trailer), as a disclosure form would be. */
/** The disclosure is 400 KB: its first page needs only a few of them, which the signer's page asks for in ranges. */
const DISCLOSURE_FILLER_BYTES = 400_000

function disclosurePdf(): Buffer {
  const content = 'BT /F1 18 Tf 72 720 Td (Lead-Based Paint Disclosure) Tj ET BT /F1 11 Tf 72 690 Td (The seller has no knowledge of lead-based paint in the housing.) Tj ET'
  // An attachment-sized stream no page draws, as a scanned form's other pages would weigh.
  const filler = 'x'.repeat(DISCLOSURE_FILLER_BYTES)
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${filler.length} >>\nstream\n${filler}\nendstream`,
  ]
  let body = '%PDF-1.7\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

test("a form document is uploaded to the accepted offer, its signature placed, signed at /form-sign, and reads 'form approved'", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000)
  const request = page.request
  const { listingId, offerId } = await acceptedOffer(request)
  const formFile = join(tmpdir(), `Lead-Based-Paint-Disclosure-${offerId}.pdf`)
  writeFileSync(formFile, disclosurePdf())

  await useAccount(page, LENA)
  await page.goto(`/my-properties/${listingId}/offers/${offerId}`)
  const panel = page.getByRole('region', { name: 'Electronic signatures' })
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), panel.getByRole('button', { name: 'Upload a form to sign' }).click()])
  await chooser.setFiles(formFile)

  const editor = page.getByRole('dialog', { name: /^Prepare .+ for signature$/ })
  await expect(editor).toBeVisible({ timeout: 30_000 })
  // The offer's parties are prefilled; this form is for the buyer alone.
  const signer = editor.getByRole('group', { name: 'Signer 1' })
  await expect(signer.getByRole('textbox', { name: 'Email' })).toHaveValue(BEN)
  await editor.getByRole('button', { name: 'Remove signer 2' }).click()
  await expect(editor.getByRole('group', { name: 'Signer 2' })).toHaveCount(0)
  await editor.getByRole('button', { name: 'Signature', exact: true }).click()
  await expect(editor.getByRole('button', { name: /^Signature for Ben Buyer on page 1$/ })).toBeVisible()
  await expectNoViolations(page, 'the field placement editor')
  const sentAt = new Date().toISOString()
  await editor.getByRole('button', { name: 'Send for signature' }).click()
  await expect(editor).toBeHidden({ timeout: 30_000 })
  await expect(panel.getByText('Out for signature', { exact: true })).toBeVisible({ timeout: 30_000 })

  const link = await signingLink(request, BEN, sentAt, '/form-sign/')
  const benPage = await anonymousPage(browser, baseURL)
  const documentAnswers: Array<{ status: number; length: number }> = []
  benPage.on('response', (response) => {
    if (/\/api\/signing\/signers\/[^/]+\/document$/.test(new URL(response.url()).pathname)) documentAnswers.push({ status: response.status(), length: Number(response.headers()['content-length'] ?? 0) })
  })
  await benPage.goto(link)
  await consentAndOpenDocument(benPage, 'the form signer')
  // The page drew from the parts of the document it needed, never the whole 400 KB.
  expect(documentAnswers.length).toBeGreaterThan(0)
  expect(documentAnswers.every((answer) => answer.status === 206)).toBe(true)
  expect(documentAnswers.reduce((sum, answer) => sum + answer.length, 0)).toBeLessThan(DISCLOSURE_FILLER_BYTES / 2)
  await expectNoViolations(benPage, 'the form signer: the document')
  await benPage.getByRole('button', { name: /^Signature field \d+ of \d+, page \d+/ }).first().click()
  const adopt = benPage.getByRole('dialog', { name: 'Adopt your signature' })
  await adopt.getByRole('button', { name: 'Adopt and sign' }).click()
  // Adopting draws the typed signature first; a field clicked before the dialog closes would be taken off again.
  await expect(adopt).toBeHidden()
  await clickEveryField(benPage)
  await benPage.getByRole('button', { name: 'Finish' }).click()
  await expect(benPage.getByRole('heading', { level: 1, name: /^(You have signed|Everyone has signed this document)$/ })).toBeVisible({ timeout: 30_000 })

  await page.reload()
  await expect(panel.getByText('form approved')).toBeVisible({ timeout: 60_000 })
})
