import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { test as base, expect } from '@playwright/test'
import { DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { SIGNED_IN_HINT_COOKIE } from '@offerbook/domain/stored-session'

/**
 * Chromium logs every response of 4xx as "Failed to load resource: the server responded with a status
 * of 4xx". The app meets 4xx as part of its flows (a signed-out visitor's session check, a refused
 * form, an offer that is not yours), and each test checks what the page does with them; so those lines
 * alone are let through. A 5xx, a network failure and every other error line still fail the test.
 */
const CLIENT_ERROR_RESPONSE = /^Failed to load resource: the server responded with a status of 4\d\d\b/

/** Errors the running test said it causes on purpose (expectConsoleError); the worker runs one test at a time. */
let expectedErrors: RegExp[] = []

/**
 * Declares a console error or uncaught exception the test causes on purpose: lines that match
 * `pattern` do not fail it. Call it before the action that causes them.
 */
export function expectConsoleError(pattern: RegExp): void {
  expectedErrors.push(pattern)
}

/** A console error line or an uncaught exception's message, and where it came from. */
type PageError = { text: string; source: string }

/**
 * A page's breach of the Content-Security-Policy is an error too: the browser reports it as an event,
 * not always as a console line (a `new Function` tried inside a try, a style or frame refused), so each
 * page of the context says it on its console.
 */
function reportPolicyViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => console.error(`Content-Security-Policy violation: ${event.violatedDirective} refused ${event.blockedURI || 'an inline script or eval'} (${event.sourceFile}:${event.lineNumber})`))
}

async function watch(context: BrowserContext, errors: PageError[]): Promise<void> {
  await context.addInitScript(reportPolicyViolations)
  context.on('weberror', (error) => errors.push({ text: error.error().message, source: `uncaught ${error.error().name} on ${error.page()?.url() ?? 'a closed page'}` }))
  context.on('console', (line) => {
    if (line.type() !== 'error' || CLIENT_ERROR_RESPONSE.test(line.text())) return
    errors.push({ text: line.text(), source: `console error on ${line.page()?.url() ?? 'a closed page'}` })
  })
}

/**
 * Every test fails, after it ran, on a console error or an uncaught exception in any of its pages
 * that it did not declare with expectConsoleError: in the default context and in every context the
 * test opens with browser.newContext() (a second user, an anonymous signer).
 */
export const test = base.extend<{ consoleErrors: PageError[]; page: Page }>({
  // A page of the public shell comes from the server as HTML and then comes to life (decision 034): a
  // test acts once it has, as a person does when the page answers (html[data-hydrated]).
  page: async ({ page }, use) => {
    const live = () => page.waitForFunction(() => document.documentElement.dataset.shell !== 'public' || document.documentElement.dataset.hydrated !== undefined, undefined, { timeout: 30_000 })
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await live()
      return response
    }
    const reload = page.reload.bind(page)
    page.reload = async (options) => {
      const response = await reload(options)
      await live()
      return response
    }
    await use(page)
  },
  consoleErrors: [
    async ({ context, browser }, use) => {
      const errors: PageError[] = []
      expectedErrors = []
      await watch(context, errors)
      // The browser belongs to the worker; its newContext is wrapped for this test only.
      const newContext = browser.newContext
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options)
        await watch(opened, errors)
        return opened
      }
      try {
        await use(errors)
      } finally {
        browser.newContext = newContext
      }
      const unexpected = errors.filter((error) => !expectedErrors.some((pattern) => pattern.test(error.text))).map((error) => `${error.text} (${error.source})`)
      expect(unexpected, 'console errors and uncaught exceptions the test did not expect').toEqual([])
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
  // As a browser that signed in has it (shared/session.ts): the server sends the whole app at once.
  await page.context().addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: base.info().project.use.baseURL ?? '' }])
  await page.addInitScript(
    ([key, value]) => {
      // The page's own document only: a frame inside it (a PDF shown in a dialog) may have no storage to read.
      if (window !== window.top) return
      if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!)
    },
    [SESSION_STORAGE_KEY, JSON.stringify({ accessToken, persist: true })],
  )
}

/** A page signed in as a demo account in a browser context of its own: another user beside the test's page. Close its context when done. */
export async function pageSignedInAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await useAccount(page, email)
  return page
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

/**
 * Types into a field key by key, as a person does, once the field takes input. A field whose code
 * is still on its way (the phone input's number data) stands disabled in its place; keys sent to it
 * would be lost, and `pressSequentially` does not wait for the field to be enabled as `fill` does.
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await expect(field).toBeEditable()
  await field.pressSequentially(text)
}
