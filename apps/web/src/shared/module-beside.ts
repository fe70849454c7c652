import { startTransition, useEffect, useState } from 'react'
import { firstScreenAwaits } from './first-screen'
import { withTexts } from './texts-settled'

/**
 * A module a page does not need to draw, loaded beside it rather than before it (decision 086): the
 * load starts at once (when the module calling this is evaluated, i.e. with the page's code) unless
 * `eager` is false, when it starts with `start()` or the first `use()`, or `after` is given: then it
 * starts once that settles (the first screen drawn, decision 101), or sooner with `load()`. A load that failed (a network
 * error) is tried again on the next ask, and `use()` gives it to a component once it is here with the
 * texts its page asked for beside it (decision 088), or null before (with a render when it arrives). A
 * component that cannot get it throws to the page's error boundary, as a page's own failed chunk does.
 */
export function moduleBeside<T>(importer: () => Promise<T>, { eager = true, after }: { eager?: boolean; after?: () => Promise<unknown> } = {}): { load: () => Promise<T>; start: () => void; use: (now?: boolean) => T | null } {
  let loaded: T | null = null
  let loading: Promise<T> | null = null

  const arrive = withTexts(importer)
  const load = (): Promise<T> => {
    if (loading) return loading
    loading = arrive().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    firstScreenAwaits(loading)
    return loading
  }

  /** `now`: the caller draws it on its first screen, so it does not wait for `after`. */
  function use(now = false): T | null {
    const [module, setModule] = useState(loaded)
    const [failure, setFailure] = useState<{ error: unknown } | null>(null)
    useEffect(() => {
      if (module) return
      let live = true
      const arriving = after && !now && loading === null ? after().then(load, load) : load()
      arriving.then(
        // A transition: what it draws is drawn in short slices, not in one long task (issue 36).
        (arrived) => live && startTransition(() => setModule(arrived)),
        (error: unknown) => live && setFailure({ error }),
      )
      return () => {
        live = false
      }
    }, [module, now])
    if (failure) throw failure.error
    return module
  }

  const start = () => void load().catch(() => undefined)
  if (after) void after().then(start, start)
  else if (eager) start()
  return { load, start, use }
}
