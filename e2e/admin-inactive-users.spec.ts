import { expectNoViolations } from './axe'
import { expect as baseExpect, test, useAccount } from './fixtures'
import { mailTo } from './mailbox'

// The admin pages load two lists and a setting; on a busy CI machine that takes longer than the default wait.
const expect = baseExpect.configure({ timeout: 30_000 })

test('an admin finds an unverified sign-up, sends it a reminder and erases it', async ({ page }) => {
  const name = 'Una Verified'
  const email = `una.unverified.${Date.now()}@example.com`
  // A sign-up that never enters its code: its email stays unverified.
  expect((await page.request.post('/api/accounts', { data: { name, email, password: 'inactive-e2e-2026' } })).status()).toBe(201)

  await useAccount(page, 'admin@example.com')
  await page.goto('/admin/inactiveusers')
  await expect(page.getByRole('heading', { name: 'Inactive users' })).toBeVisible()
  await page.getByText('Never verified', { exact: true }).first().click()
  await page.getByLabel('Search accounts').fill(email)
  await page.getByLabel('Search accounts').press('Enter')
  const table = page.getByRole('table', { name: 'Inactive accounts' })
  const row = table.getByRole('row').filter({ hasText: email })
  await expect(row).toBeVisible()
  await expect(row.getByText('Never verified')).toBeVisible()
  await expect(row.getByText('Not onboarded')).toBeVisible()
  await expectNoViolations(page, '/admin/inactiveusers')

  await row.getByRole('button', { name: `Send a reminder to ${name}` }).click()
  await expect(page.getByText(`A reminder was sent to ${name}.`)).toBeVisible()
  await expect.poll(async () => (await mailTo(page.request, email)).some((m) => m.kind === 'admin.reminder.verify' && m.subject === 'Please verify your Offerbook email')).toBe(true)

  await row.getByRole('button', { name: `Erase ${name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Erase this account?' })
  await expect(confirm.getByText(/are kept, as Tennessee law requires/)).toBeVisible()
  await expectNoViolations(page, 'the erase confirmation')
  await confirm.getByRole('button', { name: 'Erase the account' }).click()
  await expect(page.getByText(`${email} was erased.`)).toBeVisible()
  await expect(page.getByText('No account matches.')).toBeVisible()
})

test('the inactivity threshold refuses a value out of range and saves a valid one', async ({ page }) => {
  await useAccount(page, 'admin@example.com')
  await page.goto('/admin/inactiveusers')
  const days = page.getByLabel('Dormant after (days without sign-in)')
  await expect(days).toHaveValue(/\d+/)
  await days.fill('0')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('days must be at least 1')).toBeVisible()
  await days.fill('180')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Threshold saved.')).toBeVisible()
  await expect(page.getByText(/dormant after 180 days/)).toBeVisible()
})
