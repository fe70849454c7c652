import { expectNoViolations } from './axe'
import { apiSignIn, apiToken, expect, test, useAccount } from './fixtures'

const AGENT = 'buyer-agent@example.com'
const MLS_MESSAGE = 'Lead agent MLS ID must be: state code - license number (e.g., TN-123456)'

test('a buyer agent changes the MLS ID on the profile, and the import goes by the new one', async ({ page }) => {
  const token = await apiSignIn(page, AGENT)
  const headers = { authorization: `Bearer ${token}` }
  const before = (await (await page.request.get('/api/me', { headers })).json()) as { user: { sellerAgentId: string | null } }
  // Unique to this run, so the import page cannot be showing an earlier one.
  const mlsId = `TN-${Date.now().toString(36).toUpperCase()}`

  try {
    await useAccount(page, AGENT)
    await page.goto('/profile')
    const form = page.getByRole('form', { name: 'Profile details' })
    const field = form.getByRole('textbox', { name: /^Lead agent MLS ID/ })
    await expect(field).toHaveValue(before.user.sellerAgentId ?? '')
    await expect(form.getByRole('textbox', { name: /^NRDS number/ })).toHaveValue(/^\d{9}$/)
    await expectNoViolations(page, 'the profile of an agent')

    await field.fill('tn-654321')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(form.getByText(MLS_MESSAGE)).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')

    await field.fill('')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(form.getByText('Required')).toBeVisible()

    await field.fill(mlsId)
    await form.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Your profile has been saved.')).toBeVisible()
    await expect(form.getByText(MLS_MESSAGE)).toHaveCount(0)

    // The profile keeps it after a reload.
    await page.reload()
    await expect(page.getByRole('form', { name: 'Profile details' }).getByRole('textbox', { name: /^Lead agent MLS ID/ })).toHaveValue(mlsId)

    await page.goto('/add-listing/import/list')
    // With or without an MLS feed on the server, the page names the MLS ID the import goes by.
    await expect(page.getByText(new RegExp(`${mlsId}\\.`))).toBeVisible()
    await page.getByRole('link', { name: 'Change your MLS ID on your profile' }).click()
    await expect(page).toHaveURL(/\/profile$/)
  } finally {
    // The demo account is shared with other journeys: it gets its MLS ID back.
    if (before.user.sellerAgentId) {
      const restored = await page.request.patch('/api/me', { headers, data: { sellerAgentId: before.user.sellerAgentId } })
      expect(restored.status()).toBe(200)
    }
  }
})

test('the API refuses an MLS ID from someone who is not an agent, and a bad one from an agent, with the spec message', async ({ request }) => {
  const ownerToken = await apiToken(request, 'seller-owner@example.com')
  const refused = await request.patch('/api/me', { headers: { authorization: `Bearer ${ownerToken}` }, data: { sellerAgentId: 'TN-654321' } })
  expect(refused.status()).toBe(400)
  expect(await refused.json()).toMatchObject({ message: 'Only agents have an NRDS number and MLS ID', errors: [{ path: 'sellerAgentId' }] })

  const agentToken = await apiToken(request, AGENT)
  const bad = await request.patch('/api/me', { headers: { authorization: `Bearer ${agentToken}` }, data: { sellerAgentId: 'TN654321' } })
  expect(bad.status()).toBe(400)
  expect(await bad.json()).toMatchObject({ message: MLS_MESSAGE, errors: [{ path: 'sellerAgentId', message: MLS_MESSAGE }] })
})

test('an agent makes an API key on the profile, reads with it, and revokes it', async ({ page }) => {
  const name = `Back office ${Date.now().toString(36)}`
  await useAccount(page, AGENT)
  await page.goto('/profile')
  const form = page.getByRole('form', { name: 'New API key' })
  await form.getByRole('textbox', { name: /^Name/ }).fill(name)
  await form.getByRole('checkbox', { name: /^Read listings/ }).check()
  await form.getByRole('button', { name: 'Create API key' }).click()
  const shown = page.getByRole('textbox', { name: 'Your new API key' })
  await expect(shown).toHaveValue(/^obk_/)
  const key = await shown.inputValue()
  await expectNoViolations(page, 'the profile with a new API key')

  const withKey = { authorization: `Bearer ${key}` }
  expect((await page.request.get('/api/listings/mine', { headers: withKey })).status()).toBe(200)
  // The pages' own endpoints never take a key.
  expect((await page.request.get('/api/me', { headers: withKey })).status()).toBe(403)

  await page.getByRole('button', { name: 'I have copied it' }).click()
  await expect(shown).toHaveCount(0)
  await page.getByRole('button', { name: `Revoke API key: ${name}` }).click()
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText(`API key “${name}” revoked`)).toBeVisible()
  expect((await page.request.get('/api/listings/mine', { headers: withKey })).status()).toBe(401)
})
