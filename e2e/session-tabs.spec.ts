import type { Page } from '@playwright/test'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { expect, test } from './fixtures'

/** What this page keeps under the session key in each storage. */
async function stored(page: Page): Promise<{ local: string | null; tab: string | null }> {
  return page.evaluate((key) => ({ local: localStorage.getItem(key), tab: sessionStorage.getItem(key) }), SESSION_STORAGE_KEY)
}

test('without remember me a new tab shares the session, and signing out in it signs the first tab out', async ({ page, context, baseURL }) => {
  await page.goto('/auth/sign-in')
  await page.getByLabel('Email').fill('buyer-simple@example.com')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await expect(page.getByLabel('Remember me')).not.toBeChecked()
  await page.getByRole('button', { name: 'Sign in' }).click()
  // First loads on a busy machine take long, as in the suite's other first loads.
  await expect(page.locator('.page-dashboard')).toBeVisible({ timeout: 30_000 })

  // The fixture watches every page of the context for console errors, this one and the third too.
  const second = await context.newPage()
  await second.goto('/profile')
  await expect(second.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible({ timeout: 30_000 })
  await expect(second).toHaveURL(`${baseURL}/profile`)

  // One session, two tabs: the device list has this browser once, as this device. Other rows (this demo
  // account's sessions from other tests) carry 'Sign out this device', so the badge is matched exactly.
  const devices = second.getByRole('list', { name: 'Signed-in devices' })
  await expect(devices.getByRole('listitem').filter({ has: second.getByText('This device', { exact: true }) })).toHaveCount(1, { timeout: 30_000 })

  for (const tab of [page, second]) {
    const { local, tab: inTab } = await stored(tab)
    expect(local).toBeNull()
    expect(JSON.parse(inTab ?? 'null')).toMatchObject({ persist: false })
  }
  expect((await stored(second)).tab).toBe((await stored(page)).tab)

  await second.getByRole('button', { name: 'Account menu: Ben Buyer' }).click()
  await second.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(second).toHaveURL(new RegExp(`^${baseURL}/auth/sign-in`))

  // The first tab, still on its protected page, is sent to sign-in without the user doing anything.
  await expect(page).toHaveURL(`${baseURL}/auth/sign-in?redirect=%2Fdashboard`)
  await expect(page.getByLabel('Email')).toBeVisible()
  expect(await stored(page)).toEqual({ local: null, tab: null })

  // With no tab signed in any more, a new one has nobody to ask and goes to sign-in.
  const third = await context.newPage()
  await third.goto('/profile')
  await expect(third).toHaveURL(`${baseURL}/auth/sign-in?redirect=%2Fprofile`)
})
