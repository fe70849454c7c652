// A task for the browser's first idle moment after the page has loaded: the chat's panel (chat-launcher.tsx)
// and pdf.js on the signer's page (signer-flow.tsx), which nobody waits for on the first screen.

const IDLE_FALLBACK_MS = 1_500

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void }

/** Runs `task` once the page has loaded and the browser has a moment; returns the cancel function. */
export function whenIdleAfterLoad(task: () => void): () => void {
  const win = window as IdleWindow
  let cancelIdle = () => {}
  const schedule = () => {
    if (win.requestIdleCallback) {
      const id = win.requestIdleCallback(task, { timeout: 5_000 })
      cancelIdle = () => win.cancelIdleCallback?.(id)
    } else {
      // No idle callback (Safari): a moment after load, when the page's own requests are usually done.
      const id = window.setTimeout(task, IDLE_FALLBACK_MS)
      cancelIdle = () => window.clearTimeout(id)
    }
  }
  if (document.readyState === 'complete') {
    schedule()
    return () => cancelIdle()
  }
  window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    cancelIdle()
  }
}
