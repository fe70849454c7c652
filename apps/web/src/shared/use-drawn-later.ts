import { useDeferredValue } from 'react'

/**
 * Whether a screen whose data has arrived may be drawn: true one render after `ready`, in a deferred
 * render, which React draws in slices of a few milliseconds between which the browser answers input.
 * A query's answer is otherwise drawn at once, a whole page of cards in one long task (issue 36).
 */
export function useDrawnLater(ready: boolean): boolean {
  return useDeferredValue(ready, false)
}
