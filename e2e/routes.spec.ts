import { DEMO_ACCOUNTS } from '@offerbook/domain/demo-accounts'
import type { Role } from '@offerbook/domain/roles'
import { resolveVisit, ROUTES } from '@offerbook/domain/route-access'
import { expect, samplePath, test, useAccount } from './fixtures'

const visitors: { label: string; email: string | null; roles: readonly Role[] | null }[] = [
  { label: 'an anonymous visitor', email: null, roles: null },
  ...DEMO_ACCOUNTS.map((a) => ({ label: a.email, email: a.email, roles: a.roles })),
]

for (const visitor of visitors) {
  test(`every route of spec section 2 ends where the spec says for ${visitor.label}`, async ({ page, baseURL }) => {
    // Every route of the table, one after the other (60 and more page loads): a long journey on a busy two-core machine.
    test.setTimeout(300_000)
    if (visitor.email) await useAccount(page, visitor.email)
    for (const route of ROUTES) {
      const path = samplePath(route.path)
      const expected = resolveVisit(path, visitor.roles)
      await page.goto(path)
      await expect(page, `${path} for ${visitor.label}`).toHaveURL(`${baseURL}${expected.path}`)
      await expect(page.locator(`.page-${expected.route.name}`), `${path} renders ${expected.route.name}`).toBeVisible()
    }
  })
}
