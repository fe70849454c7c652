import { expect, test, useAccount } from './fixtures'

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page?x=1')
  await expect(page.locator('.page-not-found')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Home' }).first().click()
  await expect(page.locator('.page-home')).toBeVisible()
})

test('the language switch turns the interface into Spanish and back', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Language' }).click()
  await page.getByRole('option', { name: 'Español' }).click()
  await expect(page.getByRole('link', { name: 'Inicio' }).first()).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.reload()
  await expect(page.getByRole('link', { name: 'Inicio' }).first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Idioma' }).click()
  await page.getByRole('option', { name: 'English' }).click()
  await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible()
})

test('the navigation offers each role only what it may open', async ({ page }) => {
  await useAccount(page, 'admin@example.com')
  await page.goto('/admin/users')
  const nav = page.getByRole('navigation').first()
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Add Listing' })).toHaveCount(0)
})

test('the API answers unknown paths with JSON and documents itself', async ({ request }) => {
  const missing = await request.get('/api/no-such-endpoint')
  expect(missing.status()).toBe(404)
  expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' })
  const docs = await request.get('/api/docs/json')
  expect(docs.status()).toBe(200)
})

test('the page scrolls to the top on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 400 })
  await page.goto('/about-us')
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px'
    window.scrollTo(0, 1500)
  })
  await page.getByRole('link', { name: 'How It Works' }).first().click()
  await expect(page.locator('.page-how-it-works')).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
