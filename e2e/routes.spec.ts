import { DEMO_ACCOUNTS } from '@offerbook/domain/demo-accounts'
import type { Role } from '@offerbook/domain/roles'
import { resolveVisit, ROUTES } from '@offerbook/domain/route-access'
import type { Page } from '@playwright/test'
import { expect, samplePath, test, useAccount } from './fixtures'

const visitors: { label: string; email: string | null; roles: readonly Role[] | null }[] = [
  { label: 'an anonymous visitor', email: null, roles: null },
  ...DEMO_ACCOUNTS.map((a) => ({ label: a.email, email: a.email, roles: a.roles })),
]

/** Moves within the loaded app the way a link or the back button does: the router sees a new location. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

for (const visitor of visitors) {
  test(`every route of spec section 2 ends where the spec says for ${visitor.label}`, async ({ page, baseURL }) => {
    // Every route of the table, one after the other (60 and more visits): a long journey on a busy two-core machine.
    test.setTimeout(300_000)
    if (visitor.email) await useAccount(page, visitor.email)
    // An anonymous visitor loads each address afresh, as from a link in an email or a search result.
    // A signed-in user loads the app once, then moves within it: the guards decide in the browser
    // either way, and a full load of each address for each of the 8 accounts took 20 minutes of CI.
    let loaded = false
    for (const route of ROUTES) {
      const path = samplePath(route.path)
      const expected = resolveVisit(path, visitor.roles)
      if (visitor.email && loaded) await navigateInApp(page, path)
      else await page.goto(path)
      loaded = true
      await expect(page, `${path} for ${visitor.label}`).toHaveURL(`${baseURL}${expected.path}`)
      await expect(page.locator(`.page-${expected.route.name}`), `${path} renders ${expected.route.name}`).toBeVisible()
    }
  })
}
