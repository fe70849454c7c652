import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { TransactionFileView } from '@offerbook/domain/transaction-file-view'
import { expectNoViolations } from './axe'
import { expect as baseExpect, pageSignedInAs, test, useAccount } from './fixtures'
import { pngOf, publishableListing, publishListing, SELLER_AGENT } from './listings'
import { latestCode, latestMail } from './mailbox'
import { BEN, bearer, listingWithBensSharedOffer } from './offers'

// Two browsers and a sign-up per test on a shared two-core machine: more than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 300_000 })

/** The invitation link's path (the mail holds the public address). */
async function invitationPath(request: APIRequestContext, to: string): Promise<string> {
  const text = await latestMail(request, to, /^team\.invitation$/)
  const link = /(https?:\/\/\S+\/team-invitation\?token=[\w-]+)/.exec(text)?.[1]
  expect(link, text).toBeTruthy()
  const url = new URL(link!)
  return `${url.pathname}${url.search}`
}

/** A verified, onboarded seller agent of its own, so reruns never meet an earlier run's invitee. */
async function newAgent(request: APIRequestContext, name: string): Promise<{ email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`
  const password = 'team-e2e-password-2026'
  expect((await request.post('/api/accounts', { data: { name, email, password } })).status()).toBe(201)
  const code = await latestCode(request, email, /verification/)
  const verified = await request.post('/api/accounts/verify', { data: { email, code, persist: false } })
  const { accessToken } = (await verified.json()) as { accessToken: string }
  const phone = `(615) 555-${String(Date.now()).slice(-4)}`
  const onboarded = await request.put('/api/me/onboarding', {
    data: { kind: 'SELLER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone, zipcode: '37203' },
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  expect(onboarded.status(), await onboarded.text()).toBe(200)
  return { email, password }
}

/** Sends the invitation from /manageTeam and waits for it to be listed as pending. */
async function invite(page: Page, email: string, designate?: string) {
  const form = page.getByRole('form', { name: 'Invite a member' })
  await form.getByRole('textbox', { name: /Email/ }).fill(email)
  await form.getByRole('radio', { name: 'Agent' }).check()
  if (designate) {
    await form.getByRole('radio', { name: 'Designated transactions' }).check()
    await form.getByLabel('Listings').click()
    await page.getByRole('option', { name: designate }).click()
    await page.keyboard.press('Escape')
  }
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Withdraw the invitation to ${email}` })).toBeVisible()
}

async function anonymousPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  return context.newPage()
}

