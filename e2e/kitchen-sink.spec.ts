import type { Locator, Page } from '@playwright/test'
import { expect, test, typeInto, useAccount } from './fixtures'

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const valueOf = (section: Locator) => section.getByRole('status', { name: 'Current value' })

function isoDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

test.beforeEach(async ({ page }) => {
  await page.goto('/kitchen-sink')
  // A first page load waits up to 30 s on the shared two-core machine, as elsewhere in the suite.
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen sink' })).toBeVisible({ timeout: 30_000 })
})

test('the password input says when the confirmation differs and shows a check when it matches', async ({ page }) => {
  const section = region(page, 'Password with confirmation')
  await section.getByLabel(/^Password/).fill('short')
  await section.getByLabel(/^Confirm password/).fill('different')
  await section.getByLabel(/^Confirm password/).blur()
  await expect(section.getByText('Password mismatch')).toBeVisible()
  await expect(section.getByText('Must have at least 8 characters')).toBeVisible()
  await section.getByLabel(/^Password/).fill('offerbook-2026')
  await section.getByLabel(/^Confirm password/).fill('offerbook-2026')
  await expect(section.getByText('Password mismatch')).toHaveCount(0)
  await expect(section.getByRole('img', { name: 'Passwords match' })).toBeVisible()
  await expect(valueOf(section)).toHaveText('{"password":"offerbook-2026","confirm":"offerbook-2026"}')
})

test('the phone input emits the number in international form and flags a bad one', async ({ page }) => {
  const section = region(page, 'Phone number')
  const number = section.getByRole('textbox', { name: 'Phone number' })
  await typeInto(number, '6155550123')
  await number.blur()
  await expect(valueOf(section)).toHaveText('+16155550123')
  await expect(number).toHaveValue('(615) 555-0123')
  await number.fill('12')
  await number.blur()
  await expect(section.getByText('Invalid format')).toBeVisible()
  await expect(valueOf(section)).toHaveText('(empty)')
  await number.fill('')
  await number.blur()
  await expect(section.getByText('Invalid format')).toHaveCount(0)
  await section.getByRole('combobox', { name: 'Country' }).selectOption('CA')
  await typeInto(number, '4165550123')
  await expect(valueOf(section)).toHaveText('+14165550123')
})

test('the increment input steps by its units, repeats on a long press and keeps to its minimum', async ({ page }) => {
  const section = region(page, 'Increment input (amount)')
  await section.getByRole('button', { name: 'Increase' }).click()
  await expect(valueOf(section)).toHaveText('255000')
  await section.getByRole('button', { name: 'Decrease' }).click()
  await expect(valueOf(section)).toHaveText('250000')

  const increase = section.getByRole('button', { name: 'Increase' })
  await increase.hover()
  await page.mouse.down()
  // One step at once, then after 600 ms one every 100 ms: held long enough, the steps keep coming.
  await expect.poll(async () => Number(await valueOf(section).textContent())).toBeGreaterThanOrEqual(250_000 + 4 * 5000)
  await page.mouse.up()

  const field = section.getByRole('spinbutton', { name: 'Offer price' })
  await field.fill('1,2')
  await expect(valueOf(section)).toHaveText('12')
  await field.blur()
  await expect(valueOf(section)).toHaveText('1000')
  await expect(section.getByText('Min of $1,000.00')).toBeVisible()

  const count = region(page, 'Increment input (count)')
  await count.getByRole('spinbutton', { name: 'Bedrooms' }).fill('0')
  await expect(count.getByRole('button', { name: 'Decrease' })).toBeDisabled()
})

test('the search input searches once the typing stops', async ({ page }) => {
  // The page's clock stands still while the test types, so the half second of quiet the search waits
  // for is counted by the test, not by how fast a busy machine types.
  await page.clock.install()
  await page.goto('/kitchen-sink')
  const section = region(page, 'Search')
  const box = section.getByRole('searchbox', { name: 'Search listings' })
  await expect(box).toBeVisible({ timeout: 30_000 })
  await page.clock.pauseAt(Date.now() + 60_000)
  await box.pressSequentially('Nashville')
  await page.clock.runFor(400)
  await expect(valueOf(section)).toHaveText('(empty)')
  await page.clock.runFor(100)
  await expect(valueOf(section)).toHaveText('Nashville')
})

