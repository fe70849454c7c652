import type { Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { apiSignIn, expect, test, useAccount } from './fixtures'

const SELLER_AGENT = 'seller-agent@example.com'
/** A first page load (session, page chunk, then its data) on a machine the whole team's tests share. */
const FIRST_LOAD = { timeout: 30_000 }

const sectionHeadings = (page: Page) => page.getByTestId('next-actions').getByRole('heading', { level: 2 })
const modeSwitch = (page: Page) => page.getByRole('radiogroup', { name: 'Buying or selling' })

/** The account's mode, set through the API: the tests share the demo accounts, so each one leaves it at buy. */
async function setAccountMode(page: Page, uiMode: 'buy' | 'sell') {
  const token = await apiSignIn(page, SELLER_AGENT)
  const response = await page.request.put('/api/me/ui-mode', { data: { uiMode }, headers: { Authorization: `Bearer ${token}` } })
  expect(response.status()).toBe(200)
}

test('the buy/sell switch reorders the dashboard and the navigation, and the account keeps the mode', async ({ page }) => {
  await setAccountMode(page, 'buy')
  try {
    await useAccount(page, SELLER_AGENT)
    await page.goto('/dashboard')
    await expect(sectionHeadings(page).first()).toHaveText('Drafts to finish', FIRST_LOAD)
    // Lena's demo listings have shared offers waiting for her answer, each linked to its review page.
    const offers = page.getByTestId('section-offersToAnswer')
    await expect(offers.getByRole('link', { name: /^Review and answer: / }).first()).toHaveAttribute('href', /^\/my-properties\/[^/]+\/offers\/[^/]+$/)
    await expectNoViolations(page, '/dashboard in buy mode')

    await modeSwitch(page).getByText('Sell', { exact: true }).click()
    await expect(modeSwitch(page).getByRole('radio', { name: 'Sell' })).toBeChecked()
    await expect(sectionHeadings(page).first()).toHaveText('Offers to answer')
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first()
    await expect(nav.getByRole('link').nth(2)).toHaveText('My Listings')

    // Kept on the account: a new load comes back in sell mode.
    await page.reload()
    await expect(sectionHeadings(page).first()).toHaveText('Offers to answer', FIRST_LOAD)
    await expect(modeSwitch(page).getByRole('radio', { name: 'Sell' })).toBeChecked()
    await expectNoViolations(page, '/dashboard in sell mode')

    await modeSwitch(page).getByText('Buy', { exact: true }).click()
    await expect(sectionHeadings(page).first()).toHaveText('Drafts to finish')
    await expect(nav.getByRole('link').nth(2)).toHaveText('Homes for sale')
  } finally {
    await setAccountMode(page, 'buy')
  }
})

test('a signed-out visitor keeps the mode in this browser', async ({ page }) => {
  await page.goto('/')
  await expect(modeSwitch(page)).toBeVisible(FIRST_LOAD)
  await expect(modeSwitch(page).getByRole('radio', { name: 'Buy' })).toBeChecked()
  await modeSwitch(page).getByText('Sell', { exact: true }).click()
  await expect(modeSwitch(page).getByRole('radio', { name: 'Sell' })).toBeChecked()
  await page.reload()
  await expect(modeSwitch(page).getByRole('radio', { name: 'Sell' })).toBeChecked(FIRST_LOAD)
  await expect(page.evaluate(() => window.localStorage.getItem('offerbook.uiMode'))).resolves.toBe('sell')
})

test("the pipeline shows a seeded agent's transactions by stage, each linked to its page, with the brokerage", async ({ page }) => {
  await useAccount(page, SELLER_AGENT)
  await page.goto('/pbDashboard')
  const closed = page.getByTestId('stage-closed')
  await expect(closed.getByRole('heading', { name: /^Closed \((\d+)\)$/ })).toBeVisible(FIRST_LOAD)
  // Lena's seeded history: five past sales, closed.
  expect(await closed.getByRole('link').count()).toBeGreaterThanOrEqual(5)
  await expect(page.getByTestId('stage-offersIn').getByRole('link').first()).toBeVisible()
  await expect(page.getByText(/Pat Broker/)).toBeVisible()
  await expect(page.getByText('Alex Agent', { exact: false }).first()).toBeVisible()
  await expectNoViolations(page, '/pbDashboard')

  // A past sale links to its winning offer; a closed listing without offers here, to the listing.
  const sale = closed.locator('a[href*="/offers/"]').first()
  const href = await sale.getAttribute('href')
  expect(href).toMatch(/^\/my-properties\/[^/]+\/offers\/[^/]+$/)
  await sale.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
})

test('the header fits a 390 px phone with the switch, in English and Spanish', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  try {
    await useAccount(page, SELLER_AGENT)
    await page.goto('/dashboard')
    await expect(modeSwitch(page)).toBeVisible(FIRST_LOAD)
    // The bell and the account menu load after the page: measured once both are there.
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible()
    await expect(page.locator('header [data-unread-count]')).toBeVisible()
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)
    const header = page.locator('header')
    const box = await header.boundingBox()
    for (const control of [modeSwitch(page), page.getByLabel('Language'), page.getByRole('button', { name: /^Account menu/ })]) {
      const within = await control.boundingBox()
      expect(within, 'a header control is on screen').not.toBeNull()
      expect(within!.x + within!.width).toBeLessThanOrEqual(390)
      expect(within!.y + within!.height).toBeLessThanOrEqual(box!.y + box!.height)
    }
    await page.getByLabel('Language').selectOption('es-es')
    await expect(page.getByRole('radiogroup', { name: 'Comprar o vender' })).toBeVisible()
    expect(await overflow()).toBeLessThanOrEqual(0)
    await page.getByLabel('Idioma').selectOption('en-us')
  } finally {
    // The language goes with the account, which other tests share: back to English whatever happened.
    const token = await apiSignIn(page, SELLER_AGENT)
    await page.request.put('/api/me/language', { data: { language: 'en-us' }, headers: { Authorization: `Bearer ${token}` } })
    await context.close()
  }
})

