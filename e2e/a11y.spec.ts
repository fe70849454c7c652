import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'

// The home page and How It Works are checked at two widths in public-pages.spec.ts.
const publicPages = [
  { path: '/auth/sign-in', ready: '.page-sign-in' },
  { path: '/no-such-page', ready: '.page-not-found' },
  { path: '/brand-guide', ready: '.page-brand-guide' },
  { path: '/kitchen-sink', ready: '.page-kitchen-sink' },
  { path: '/listings', ready: '.page-listings [data-testid="listing-card"] >> nth=0' },
]

for (const { path, ready } of publicPages) {
  test(`${path} meets WCAG 2.1 AA as axe checks it`, async ({ page }) => {
    await page.goto(path)
    await expect(page.locator(ready)).toBeVisible()
    await expectNoViolations(page, path)
  })
}

test('the sign-in form with its errors meets WCAG 2.1 AA as axe checks it', async ({ page }) => {
  await page.goto('/auth/sign-in')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Invalid email')).toBeVisible()
  await expectNoViolations(page, 'the sign-in form with errors')
})

test('the signed-in shell and the admin users list meet WCAG 2.1 AA as axe checks it', async ({ page }) => {
  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/users')
  await expect(page.getByRole('cell', { name: 'admin@example.com', exact: true })).toBeVisible()
  // The role badges in the table (the role filter lists the same names in its closed dropdown).
  await expect(page.getByRole('table', { name: 'Users' }).getByText('Listing agent', { exact: true }).first()).toBeVisible()
  await expectNoViolations(page, '/admin/users')
})
