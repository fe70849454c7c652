import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { expect, test, typeInto } from './fixtures'
import { latestCode, mailTo } from './mailbox'

test('a newcomer signs up with an emailed code, onboards as a buyer agent, and recovers the password', async ({ page, baseURL }) => {
  const email = `casey.${Date.now()}@example.com`
  const firstPassword = 'first-password-2026'
  const newPassword = 'second-password-2026'

  await page.goto('/auth/sign-up')
  await page.getByLabel('Full name').fill('Casey Newcomer')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill(firstPassword)
  await page.getByLabel(/^Confirm password/).fill(firstPassword)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByText(`Enter the 6-digit code we sent to ${email}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled()
  await page.getByLabel('Verification code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Invalid or expired code').first()).toBeVisible()
  await page.getByLabel('Verification code').fill(await latestCode(page.request, email, /verification/))
  await page.getByRole('button', { name: 'Verify' }).click()

  await expect(page).toHaveURL(`${baseURL}/onboarding/welcome`)
  await page.getByRole('button', { name: 'Get started' }).click()
  await page.getByRole('radio', { name: 'I am a buyer agent' }).check()
  await page.getByRole('button', { name: 'Next' }).click()
  const details = page.getByRole('form', { name: 'Your details' })
  await details.getByLabel('NRDS number').fill('123456789')
  await details.getByLabel('Lead agent MLS ID').fill('tn-123456')
  await typeInto(details.getByRole('textbox', { name: 'Phone' }), `615555${String(Date.now()).slice(-4)}`)
  await details.getByLabel('ZIP code').fill('37203')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByText('Lead agent MLS ID must be: state code - license number (e.g., TN-123456)').first()).toBeVisible()
  await details.getByLabel('Lead agent MLS ID').fill('TN-123456')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to my home' }).click()
  await expect(page.locator('.page-dashboard')).toBeVisible()
  // A buyer agent may now open what the spec gives that role.
  await page.goto('/add-listing/import')
  await expect(page).toHaveURL(`${baseURL}/add-listing/import/list`)

  await page.getByRole('button', { name: 'Account menu: Casey Newcomer' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/auth/sign-in`))

  await page.goto('/auth/recovery')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('Please check your email for the verification code and reset your password').first()).toBeVisible()
  await page.getByLabel('Verification code').fill(await latestCode(page.request, email, /reset/))
  await page.getByLabel(/^New password/).fill(newPassword)
  await page.getByLabel(/^Confirm new password/).fill(newPassword)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await page.getByRole('link', { name: 'Sign in' }).first().click()

  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByLabel('Password').fill(firstPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect e-mail/password combination' }).first()).toBeVisible()
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.locator('.page-dashboard')).toBeVisible()
})

test('signing up with an address already in use says so', async ({ page }) => {
  await page.goto('/auth/sign-up')
  await page.getByLabel('Full name').fill('Ben Again')
  await page.getByLabel('Email').fill('buyer-simple@example.com')
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD)
  await page.getByLabel(/^Confirm password/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Email already in use').first()).toBeVisible()
})

test('an unverified account cannot sign in until its code is entered', async ({ page, baseURL }) => {
  const email = `unverified.${Date.now()}@example.com`
  const created = await page.request.post('/api/accounts', { data: { name: 'Una Verified', email, password: 'unverified-2026' } })
  expect(created.status()).toBe(201)
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('unverified-2026')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Please check your email for the verification link').first()).toBeVisible()
  await page.getByRole('link', { name: 'Enter your code' }).click()
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/auth/sign-up\\?verify=`))
  await page.getByLabel('Verification code').fill(await latestCode(page.request, email, /verification/))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(`${baseURL}/onboarding/welcome`)
})

test('a signed-in user edits the profile and asks for principal-broker access', async ({ page }) => {
  const email = `pat.${Date.now()}@example.com`
  await page.request.post('/api/accounts', { data: { name: 'Pat Profile', email, password: 'profile-pass-2026' } })
  const code = await latestCode(page.request, email, /verification/)
  const session = await page.request.post('/api/accounts/verify', { data: { email, code, persist: true } })
  const { accessToken } = (await session.json()) as { accessToken: string }
  await page.request.put('/api/me/onboarding', { data: { kind: 'SELLER_OWNER' }, headers: { Authorization: `Bearer ${accessToken}` } })
  await page.addInitScript((token) => {
    if (!localStorage.getItem('offerbook.session')) localStorage.setItem('offerbook.session', JSON.stringify({ accessToken: token, persist: true }))
  }, accessToken)

  await page.goto('/profile')
  await page.getByLabel('Full name').fill('Pat Profiled')
  await page.getByLabel('ZIP code').fill('37203')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('button', { name: 'Account menu: Pat Profiled' })).toBeVisible()

  await page.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG })
  await expect(page.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /\/api\/files\//)

  await page.getByRole('button', { name: 'Request principal broker access' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByText('Pending', { exact: true })).toBeVisible()
  expect((await mailTo(page.request, 'admin@example.com')).some((m) => m.text.includes('Pat Profiled'))).toBe(true)
})

// A valid 1x1 PNG.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
