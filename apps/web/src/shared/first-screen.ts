import { startTransition, useEffect, useState } from 'react'
import { loadsInFlight } from './loads-in-flight'

/**
 * Whether the whole app's first screen is drawn (decision 090). The app's start holds it (boot.tsx)
 * until the page's code is here, its first answers are in and rendered, and the browser is idle; the
 * frame's parts nobody reads first (the bell, the user menu, the notices' corner, the dialog host) and
 * the rest of the language wait for it, so they share neither the network nor the main thread with
 * the first screen. Without a hold (the public shell, tests) it is drawn from the start.
 */
let drawn = true
const listeners = new Set<() => void>()
let waiting: Array<() => void> = []

/** The app's start: the first screen is not drawn yet. */
export function holdFirstScreen(): void {
  drawn = false
}

/** The app's start: the first screen is drawn; what waited for it goes on. */
export function markFirstScreenDrawn(): void {
  if (drawn) return
  drawn = true
  for (const resume of waiting) resume()
  waiting = []
  for (const listener of listeners) listener()
}

/** The loads of the page's parts (moduleBeside) asked before the first screen is drawn, still on their way. */
const partsLoading = loadsInFlight()

/**
 * A part of the page (moduleBeside) is loading: while the first screen is not drawn yet, it waits for
 * it, as for the page's own code. A part drawn on the first screen (the negotiation panel over the
 * offer's terms) is on its way then, and the rest of the language and the frame's later parts must not
 * share the network with it (decision 101).
 */
export function firstScreenAwaits(load: Promise<unknown>): void {
  if (!drawn) partsLoading.add(load)
}

/** The app's start: the parts asked before the first screen have all arrived (or failed). */
export function firstScreenPartsSettled(): Promise<void> {
  return partsLoading.settled()
}

export function firstScreenDrawn(): Promise<void> {
  return drawn ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))
}

/**
 * For a part that mounts once the first screen is drawn. The parts that wait (the bell, the user menu,
 * the dialog host, the notices' corner) mount in a transition, drawn in slices of a few milliseconds:
 * an external store's change would draw them all in one task, which is the page's longest after its
 * first paint (decision 090).
 */
export function useFirstScreenDrawn(): boolean {
  const [shown, setShown] = useState(drawn)
  useEffect(() => {
    if (shown) return
    const show = () => startTransition(() => setShown(true))
    if (drawn) return show()
    listeners.add(show)
    return () => {
      listeners.delete(show)
    }
  }, [shown])
  return shown
}
