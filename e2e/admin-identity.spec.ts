import type { Page } from '@playwright/test'
import { expectNoViolations } from './axe'
import { expect, test, useAccount } from './fixtures'
import { mailTo } from './mailbox'

/** Mantine's FileInput is a button opening the file chooser. */
async function chooseFile(page: Page, content: unknown): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /Users JSON file/ }).click()])
  await chooser.setFiles({ name: 'users.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) })
}

test('a super admin sees the provider is not configured and imports a Firebase export without hash parameters', async ({ page }) => {
  const stamp = Date.now()
  const invited = `firebase.${stamp}@example.com`
  const exported = {
    users: [
      { localId: `fb-${stamp}-1`, email: invited, emailVerified: true, displayName: 'Fira Base', createdAt: '1508893925000' },
      { localId: `fb-${stamp}-2`, email: 'seller-agent@example.com', emailVerified: true },
      { localId: `fb-${stamp}-3`, displayName: 'No Email' },
    ],
  }

  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/firebase')
  await expect(page.getByRole('heading', { name: 'Identity provider' })).toBeVisible({ timeout: 30_000 })
  // The e2e server runs without OIDC: the page says so, and still gives the callback URL to register.
  await expect(page.getByText('Not configured', { exact: true })).toBeVisible()
  await expect(page.getByText(/\/api\/auth\/callback\/oidc$/)).toBeVisible()
  await expect(page.getByText('No account is linked to the provider.')).toBeVisible()
  await expectNoViolations(page, '/admin/firebase')

  await page.getByRole('button', { name: 'Check now' }).click()
  await expect(page.getByText('No identity provider is configured', { exact: true })).toBeVisible()

  await chooseFile(page, exported)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  const result = page.getByTestId('identity-import-result')
  await expect(result.getByText('1 user created')).toBeVisible()
  await expect(result.getByText('1 skipped (e-mail already has an account)')).toBeVisible()
  await expect(result.getByText('1 e-mailed to set a password')).toBeVisible()
  const problems = page.getByRole('table', { name: 'Problems by user' })
  await expect(problems.getByRole('row').filter({ hasText: 'This user has no e-mail address' })).toBeVisible()
  await expectNoViolations(page, 'the import result')
  await expect.poll(async () => (await mailTo(page.request, invited)).some((m) => m.kind === 'account.password-reset-code')).toBe(true)
})

test('a refused file says why; the document seal is the next page', async ({ page }) => {
  await useAccount(page, 'super-admin@example.com')
  await page.goto('/admin/firebase')
  await expect(page.getByRole('heading', { name: 'Identity provider' })).toBeVisible({ timeout: 30_000 })
  await chooseFile(page, { accounts: [] })
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('The file must be a Firebase Authentication export with a list of users')).toBeVisible()
  await page.getByLabel('Rounds').fill('99')
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByText('Rounds must be a whole number from 1 to 16')).toBeVisible()

  // The document seal is the identity provider's neighbour in the admin navigation. The e2e server
  // seals with the self-signed default and no timestamp authority.
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Document seal' }).click()
  await expect(page.getByRole('heading', { name: 'Document seal', level: 2 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'The sealing certificate' }).getByText(/CN=Offerbook document sealing/).first()).toBeVisible()
  await expect(page.getByText('This certificate is self-signed')).toBeVisible()
  await expect(page.getByText('No timestamp authority is configured')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Sealed packets per PAdES level' })).toBeVisible()
  await expectNoViolations(page, '/admin/sealing')
})
