import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { completeListing, pngOf, publishListing, uniqueStreet } from './listings'

const BUYER = 'buyer-simple@example.com'

type MailboxMessage = { channel: 'email' | 'sms'; to: string; subject: string | null; text: string; html: string | null }

/** What the dev mailbox holds for one address or number (the API queues every email and SMS there outside production). */
async function mailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { messages: MailboxMessage[] }).messages
}

/** A listing of the demo seller agent (Lena Listing) on a street no other test uses, open on its page. */
async function openListing(page: Page) {
  const streetName = uniqueStreet('Larkspur')
  const listing = await publishListing(page.request, { fields: completeListing({ StreetName: streetName }), photos: [pngOf(120, 80, [90, 120, 160])] })
  await page.goto(`/property/${listing.id}`)
  const address = `2710 ${streetName} Way, Franklin, TN 37064`
  // The first page of a fresh server can be slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible({ timeout: 30_000 })
  return { listing, address }
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Send email or SMS' })

test('a signed-in buyer shares a home with two emails and two numbers, and the messages carry its link', async ({ page, baseURL }) => {
  // Several pages, axe runs and sends: more than the default time on a machine shared with other runs.
  test.slow()
  await useAccount(page, BUYER)
  const { listing, address } = await openListing(page)
  const tag = Math.random().toString(36).slice(2, 8)
  const emails = [`friend-${tag}@example.com`, `partner-${tag}@example.org`]
  // Numbers of the fictional 555-01xx range, different in every run.
  const suffix = Math.floor(Math.random() * 49)
  const numbers = [`+1615555${String(100 + suffix).padStart(4, '0')}`, `+1615555${String(150 + suffix).padStart(4, '0')}`]
  const link = `${baseURL}/property/${listing.id}`

  const share = page.getByRole('button', { name: 'Share this home' })
  await share.click()
  const dialog = dialogOf(page)
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(`A home you may like: ${address}`)
  await expect(dialog.getByRole('textbox', { name: /^Message/ })).toHaveValue(`Take a look at this home: ${address}\n${link}`)
  await expectNoViolations(page, 'the Send dialog')

  await dialog.getByRole('textbox', { name: /^Emails/ }).fill(`${emails[0]},\n${emails[1]} not-an-address`)
  await expect(dialog.getByText('Not email addresses, so they will not be sent: not-an-address')).toBeVisible()
  const phoneField = dialog.getByRole('textbox', { name: /^Phone numbers/ })
  await phoneField.fill('555')
  await phoneField.press('Enter')
  await expect(dialog.getByText('Invalid format')).toBeVisible()
  await phoneField.fill(numbers[0]!.slice(2))
  await phoneField.press('Enter')
  await phoneField.fill(numbers[1]!)
  await phoneField.press(',')
  const chips = dialog.getByRole('list', { name: 'Phone numbers to text' }).getByRole('listitem')
  await expect(chips).toHaveCount(2)
  await expectNoViolations(page, 'the Send dialog with phone chips and an invalid number')

  await dialog.getByRole('button', { name: 'Send' }).click()
  // The server waits up to a few seconds on each number for the provider's answer.
  await expect(page.getByText('Emails sent!')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('All messages sent!')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(share).toBeFocused()

  for (const email of emails) {
    await expect.poll(async () => (await mailbox(page.request, email)).length).toBe(1)
    const [message] = await mailbox(page.request, email)
    expect(message?.subject).toBe(`A home you may like: ${address}`)
    expect(message?.html).toContain(`href="${link}"`)
  }
  for (const number of numbers) {
    await expect.poll(async () => (await mailbox(page.request, number)).length).toBe(1)
    const [message] = await mailbox(page.request, number)
    expect(message?.channel).toBe('sms')
    expect(message?.text).toContain(link)
  }
  expect(await mailbox(page.request, 'not-an-address')).toEqual([])
})

test("the listing agent's card opens the dialog prefilled, and an empty recipient list gets 'Please enter email(s)'", async ({ page }) => {
  // Several pages, axe runs and sends: more than the default time on a machine shared with other runs.
  test.slow()
  await useAccount(page, BUYER)
  const { address } = await openListing(page)
  const agent = page.getByRole('article', { name: 'Lena Listing' })
  await expect(agent.getByRole('link', { name: 'Call Lena Listing' })).toHaveAttribute('href', 'tel:+16155550142')

  const email = agent.getByRole('button', { name: 'Email Lena Listing' })
  await email.click()
  const dialog = dialogOf(page)
  await expect(dialog.getByRole('textbox', { name: /^Emails/ })).toHaveValue('seller-agent@example.com')
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(`About ${address}`)
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(email).toBeFocused()

  // The dialog needs an email besides the numbers it texts: the card's address comes with its number.
  await agent.getByRole('button', { name: 'Text Lena Listing' }).click()
  await expect(dialog.getByRole('list', { name: 'Phone numbers to text' })).toHaveText('(615) 555-0142')
  await expect(dialog.getByRole('textbox', { name: /^Emails/ })).toHaveValue('seller-agent@example.com')
  const remove = dialog.getByRole('button', { name: 'Remove (615) 555-0142' })
  await remove.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('list', { name: 'Phone numbers to text' })).toBeHidden()

  await dialog.getByRole('textbox', { name: /^Message/ }).fill('Is the home still available?')
  await dialog.getByRole('textbox', { name: /^Emails/ }).fill('nobody, at all')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText('Please enter email(s)')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: /^Emails/ })).toHaveAttribute('aria-invalid', 'true')
  await expectNoViolations(page, "the Send dialog with 'Please enter email(s)'")
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test("an anonymous visitor cannot send through Offerbook: no contact buttons, and 'Share this home' copies the link", async ({ page, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const { listing } = await openListing(page)
  const agent = page.getByRole('article', { name: 'Lena Listing' })
  await expect(agent).toBeVisible()
  await expect(agent.getByRole('button')).toHaveCount(0)
  await expect(agent.getByRole('link')).toHaveCount(0)
  // Chromium on Linux has no system share sheet: the link is copied instead, and the visitor is told so.
  await page.getByRole('button', { name: 'Share this home' }).click()
  await expect(page.getByText('Link copied. Paste it wherever you want to share this home.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/property/${listing.id}`)
  await expect(dialogOf(page)).toHaveCount(0)
})

test("a buyer's offer page writes to the listing agent of the offer", async ({ page }) => {
  await useAccount(page, BUYER)
  const { address } = await openListing(page)
  await page.getByRole('button', { name: 'Make an offer' }).click()
  await expect(page).toHaveURL(/\/submitted-offers\/update\/[\w-]+$/)
  // The editor is a long form; a busy machine takes a while to show it the first time.
  await expect(page.getByRole('heading', { name: 'Your offer', level: 1 })).toBeVisible({ timeout: 30_000 })

  const action = page.getByRole('button', { name: 'Send email/SMS' })
  await action.click()
  const dialog = dialogOf(page)
  await expect(dialog.getByRole('textbox', { name: /^Emails/ })).toHaveValue('seller-agent@example.com')
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(`About the offer on ${address}`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(action).toBeFocused()
})
