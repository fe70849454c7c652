import type { APIRequestContext, Page } from '@playwright/test'
import { test as base, expect } from '@playwright/test'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'

/** A page that fails its test on any console error or uncaught exception the user did not cause on purpose. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
      page.on('console', (msg) => {
        // The browser logs every 4xx response; the app's handling of those is what the tests check.
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text())
      })
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

/**
 * Sessions this worker already opened, by account and persistence. The API limits sign-ins per account
 * (20 in 15 minutes) as it would for a person; a whole suite signing the same demo accounts in for each
 * test would meet that limit, so a session still valid is used again.
 */
const openSessions = new Map<string, string>()

/** Signs a demo account in through the API and hands back its bearer token; persist asks for a remembered (longer) session. */
export async function apiToken(request: APIRequestContext, email: string, { persist = false }: { persist?: boolean } = {}): Promise<string> {
  const key = `${email} ${persist}`
  const open = openSessions.get(key)
  if (open && (await request.get('/api/me', { headers: { Authorization: `Bearer ${open}` } })).status() === 200) return open
  const res = await request.post('/api/session', { data: { email, password: DEMO_PASSWORD, persist } })
  expect(res.status(), `sign-in of ${email}`).toBe(200)
  const body = (await res.json()) as { accessToken: string }
  openSessions.set(key, body.accessToken)
  return body.accessToken
}

/** The bearer token of a remembered session of a demo account, asked for with the page's own request context. */
export async function apiSignIn(page: Page, email: string): Promise<string> {
  return apiToken(page.request, email, { persist: true })
}

/** Signs the page in as a demo account the way the app stores a remembered session. */
export async function useAccount(page: Page, email: string): Promise<void> {
  const accessToken = await apiSignIn(page, email)
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!)
    },
    [SESSION_STORAGE_KEY, JSON.stringify({ accessToken, persist: true })],
  )
}

/** A concrete path for a route pattern, with sample values for its parameters. */
export function samplePath(pattern: string): string {
  if (pattern === '*') return '/no-such-page'
  const samples: Record<string, string> = {
    id: 'demo-1',
    offerId: 'offer-1',
    signerId: 'signer-1',
    documentId: 'document-1',
    status: 'all',
    type: 'all',
  }
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    if (key === 'step') return pattern.startsWith('/onboarding') ? 'welcome' : pattern.includes('import') ? 'list' : 'pricing'
    return samples[key] ?? key
  })
}
