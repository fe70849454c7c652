import { expectNoViolations } from './axe'
import { apiToken, expect as baseExpect, test, useAccount } from './fixtures'

// The first runs come a moment after the server listens; on a busy CI machine the page may wait for them.
const expect = baseExpect.configure({ timeout: 30_000 })

test('a super admin sees the background jobs and their last runs', async ({ page }) => {
  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/jobs')
  await expect(page.getByRole('heading', { name: 'Background jobs', level: 2 })).toBeVisible()
  const table = page.getByRole('table', { name: 'Background jobs and their last runs' })
  for (const name of ['Email and text delivery', 'Offer expiry', 'Chat digest emails', 'MLS Grid replication schedule', 'Signing: completion and expiry']) {
    await expect(table.getByRole('rowheader', { name, exact: true })).toBeVisible()
  }
  // The outbox runs every 2 s: its last run succeeded.
  await expect(table.getByRole('row', { name: /Email and text delivery/ }).getByText('Succeeded')).toBeVisible()
  await expect(page.getByRole('button', { name: /again$/ })).toHaveCount(0)
  await expectNoViolations(page, '/admin/jobs')
})

test('an admin who is not a super admin is not shown the jobs page', async ({ page }) => {
  await useAccount(page, 'admin@example.com')
  await page.goto('/admin/users')
  await expect(page.getByRole('navigation', { name: 'Admin pages' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Background jobs' })).toHaveCount(0)
  const token = await apiToken(page.request, 'admin@example.com')
  expect((await page.request.get('/api/admin/jobs', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403)
})
