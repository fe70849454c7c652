import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { expect, test, useAccount } from './fixtures'

test('an anonymous visitor is sent to sign in and comes back to the page with its query', async ({ page, baseURL }) => {
  await page.goto('/analytics?range=30d')
  await expect(page).toHaveURL(`${baseURL}/auth/sign-in?redirect=%2Fanalytics%3Frange%3D30d`)
  await page.getByLabel('Email').fill('buyer-agent@example.com')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${baseURL}/analytics?range=30d`)
  await expect(page.locator('.page-analytics')).toBeVisible()
})

test('a wrong password says so and keeps the visitor on sign-in', async ({ page, baseURL }) => {
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill('buyer-simple@example.com')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect e-mail/password combination' }).first()).toBeVisible()
  await expect(page).toHaveURL(`${baseURL}/auth/sign-in`)
})

test('a bad email is caught before it is sent', async ({ page }) => {
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password').fill('x')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid email')).toBeVisible()
})

test('without remember me the session lives in this tab only', async ({ page }) => {
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill('seller-owner@example.com')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.locator('.page-dashboard')).toBeVisible()
  const stored = await page.evaluate((key) => [sessionStorage.getItem(key), localStorage.getItem(key)], SESSION_STORAGE_KEY)
  expect(JSON.parse(stored[0]!)).toMatchObject({ persist: false })
  expect(stored[1]).toBeNull()
})

test('a stale stored session is cleared and the visitor signs in again', async ({ page, baseURL }) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, JSON.stringify({ accessToken: 'revoked-or-made-up', persist: true }))
      sessionStorage.setItem('seeded', '1')
    }
  }, SESSION_STORAGE_KEY)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(`${baseURL}/auth/sign-in?redirect=%2Fdashboard`)
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull()
})

test('a signed-in user on the sign-in page sees who is signed in and can switch accounts', async ({ page }) => {
  await useAccount(page, 'buyer-simple@example.com')
  await page.goto('/auth/sign-in')
  await expect(page.getByText('You are signed in as Ben Buyer (buyer-simple@example.com).')).toBeVisible()
  await page.getByRole('button', { name: 'Sign in with another account' }).click()
  await expect(page.getByLabel('Email')).toBeVisible()
})

test('signing out revokes the session on the server', async ({ page, baseURL }) => {
  await useAccount(page, 'seller-agent@example.com')
  await page.goto('/dashboard')
  const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken as string, SESSION_STORAGE_KEY)
  await page.getByRole('button', { name: 'Account menu: Lena Listing' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/auth/sign-in`))
  const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })
  expect(me.status()).toBe(401)
})