test('the date picker takes a date in its range and refuses one outside it', async ({ page }) => {
  const section = region(page, 'Date picker')
  const field = section.getByRole('textbox', { name: 'Closing date' })
  const inRange = isoDay(30)
  await field.fill(inRange)
  await field.press('Tab')
  await expect(valueOf(section)).toHaveText(inRange)
  await field.fill('2001-01-01')
  await field.press('Tab')
  await expect(section.getByText(/2001-01-01 is not allowed: the earliest date is/)).toBeVisible()
})

test('the date-time pickers emit 24-hour and 12-hour values', async ({ page }) => {
  const day = isoDay(3)
  const section = region(page, 'Date and time picker')
  await section.getByRole('textbox', { name: 'Offer deadline: date' }).fill(day)
  await section.getByRole('textbox', { name: 'Offer deadline: time' }).pressSequentially('1545')
  await expect(valueOf(section)).toHaveText(`${day} 15:45`)

  const twelve = region(page, 'Date and time picker (12-hour)')
  await twelve.getByRole('textbox', { name: 'Offer expiration: date' }).fill(day)
  await twelve.getByRole('textbox', { name: 'Offer expiration: time' }).pressSequentially('0345PM')
  await expect(valueOf(twelve)).toHaveText(`${day} 03:45 PM`)
})

test('the dialog asks before accepting and cancels on Escape', async ({ page }) => {
  const section = region(page, 'Dialog')
  await section.getByRole('button', { name: 'Ask to accept' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accept this offer?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'CONFIRM ACCEPT OFFER' }).click()
  await expect(valueOf(section)).toHaveText('Accepted')

  await section.getByRole('button', { name: 'Ask to decline' }).click()
  await expect(page.getByRole('dialog', { name: 'Decline this offer?' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(valueOf(section)).toHaveText('Cancelled')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('the file list opens and downloads real files', async ({ page }) => {
  const section = region(page, 'File list')
  const open = section.getByRole('link', { name: 'Open Offer checklist' })
  await expect(open).toHaveAttribute('target', '_blank')
  const href = await open.getAttribute('href')
  const file = await page.request.get(href!)
  expect(file.status()).toBe(200)
  expect(await file.text()).toContain('Offerbook sample file')
  await expect(section.getByRole('link', { name: 'Download Front elevation' })).toHaveAttribute('download', /.*/)
  await expect(section.getByText('No files yet')).toBeVisible()
})

test('the person card offers contact buttons only to a signed-in user', async ({ page }) => {
  const section = region(page, 'Person card')
  await expect(section.getByRole('article', { name: 'Lena Listing' })).toBeVisible()
  await expect(section.getByRole('link', { name: 'Call Lena Listing' })).toHaveCount(0)
  await expect(section.getByRole('article', { name: 'No name' })).toBeVisible()

  await useAccount(page, 'buyer-simple@example.com')
  await page.goto('/kitchen-sink')
  const signedIn = region(page, 'Person card')
  await expect(signedIn.getByRole('link', { name: 'Call Lena Listing' })).toHaveAttribute('href', 'tel:+16155550123')
  await expect(signedIn.getByRole('link', { name: 'Text Lena Listing' })).toHaveAttribute('href', /^sms:/)
  await expect(signedIn.getByRole('link', { name: 'Email Lena Listing' })).toHaveAttribute('href', 'mailto:seller-agent@example.com')
})

test('the expiration countdown runs every second and turns to Expired', async ({ page }) => {
  await page.clock.install()
  await page.goto('/kitchen-sink')
  const section = region(page, 'Expiration countdown')
  const soon = section.getByRole('timer').first()
  // The sample expires 15 s after the page mounts; a slow load on a busy machine may show a little less.
  await expect(soon).toHaveText(/^Expires in 00:00:(0[3-9]|1[0-5])$/, { timeout: 30_000 })
  const seconds = async () => Number(/00:00:(\d\d)$/.exec((await soon.textContent()) ?? '')?.[1] ?? Number.NaN)
  const before = await seconds()
  await page.clock.runFor(2000)
  await expect.poll(seconds).toBeLessThanOrEqual(before - 2)
  await page.clock.runFor(15_000)
  await expect(section.getByText('Expired')).toHaveCount(2)
})
