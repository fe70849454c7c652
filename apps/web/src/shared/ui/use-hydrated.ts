import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False in a render to a string (the prerender) and in the render that hydrates it, true after: a
 * part that suspends (a lazy chunk) mounts only then, so hydration finds the HTML the prerender wrote
 * instead of a Suspense boundary the server could not finish (React error 419).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
