import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { mailTo } from './mailbox'

/** Mantine's FileInput is a button with a hidden file input beside it. */
const csvInput = (page: Page) => page.locator('input[type="file"]')

test('a super admin imports a CSV with one bad row, follows the progress and downloads the report', async ({ page }) => {
  const stamp = Date.now()
  const first = `csv.one.${stamp}@example.com`
  const second = `csv.two.${stamp}@example.com`
  const csv = [
    'email,name,phone,roles,language',
    `${first},Ona Csv,,BUYER_SIMPLE,en-us`,
    `${second},"Tomás, Csv",,SELLER_AGENT;BUYER_AGENT,es-es`,
    `csv.bad.${stamp}@example.com,Bad Phone,12345,BUYER_SIMPLE,en-us`,
  ].join('\n')

  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/import-users')
  await expect(page.getByRole('heading', { name: 'Import users' })).toBeVisible()
  await expectNoViolations(page, '/admin/import-users')

  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByText('Choose a CSV file to upload')).toBeVisible()

  await csvInput(page).setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('heading', { name: 'Preview of people.csv' })).toBeVisible()
  await expect(page.getByTestId('user-import-total')).toHaveText('3')
  await expect(page.getByTestId('user-import-valid')).toHaveText('2')
  const problems = page.getByRole('table', { name: 'Problems by line' })
  const bad = problems.getByRole('row').filter({ hasText: 'Not a valid phone number' })
  await expect(bad).toHaveCount(1)
  await expect(bad.getByRole('cell').nth(0)).toHaveText('4')
  await expect(bad.getByRole('cell').nth(1)).toHaveText('phone')
  await expectNoViolations(page, 'the import preview')

  await page.getByRole('radio', { name: "Update the account's name, phone, roles and language" }).check()
  await page.getByRole('button', { name: 'Import 2 rows' }).click()
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible()
  await expect(page.getByTestId('user-import-progress')).toHaveText('3 of 3 rows done')
  await expect(page.getByTestId('user-import-created')).toHaveText('2')
  await expect(page.getByTestId('user-import-invalid')).toHaveText('1')
  await expectNoViolations(page, 'the finished import')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()])
  expect(download.suggestedFilename()).toBe('people-report.csv')
  const report = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '')
  expect(report.split('\r\n').filter(Boolean)).toEqual([
    'email,name,phone,roles,language,outcome,message',
    `${first},Ona Csv,,BUYER_SIMPLE,en-us,created,`,
    `${second},"Tomás, Csv",,SELLER_AGENT;BUYER_AGENT,es-es,created,`,
    `csv.bad.${stamp}@example.com,Bad Phone,12345,BUYER_SIMPLE,en-us,invalid,phone: Not a valid phone number; write it as (615) 555-0123 or +16155550123`,
  ])

  // Each new user is invited in the row's language, with the link to set a password.
  await expect.poll(async () => (await mailTo(page.request, second)).find((m) => m.kind === 'user-import.invitation')?.subject).toBe('Tiene una cuenta en Offerbook')
  expect((await mailTo(page.request, first)).find((m) => m.kind === 'user-import.invitation')?.text).toContain(`/recovery?email=${encodeURIComponent(first)}`)
})

test('a refused file says why', async ({ page }) => {
  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/import-users')
  await csvInput(page).setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('email,shoe_size\nx@example.com,9\n') })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The file has columns this import does not know: shoe_size.' })).toBeVisible()
})
