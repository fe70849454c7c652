import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect as baseExpect, test, useAccount } from './fixtures'
import { latestCode } from './mailbox'

// Each test signs up a user and drives two browsers; on a shared two-core machine that needs more than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 300_000 })

/** A verified, onboarded seller of its own, so parallel tests never act on the same account. */
async function newSeller(request: APIRequestContext, name: string): Promise<{ email: string; password: string; token: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`
  const password = 'admin-users-e2e-2026'
  expect((await request.post('/api/accounts', { data: { name, email, password } })).status()).toBe(201)
  const code = await latestCode(request, email, /verification/)
  const verified = await request.post('/api/accounts/verify', { data: { email, code, persist: false } })
  const { accessToken: token } = (await verified.json()) as { accessToken: string }
  const onboarded = await request.put('/api/me/onboarding', { data: { kind: 'SELLER_OWNER' }, headers: { Authorization: `Bearer ${token}` } })
  expect(onboarded.status()).toBe(200)
  return { email, password, token }
}

/** Finds the user by email on /admin/users and opens their detail. */
async function openUser(page: Page, email: string, name: string) {
  await page.goto('/admin/users')
  await page.getByLabel('Search users').fill(email)
  await page.getByLabel('Search users').press('Enter')
  // The search's answer first: a click on the rows before it arrives lands wherever they move to. Then
  // the row of this email, as another user may have the same name.
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Open / }) })
  await expect(rows.filter({ hasText: email })).toHaveCount(1)
  await expect(rows.filter({ hasNotText: email })).toHaveCount(0)
  await rows.filter({ hasText: email }).getByRole('button', { name: `Open ${name}` }).click()
  const drawer = page.getByRole('dialog', { name })
  await expect(drawer.getByRole('heading', { name: 'Sign-in history' })).toBeVisible()
  return drawer
}

/** Signs in through the sign-in page in a fresh browser, as the user would. */
async function signInFresh(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  return page
}

test('a super admin approves a principal-broker request, and the broker then lands on /analytics', async ({ page, browser, baseURL }) => {
  const name = 'Pia Pending'
  const seller = await newSeller(page.request, name)
  const asked = await page.request.post('/api/me/principal-broker-request', { headers: { Authorization: `Bearer ${seller.token}` } })
  expect(asked.status()).toBe(200)

  await useAccount(page, 'super-admin@example.com')
  const drawer = await openUser(page, seller.email, name)
  await expect(drawer.getByText('This user asked to be a principal broker.')).toBeVisible()
  await drawer.getByRole('button', { name: 'Approve' }).click()
  const confirm = page.getByRole('dialog', { name: `Approve ${name} as a principal broker?` })
  await confirm.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText(`${name} is now a principal broker.`)).toBeVisible()
  await expect(drawer.getByText('Sue Super: approved the principal-broker request')).toBeVisible()
  await expect(drawer.getByRole('checkbox', { name: 'Principal broker' })).toBeChecked()

  // A broker who no longer sells on their own keeps the one role; a seller's home would be /dashboard.
  await drawer.getByRole('checkbox', { name: 'Seller (owner)' }).uncheck()
  await drawer.getByRole('button', { name: 'Save roles' }).click()
  const rolesDialog = page.getByRole('dialog', { name: `Change the roles of ${name}?` })
  await expect(rolesDialog.getByText('Remove: Seller (owner).')).toBeVisible()
  await rolesDialog.getByRole('button', { name: 'Change roles' }).click()
  await expect(page.getByText(`The roles of ${name} have been changed.`)).toBeVisible()
  await expect(drawer.getByText('Sue Super: changed the roles')).toBeVisible()

  const broker = await signInFresh(browser, baseURL!, seller.email, seller.password)
  await expect(broker).toHaveURL(`${baseURL}/analytics`)
  await broker.context().close()
})

test('an admin deactivates a user, who then cannot sign in', async ({ page, browser, baseURL }) => {
  const name = 'Dana Gone'
  const seller = await newSeller(page.request, name)

  await useAccount(page, 'admin@example.com')
  const drawer = await openUser(page, seller.email, name)
  await drawer.getByRole('button', { name: 'Deactivate' }).click()
  const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` })
  await confirm.getByLabel('Reason').fill('Fraudulent listings')
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText(`${name} has been deactivated.`)).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Reactivate' })).toBeVisible()
  await expect(drawer.getByText('Reason: Fraudulent listings')).toBeVisible()

  // Their session ended at once.
  expect((await page.request.get('/api/me', { headers: { Authorization: `Bearer ${seller.token}` } })).status()).toBe(401)

  const refused = await signInFresh(browser, baseURL!, seller.email, seller.password)
  // The refusal is told on the sign-in form, which stays where it is.
  await expect(refused.getByRole('alert').filter({ hasText: 'This account has been deactivated. Contact support to restore it.' }).first()).toBeVisible()
  await expect(refused).toHaveURL(/\/auth\/sign-in/)
  await expect(refused.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await refused.context().close()
})

test('/admin/users and a user detail meet WCAG 2.1 AA as axe checks them', async ({ page }) => {
  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/users')
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Open / }).first()).toBeVisible()
  await expectNoViolations(page, '/admin/users')

  const drawer = await openUser(page, 'seller-agent@example.com', 'Lena Listing')
  await expect(drawer.getByRole('button', { name: 'Save roles' })).toBeVisible()
  await expect(page).toHaveURL(/\?user=/)
  await expectNoViolations(page, 'a user detail on /admin/users')
})