test('a principal broker invites an agent into the brokerage; the agent signs in from the link and accepts', async ({ page, browser, baseURL }) => {
  const agent = await newAgent(page.request, 'Brooke Brokerage')
  await useAccount(page, 'principal-broker@example.com')
  await page.goto('/manageTeam')
  await expect(page.getByRole('heading', { name: 'Manage team', level: 1 })).toBeVisible()
  await expect(page.getByText('As principal broker, the agents who accept your invitation form your brokerage.', { exact: false })).toBeVisible()
  await expectNoViolations(page, '/manageTeam')
  await invite(page, agent.email)

  const invitee = await anonymousPage(browser, baseURL)
  await invitee.goto(await invitationPath(page.request, agent.email))
  await expect(invitee.getByText('Pat Broker, principal broker, invites you to join their brokerage on Offerbook as an agent.')).toBeVisible()
  await expectNoViolations(invitee, 'the invitation page')
  await invitee.getByRole('link', { name: 'Sign in' }).click()
  const signIn = invitee.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(agent.email)
  await signIn.getByLabel(/^Password/).fill(agent.password)
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  // Back on the invitation, signed in.
  await expect(invitee.getByText(`You are signed in as ${agent.email}.`)).toBeVisible()
  await expectNoViolations(invitee, 'the invitation page, signed in')
  await invitee.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(invitee.getByText('You joined the brokerage of Pat Broker.')).toBeVisible()

  // The broker's page follows: the agent is a member of the brokerage, the invitation gone.
  await expect(page.getByRole('button', { name: 'Remove Brooke Brokerage' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Withdraw the invitation to ${agent.email}` })).toHaveCount(0)
  // The agent sees the brokerage among their teams.
  await invitee.goto('/manageTeam')
  await expect(invitee.getByText('Brokerage of Pat Broker')).toBeVisible()
  await invitee.context().close()
})

test('a listing agent gives a new member one listing; the invitee signs up from the link and sees that listing only, marked Team', async ({ page, browser, baseURL }) => {
  const photo = pngOf(8, 6, [40, 120, 200])
  const designated = await publishListing(page.request, { fields: publishableListing(), photos: [photo] })
  const other = await publishListing(page.request, { fields: publishableListing(), photos: [photo] })
  const email = `terry.team.${Date.now()}@example.com`
  const password = 'team-e2e-password-2026'

  await useAccount(page, SELLER_AGENT)
  await page.goto('/manageTeam')
  await expect(page.getByRole('heading', { name: 'Manage team', level: 1 })).toBeVisible()
  await invite(page, email, designated.UnparsedAddress)

  const invitee = await anonymousPage(browser, baseURL)
  await invitee.goto(await invitationPath(page.request, email))
  await expect(invitee.getByText('Lena Listing invites you to join their team on Offerbook as an agent.')).toBeVisible()
  await invitee.getByRole('link', { name: 'Create an account' }).click()
  await invitee.getByLabel('Full name').fill('Terry Teammate')
  await invitee.getByLabel('Email').fill(email)
  await invitee.getByLabel(/^Password/).fill(password)
  await invitee.getByLabel(/^Confirm password/).fill(password)
  await invitee.getByRole('button', { name: 'Create account' }).click()
  const code = await latestCode(page.request, email, /verification/)
  await invitee.getByLabel('Verification code').fill(code)
  await invitee.getByRole('button', { name: 'Verify' }).click()
  // The new account lands back on the invitation and accepts it.
  await invitee.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(invitee.getByText('You joined the team of Lena Listing.', { exact: false })).toBeVisible()

  // Onboarded as a seller agent (the onboarding pages have their own tests), My Listings shows the designated listing only.
  const token = await invitee.evaluate(() => (JSON.parse(localStorage.getItem('offerbook.session') ?? sessionStorage.getItem('offerbook.session') ?? '{}') as { accessToken?: string }).accessToken ?? '')
  const onboarded = await page.request.put('/api/me/onboarding', {
    data: { kind: 'SELLER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone: `(615) 555-${String(Date.now()).slice(-4)}`, zipcode: '37203' },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(onboarded.status(), await onboarded.text()).toBe(200)
  await invitee.goto('/my-properties/list')
  const card = invitee.getByRole('article', { name: designated.UnparsedAddress })
  await expect(card).toBeVisible()
  await expect(card.getByText('Team', { exact: true })).toBeVisible()
  await expect(card.getByText('Through the team of Lena Listing')).toBeVisible()
  await expect(invitee.getByRole('article', { name: other.UnparsedAddress })).toHaveCount(0)

  // Lena removes the member: from the next request on, the listing is gone from their list.
  await page.reload()
  await page.getByRole('button', { name: 'Remove Terry Teammate' }).click()
  await page.getByRole('dialog', { name: 'Remove Terry Teammate?' }).getByRole('button', { name: 'Remove from team' }).click()
  await expect(page.getByText('Terry Teammate was removed from your team')).toBeVisible()
  await invitee.reload()
  await expect(invitee.getByRole('article', { name: designated.UnparsedAddress })).toHaveCount(0)
  await invitee.context().close()
})

/** A small real PDF whose bytes differ by `label`: the file knows a document by its content, not its name. */
function pdfOf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label} ${Date.now()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
}

test("the principal broker returns a document of Lena's file with a note, Lena replaces it from her offer page, and he approves everything and closes the file; /review passes axe", async ({ page, browser }) => {
  const request = page.request
  // A contract of Lena's: Ben's offer on her fresh listing, accepted and acknowledged through the API.
  const { listingId, offer } = await listingWithBensSharedOffer(request, { listPrice: 480_000, offerPrice: 475_000 })
  const lena = await bearer(request, SELLER_AGENT)
  const accepted = await request.post(`/api/offers/${offer.id}/accept`, { headers: lena, data: { version: 1, others: 'decline' } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  expect((await request.post(`/api/offers/${offer.id}/acknowledge`, { headers: await bearer(request, BEN) })).status()).toBe(200)

  // Lena files a small PDF in every slot her file's checklist asks for (the page's own upload is used below, for the replacement).
  const filePath = `/api/offers/${offer.id}/file/listing`
  const file = (await (await request.get(filePath, { headers: lena })).json()) as TransactionFileView
  expect(file.slots.map((slot) => slot.key)).toContain('purchaseAgreement')
  for (const slot of file.slots.filter((each) => each.documents.length === 0)) {
    const uploaded = await request.post(`${filePath}/documents`, {
      headers: lena,
      multipart: { slotKey: slot.key, kind: slot.accepts[0]!, file: { name: `${slot.key}.pdf`, mimeType: 'application/pdf', buffer: pdfOf(slot.key) } },
    })
    expect(uploaded.status(), await uploaded.text()).toBe(201)
  }

  // Pat opens /review, finds Lena's file waiting for him, and opens it.
  await useAccount(page, 'principal-broker@example.com')
  await page.goto('/review?state=needsReview')
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible()
  const row = page.getByTestId(`review-row-${offer.id}-listing`)
  await expect(row).toContainText('Lena')
  await expectNoViolations(page, 'the review queue')
  // On a phone the state filter is a select that fits the screen, not a row of choices past its edge.
  const desktop = page.viewportSize()!
  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: '/review fits 390 px' }).toBeLessThanOrEqual(390)
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('needsReview')
  await page.setViewportSize(desktop)
  await row.getByRole('button', { name: /^Open the file of / }).click()
  const reviewed = page.getByTestId('review-file')
  await expect(reviewed.getByTestId('close-file')).toBeDisabled()
  await expect(reviewed.getByTestId('close-file-reason')).toBeVisible()
  await expectNoViolations(page, 'a file under review')

  // He returns the agreement with a note.
  const agreement = reviewed.getByTestId('file-slot-purchaseAgreement')
  await agreement.getByRole('button', { name: 'Return purchaseAgreement.pdf' }).click()
  const dialog = page.getByRole('dialog', { name: 'Return a document' })
  await dialog.getByRole('textbox', { name: /What must the agent fix/ }).fill('Page 3 is missing the buyer initials.')
  await expectNoViolations(page, 'the return dialog')
  await dialog.getByRole('button', { name: 'Return the document' }).click()
  await expect(dialog).toBeHidden()
  await expect(agreement).toHaveAttribute('data-state', 'returned')

  // Lena reads the note in her offer's File section and replaces the document there.
  const lenaPage = await pageSignedInAs(browser, SELLER_AGENT)
  try {
    await lenaPage.goto(`/my-properties/${listingId}/offers/${offer.id}`)
    const section = lenaPage.getByRole('region', { name: 'File' })
    const slot = section.getByTestId('file-slot-purchaseAgreement')
    await expect(slot.getByTestId('file-document-note')).toContainText('Page 3 is missing the buyer initials.')
    await slot.getByTestId('file-input-purchaseAgreement').setInputFiles({ name: 'agreement-initialed.pdf', mimeType: 'application/pdf', buffer: pdfOf('agreement again') })
    await expect(slot).toHaveAttribute('data-state', 'pending')
    await expect(slot.getByText('agreement-initialed.pdf')).toBeVisible()
  } finally {
    await lenaPage.context().close()
  }

  // Pat approves every document, and closes the file once its audit is clean.
  await page.reload()
  const approve = reviewed.getByRole('button', { name: /^Approve / })
  await expect(approve.first()).toBeVisible()
  while ((await approve.count()) > 0) {
    const before = await approve.count()
    await approve.first().click()
    await expect(approve).toHaveCount(before - 1)
  }
  await expect(reviewed.getByTestId('file-findings-clean')).toBeVisible()
  await reviewed.getByTestId('close-file').click()
  await expect(reviewed.getByTestId('review-file-closed')).toContainText('Closed in the brokerage on')

  // The brokerage's own file rules, beside the files.
  await page.getByRole('tab', { name: 'File rules' }).click()
  await expect(page.getByRole('form', { name: 'Add a rule' })).toBeVisible()
  await expectNoViolations(page, "the brokerage's file rules")
})