test("an agent's header fits 1200 px in English and Spanish: the account menu stays on screen and the navigation scrolls; at 1366 px it all shows", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } })
  const page = await context.newPage()
  try {
    await useAccount(page, SELLER_AGENT)
    await page.goto('/dashboard')
    // Named 'Account menu: …' in English and 'Menú de la cuenta: …' in Spanish.
    const account = page.getByRole('banner').getByRole('button', { name: /Lena Listing$/ })
    await expect(account).toBeVisible(FIRST_LOAD)
    await expect(page.locator('header [data-unread-count]')).toBeVisible()
    const nav = page.getByRole('banner').getByRole('navigation')
    for (const [language, analytics] of [['en-us', 'Analytics'], ['es-es', 'Analíticas']] as const) {
      if (language === 'es-es') await page.getByLabel('Language').selectOption('es-es')
      const lastItem = nav.getByRole('link', { name: analytics })
      await expect(lastItem).toBeAttached()
      const accountBox = await account.boundingBox()
      expect(accountBox!.x + accountBox!.width, `the account menu inside the window (${language})`).toBeLessThanOrEqual(1200)
      // Reached from the keyboard, the last item scrolls into the navigation's view.
      await page.getByRole('banner').getByRole('link', { name: 'Offerbook' }).focus()
      await lastItem.focus()
      const [item, shown] = await Promise.all([lastItem.boundingBox(), nav.boundingBox()])
      expect(item!.x + item!.width, `the focused last item is shown (${language})`).toBeLessThanOrEqual(shown!.x + shown!.width + 1)
    }
    // On a 1366 px laptop, beside a desktop browser's scroll bar, the whole Spanish navigation fits:
    // 'Analíticas' is not clipped under the Comprar/Vender switch.
    await page.setViewportSize({ width: 1366 - 17, height: 800 })
    await expect.poll(() => nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
    const [analytics, modeSwitch] = await Promise.all([nav.getByRole('link', { name: 'Analíticas' }).boundingBox(), page.getByRole('radiogroup', { name: 'Comprar o vender' }).boundingBox()])
    expect(analytics!.x + analytics!.width).toBeLessThanOrEqual(modeSwitch!.x)
    await page.getByLabel('Idioma').selectOption('en-us')
  } finally {
    const token = await apiSignIn(page, SELLER_AGENT)
    await page.request.put('/api/me/language', { data: { language: 'en-us' }, headers: { Authorization: `Bearer ${token}` } })
    await context.close()
  }
})
