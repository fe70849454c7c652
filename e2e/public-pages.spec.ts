import type { Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'

/** The public pages and the signed-in guides, each with its one h1 and its tab's title; the guides need a signed-in buyer or seller. */
const PAGES = [
  { path: '/', title: 'Offers on Tennessee homes, clear from first look to signature', tab: 'Home' },
  { path: '/how-it-works', title: 'How It Works', tab: 'How It Works' },
  { path: '/offers-optimized', title: 'Offers, optimized', tab: 'Offers' },
  { path: '/auth-offers-optimized', title: 'Offers, optimized', tab: 'Offers' },
  { path: '/about-us', title: 'About Us', tab: 'About Us' },
  { path: '/the-team', title: 'The Team', tab: 'The Team' },
  { path: '/terms', title: 'Legal', tab: 'Legal' },
  { path: '/boilerplate', title: 'Standard notices', tab: 'Standard notices' },
  { path: '/auth-how-it-works', title: 'How It Works', tab: 'How It Works', account: 'buyer-simple@example.com' },
  { path: '/auth-faq', title: 'FAQ', tab: 'FAQ', account: 'buyer-simple@example.com' },
] as const

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const

/** Waits until what a page loads after its text is on screen: the home page's listings, the ranking example. */
async function settled(page: Page, path: string): Promise<void> {
  if (path === '/') await expect(page.getByTestId('listing-card').first()).toBeVisible()
  if (path.endsWith('offers-optimized')) await expect(page.getByRole('list', { name: 'The ranking' })).toBeVisible()
}

// One load per page, checked at each width in turn: a phone's, then the window made a laptop's.
for (const { path, title, tab, ...rest } of PAGES) {
  test(`${path} at ${VIEWPORTS.map(({ width }) => width).join(' and ')} px: one h1, nothing wider than the window, and WCAG 2.1 AA as axe checks it`, async ({ page }) => {
    if ('account' in rest) await useAccount(page, rest.account)
    await page.setViewportSize(VIEWPORTS[0])
    await page.goto(path)
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await settled(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} fits ${viewport.width} px` }).toBeLessThanOrEqual(viewport.width)
      await expect(page).toHaveTitle(`${tab} · Offerbook`)
      await expectNoViolations(page, `${path} at ${viewport.width} px`)
    }
  })
}

test('the home page lists the homes taking offers before those coming soon', async ({ page, request }) => {
  const active = (await (await request.get('/api/properties?status=Active&sort=newest&pageSize=6')).json()) as { items: { id: string }[] }
  expect(active.items.length).toBeGreaterThan(0)
  await page.goto('/')
  const cards = page.getByTestId('listing-card')
  await expect(cards.first()).toBeVisible()
  const shown = await cards.evaluateAll((links) => links.map((link) => decodeURIComponent(link.getAttribute('href')?.replace('/property/', '') ?? '')))
  expect(shown.slice(0, active.items.length)).toEqual(active.items.map((item) => item.id))
})

test('the FAQ has at least 15 questions, and the keyboard opens them', async ({ page }) => {
  await useAccount(page, 'buyer-simple@example.com')
  await page.goto('/auth-faq')
  const questions = page.getByRole('main').getByRole('button', { expanded: false })
  await expect(questions.first()).toBeVisible()
  expect(await questions.count()).toBeGreaterThanOrEqual(15)

  const first = page.getByRole('button', { name: 'Who can see my offer?' })
  await first.focus()
  await page.keyboard.press('Enter')
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/Only you, your agent, and the listing agent/)).toBeVisible()

  // The arrow keys move to the next question; Space opens it too.
  await page.keyboard.press('ArrowDown')
  const second = page.getByRole('button', { name: 'Can I change an offer after sending it?' })
  await expect(second).toBeFocused()
  await page.keyboard.press('Space')
  await expect(second).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText(/Yes, until the seller accepts it/)).toBeVisible()
  await expectNoViolations(page, 'the FAQ with two answers open')
})

test('the ranking example re-ranks the sample offers when a weight changes', async ({ page }) => {
  await page.goto('/offers-optimized')
  const ranking = page.getByRole('list', { name: 'The ranking' })
  const order = ranking.getByRole('heading', { level: 4 })
  await expect(order).toHaveText(['Offer C: conventional', 'Offer B: cash', 'Offer A: the highest price'])

  const net = page.getByRole('slider', { name: 'Net to seller' })
  await net.focus()
  await page.keyboard.press('Home')
  await expect(net).toHaveAttribute('aria-valuenow', '0')
  await expect(order).toHaveText(['Offer B: cash', 'Offer C: conventional', 'Offer A: the highest price'])

  await page.getByRole('button', { name: 'Reset the weights' }).click()
  await expect(order.first()).toHaveText('Offer C: conventional')
})

test('the public pages speak Spanish as usted and link to one another', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('offerbook.language', 'es-es'))
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso legal')
  await expect(page.getByText(/Debe tener 18 años o más/)).toBeVisible()
  await page.getByRole('link', { name: 'Leer la divulgación al consumidor sobre la firma electrónica' }).click()
  await expect(page).toHaveURL(/\/boilerplate#esign-disclosure$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Divulgación al consumidor sobre la firma electrónica' })).toBeInViewport()
})
