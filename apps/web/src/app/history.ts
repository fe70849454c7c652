import type { BlockedNavigation, NavigateOptions, NavigationLocation, ShouldBlock } from '../shared/navigation'

/**
 * The whole app's history (decision 084): the browser's, or one in memory for tests and the server's
 * render. It moves between entries, tells its listeners, and holds back a navigation a blocker stops
 * (unsaved changes), the browser's Back and Forward buttons included.
 */
export type AppHistory = {
  readonly location: NavigationLocation
  navigate: (to: string | number, options?: NavigateOptions) => void
  /** Calls `listener` after each move; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
  block: (shouldBlock: ShouldBlock, onBlocked: (navigation: BlockedNavigation) => void) => () => void
}

/** An entry: where, and its position in this tab's history (to undo a Back a blocker stops). */
type Entry = { location: NavigationLocation; index: number | null }

/** Where the entries live: the browser's history, or an array. */
type Driver = {
  current: () => Entry
  write: (entry: Entry & { index: number }, replace: boolean) => void
  go: (delta: number) => void
  /** Calls `onPop` when the person (or `go`) moved to another entry; returns the stop. */
  listen: (onPop: (entry: Entry) => void) => () => void
  /** The URL a relative path is read against. */
  base: () => string
  /** Leaves for another site. */
  leave: (href: string) => void
}

type Blocker = { shouldBlock: ShouldBlock; onBlocked: (navigation: BlockedNavigation) => void }

/** What the browser's history.state holds for an entry of this app. */
type EntryState = { index: number; state: unknown }

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && typeof (value as EntryState).index === 'number'
}

let moves = 0

function locationOf(url: URL, state: unknown): NavigationLocation {
  moves += 1
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: moves.toString(36) }
}

function hrefOf(location: NavigationLocation): string {
  return `${location.pathname}${location.search}${location.hash}`
}

function createHistory(driver: Driver): AppHistory {
  let entry = driver.current()
  const listeners = new Set<() => void>()
  const blockers: Blocker[] = []
  // A move the history made itself: back to where a stopped Back or Forward started, or on with it once allowed.
  let undoing = false
  let allowed = false

  const emit = () => {
    for (const listener of [...listeners]) listener()
  }
  const blockerFor = (next: NavigationLocation) => blockers.find((blocker) => blocker.shouldBlock(entry.location, next))

  function commit(location: NavigationLocation, replace: boolean) {
    const index = (entry.index ?? 0) + (replace ? 0 : 1)
    driver.write({ location, index }, replace)
    entry = { location, index }
    emit()
  }

  driver.listen((popped) => {
    if (undoing) {
      undoing = false
      return
    }
    if (allowed) {
      allowed = false
      entry = popped
      emit()
      return
    }
    const blocker = blockerFor(popped.location)
    const delta = entry.index !== null && popped.index !== null ? entry.index - popped.index : null
    // An entry this history did not write has no position: it cannot be undone, so it is not held back.
    if (!blocker || delta === null || delta === 0) {
      entry = popped
      emit()
      return
    }
    undoing = true
    driver.go(delta)
    blocker.onBlocked({
      location: popped.location,
      proceed: () => {
        allowed = true
        driver.go(-delta)
      },
      reset: () => {},
    })
  })

  return {
    get location() {
      return entry.location
    },
    navigate(to, options) {
      if (typeof to === 'number') {
        driver.go(to)
        return
      }
      const url = new URL(to, driver.base())
      if (url.origin !== new URL(driver.base()).origin) {
        driver.leave(url.href)
        return
      }
      const next = locationOf(url, options?.state ?? null)
      const replace = options?.replace === true
      const blocker = blockerFor(next)
      if (!blocker) {
        commit(next, replace)
        return
      }
      blocker.onBlocked({ location: next, proceed: () => commit(next, replace), reset: () => {} })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    block(shouldBlock, onBlocked) {
      const blocker = { shouldBlock, onBlocked }
      blockers.push(blocker)
      return () => {
        const at = blockers.indexOf(blocker)
        if (at >= 0) blockers.splice(at, 1)
      }
    },
  }
}

/** The browser's history; the first entry is numbered in place, so a Back to it can be undone too. */
export function createBrowserHistory(): AppHistory {
  const read = (): Entry => {
    const state: unknown = window.history.state
    return { location: locationOf(new URL(window.location.href), isEntryState(state) ? state.state : null), index: isEntryState(state) ? state.index : null }
  }
  if (!isEntryState(window.history.state)) window.history.replaceState({ index: 0, state: null } satisfies EntryState, '')
  return createHistory({
    current: read,
    write: ({ location, index }, replace) => {
      const state: EntryState = { index, state: location.state ?? null }
      if (replace) window.history.replaceState(state, '', hrefOf(location))
      else window.history.pushState(state, '', hrefOf(location))
    },
    go: (delta) => window.history.go(delta),
    listen: (onPop) => {
      const listener = () => onPop(read())
      window.addEventListener('popstate', listener)
      return () => window.removeEventListener('popstate', listener)
    },
    base: () => window.location.href,
    leave: (href) => window.location.assign(href),
  })
}

/** A history in memory, starting at `path`: for tests, and for rendering where there is no browser. */
export function createMemoryHistory(path: string): AppHistory {
  const origin = 'http://app.invalid'
  const entries: NavigationLocation[] = [locationOf(new URL(path, origin), null)]
  let at = 0
  let onPop: ((entry: Entry) => void) | null = null
  return createHistory({
    current: () => ({ location: entries[at] as NavigationLocation, index: at }),
    write: ({ location, index }, replace) => {
      if (replace) entries[at] = location
      else entries.splice(index, entries.length - index, location)
      at = index
    },
    go: (delta) => {
      const next = Math.min(Math.max(at + delta, 0), entries.length - 1)
      if (next === at) return
      at = next
      onPop?.({ location: entries[at] as NavigationLocation, index: at })
    },
    listen: (listener) => {
      onPop = listener
      return () => {
        onPop = null
      }
    },
    base: () => `${origin}${hrefOf(entries[at] as NavigationLocation)}`,
    leave: () => {},
  })
}
