import { expect, test, useAccount } from './fixtures'

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page?x=1')
  await expect(page.locator('.page-not-found')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('/no/such/page?x=1')).toBeVisible()
  await page.getByRole('link', { name: 'Go to the front page' }).click()
  await expect(page.locator('.page-home')).toBeVisible()
})

test('the language switch turns the interface into Spanish and back', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation').first()
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
  await page.getByLabel('Language').selectOption('es-es')
  await expect(nav.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.reload()
  await expect(nav.getByRole('link', { name: 'Inicio', exact: true })).toBeVisible()
  await page.getByLabel('Idioma').selectOption('en-us')
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('the navigation offers each role only what it may open', async ({ page }) => {
  await useAccount(page, 'admin@example.com')
  await page.goto('/admin/users')
  const nav = page.getByRole('navigation').first()
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Add Listing', exact: true })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'My Listings', exact: true })).toHaveCount(0)
})

test('the API answers unknown paths with JSON and documents itself', async ({ request }) => {
  const missing = await request.get('/api/no-such-endpoint')
  expect(missing.status()).toBe(404)
  expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' })
  const docs = await request.get('/api/docs/json')
  expect(docs.status()).toBe(200)
})

test('the API documentation page renders the OpenAPI operations', async ({ page }) => {
  await page.goto('/api/docs')
  // Swagger UI resolves an OpenAPI 3.1 document in the page (some 5 s on an idle machine, with its 1 MB
  // bundle): longer than the usual wait when two browsers share CI's two cores.
  await expect(page.getByText('/api/session').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('/api/health').first()).toBeVisible()
})

test('the page scrolls to the top on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 400 })
  await page.goto('/about-us')
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px'
    window.scrollTo(0, 1500)
  })
  await page.getByRole('link', { name: 'How It Works', exact: true }).first().click()
  await expect(page.locator('.page-how-it-works')).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a signed-in page opened first in Spanish draws its own texts in Spanish, and switches to English', async ({ page }) => {
  // Its texts load with the page (decision 074): the frame's and My Listings' own, in the language shown.
  await useAccount(page, 'seller-agent@example.com')
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('offerbook.language')) window.localStorage.setItem('offerbook.language', 'es-es')
  })
  await page.goto('/my-properties/list')
  await expect(page.getByRole('heading', { level: 1, name: 'Mis anuncios' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Buscar en sus anuncios' })).toBeVisible()
  await page.getByLabel('Idioma').selectOption('en-us')
  await expect(page.getByRole('heading', { level: 1, name: 'My Listings' })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search your listings' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('on the narrowest phone, in Spanish, the header keeps the name whole beside its controls, all on the screen', async ({ page }) => {
  // 320px (an iPhone SE) and 390px: the buy/sell switch above the language, the bell and the account beside the name.
  await useAccount(page, 'buyer-agent@example.com')
  await page.addInitScript(() => window.localStorage.setItem('offerbook.language', 'es-es'))
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 })
    await page.goto('/dashboard')
    await expect(page.getByLabel('Idioma')).toHaveValue('es-es')
    const header = page.locator('header')
    const brand = await header.getByRole('link', { name: 'Offerbook', exact: true }).boundingBox()
    const switches = await header.locator('.header-switches').boundingBox()
    const account = await header.getByRole('button', { name: /^Menú de la cuenta/ }).boundingBox()
    expect(brand && switches && account, 'the header draws the name, the switches and the account').toBeTruthy()
    if (!brand || !switches || !account) return
    expect(brand.x + brand.width, `the name ends before the switches at ${width}px`).toBeLessThanOrEqual(switches.x)
    expect(account.x + account.width, `the account stays on a ${width}px screen`).toBeLessThanOrEqual(width)
  }
})
