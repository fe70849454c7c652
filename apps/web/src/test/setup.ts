import { format } from 'node:util'
import { notifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import type { MockInstance } from 'vitest'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { pageLoadsSettled } from '../app/lazy-page'
import { i18n } from '../shared/i18n/i18n'
import { resetSessionState } from '../shared/session'
import { undoTestLeftovers } from './after-test'
import { loadLazyChrome } from './lazy-chrome'
import { moduleLoadsSettled } from './module-loads'

// findBy* and waitFor wait up to 5 s, not 1 s: a Mantine modal's closing transition, with the two
// cores shared by two test workers, can take longer than a second. What never happens still fails.
configure({ asyncUtilTimeout: 5_000 })

// A test file may run without a browser (`@vitest-environment node`: what prerendering sees).
const inBrowser = typeof window !== 'undefined'

// jsdom lacks the media and layout APIs Mantine reads.
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

if (inBrowser && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
}

if (inBrowser) window.scrollTo = () => {}

// jsdom has no CSS Font Loading API; an autosizing textarea listens for fonts that finish loading.
if (inBrowser && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } })
}

// The app's providers load the notices' corner and the dialog after their first render. They load here,
// once per file, so a test on a fake clock does not meet them finishing in the middle of its steps.
if (inBrowser) beforeAll(loadLazyChrome)

/** A spy, or a fake timer (@sinonjs/fake-timers marks each with its clock). */
const notReal = (timer: object): boolean => vi.isMockFunction(timer) || 'clock' in timer

// The files of a worker share their modules and globals (vitest.config.ts): what a file stubbed or
// spied on is put back at its end, so the next file meets the browser as jsdom made it.
afterAll(async () => {
  await moduleLoadsSettled()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // A spy put on a timer while the clock was fake outlives vi.useRealTimers(): the next file's dialogs
  // would wait forever on a timer that never fires. The file that does it fails, not the next one.
  if (inBrowser && [window.setTimeout, window.setInterval].some(notReal)) {
    throw new Error('A timer of window is still fake at the end of this file: restore its spies (vi.restoreAllMocks()) before vi.useRealTimers().')
  }
})

// A console.error nobody expected (React's warnings about keys, act, props; a failed render) fails the
// test that caused it. A test that expects one says so by replacing it: vi.spyOn(console, 'error').mockImplementation(…).
let consoleErrors: string[] = []
let consoleErrorSpy: MockInstance<typeof console.error> | null = null
beforeEach(() => {
  consoleErrors = []
  const seen = consoleErrors
  consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    seen.push(format(...args))
  })
})

afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  // A page module the test began to load finishes here, before the next test renders, not in it.
  await pageLoadsSettled()
  // These outlive a test, and the next test of the file must not meet them: Mantine's notification
  // store (what one test showed must not fill the next one's queue), the query clients, the session
  // module with its channel to other tabs, and the language.
  notifications.clean()
  undoTestLeftovers()
  resetSessionState()
  if (i18n.isInitialized && i18n.language !== 'en-us') await i18n.changeLanguage('en-us')
  consoleErrorSpy?.mockRestore()
  consoleErrorSpy = null
  if (inBrowser) {
    window.localStorage.clear()
    window.sessionStorage.clear()
  }
  if (consoleErrors.length > 0) throw new Error(`console.error was called, unexpectedly:\n${consoleErrors.join('\n---\n')}`)
})
