import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

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

afterEach(() => {
  cleanup()
  if (!inBrowser) return
  window.localStorage.clear()
  window.sessionStorage.clear()
})
