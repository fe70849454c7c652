/**
 * Loads under way, counted until each settles (arrived or failed), and a way to wait until none is
 * left: the page's chunks (app/lazy-page.tsx), the texts (texts-settled.ts), and the page's parts
 * asked before its first screen is drawn (first-screen.ts).
 */
export function loadsInFlight(): { add: (load: Promise<unknown>) => void; settled: () => Promise<void> } {
  const inFlight = new Set<Promise<unknown>>()
  return {
    add(load) {
      const settled = load.then(
        () => undefined,
        () => undefined,
      )
      inFlight.add(settled)
      void settled.then(() => inFlight.delete(settled))
    },
    // A load added while waiting is waited for too.
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
