import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'

// The e2e server runs without MLS_GRID_URL / MLS_GRID_TOKEN: the page says so and cannot run.
test('a super admin sees the MLS Grid replication is not configured, schedules it and finds no replicated listings', async ({ page }) => {
  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/mls-grid-listing')
  await expect(page.getByRole('heading', { name: 'MLS Grid feed', level: 2 })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Not configured', { exact: true })).toBeVisible()
  await expect(page.getByText('set MLS_GRID_URL and MLS_GRID_TOKEN')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Run now' })).toBeDisabled()
  await expect(page.getByText('No replicated listings match.')).toBeVisible()
  await expectNoViolations(page, '/admin/mls-grid-listing')

  // The schedule: out of range is refused in the form, a valid one is saved and shown, then turned off.
  const minutes = page.getByRole('textbox', { name: 'Every (minutes)' })
  await minutes.fill('3')
  await page.getByRole('button', { name: 'Save schedule' }).click()
  await expect(page.getByText('Enter from 5 to 1440 minutes')).toBeVisible()
  await minutes.fill('30')
  await page.getByRole('button', { name: 'Save schedule' }).click()
  await expect(page.getByText('Runs every 30 minutes.')).toBeVisible()
  await page.getByRole('button', { name: 'Turn off' }).click()
  await expect(page.getByText('Runs only when started by hand.')).toBeVisible()
})
