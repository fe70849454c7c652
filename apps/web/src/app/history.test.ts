import { describe, expect, it } from 'vitest'
import type { BlockedNavigation } from '../shared/navigation'
import { createBrowserHistory, createMemoryHistory } from './history'

const where = (history: { location: { pathname: string; search: string; hash: string } }) => `${history.location.pathname}${history.location.search}${history.location.hash}`

describe('the app history', () => {
  it('moves to a path, a query or a hash of the page, keeps the state given, and goes back', () => {
    const history = createMemoryHistory('/my-properties/list')
    const seen: string[] = []
    history.subscribe(() => seen.push(where(history)))
    history.navigate('/my-properties/L1/offers', { state: { fromTab: true } })
    expect(history.location.state).toEqual({ fromTab: true })
    history.navigate('?page=2')
    history.navigate('#top', { replace: true })
    expect(where(history)).toBe('/my-properties/L1/offers?page=2#top')
    history.navigate(-1)
    expect(where(history)).toBe('/my-properties/L1/offers')
    expect(history.location.state).toEqual({ fromTab: true })
    expect(seen).toEqual(['/my-properties/L1/offers', '/my-properties/L1/offers?page=2', '/my-properties/L1/offers?page=2#top', '/my-properties/L1/offers'])
  })

  it('gives each move a new key, the same page reached again included', () => {
    const history = createMemoryHistory('/a')
    const first = history.location.key
    history.navigate('/a')
    expect(history.location.key).not.toBe(first)
  })

  it('holds a navigation a blocker stops until it proceeds, and stays on reset', () => {
    const history = createMemoryHistory('/offer')
    let held: BlockedNavigation | null = null
    const release = history.block(
      (current, next) => current.pathname !== next.pathname,
      (navigation) => (held = navigation),
    )
    history.navigate('/offer?tab=2')
    expect(where(history)).toBe('/offer?tab=2')
    history.navigate('/dashboard')
    expect(where(history)).toBe('/offer?tab=2')
    expect(held!.location.pathname).toBe('/dashboard')
    held!.reset()
    expect(where(history)).toBe('/offer?tab=2')
    history.navigate('/dashboard')
    held!.proceed()
    expect(where(history)).toBe('/dashboard')
    release()
    history.navigate('/offer')
    expect(where(history)).toBe('/offer')
  })

  it('undoes a Back a blocker stops, and replays it when the person leaves', () => {
    const history = createMemoryHistory('/dashboard')
    history.navigate('/listing/new')
    history.navigate('/listing/new?step=2')
    let held: BlockedNavigation | null = null
    history.block(
      (current, next) => current.pathname !== next.pathname,
      (navigation) => (held = navigation),
    )
    const seen: string[] = []
    history.subscribe(() => seen.push(where(history)))
    history.navigate(-2)
    expect(held!.location.pathname).toBe('/dashboard')
    expect(where(history)).toBe('/listing/new?step=2')
    expect(seen).toEqual([])
    held!.proceed()
    expect(where(history)).toBe('/dashboard')
    expect(seen).toEqual(['/dashboard'])
  })

  it('numbers the browser entries it writes, the first one in place', () => {
    window.history.replaceState(null, '', '/start')
    const history = createBrowserHistory()
    expect(window.history.state).toEqual({ index: 0, state: null })
    history.navigate('/next', { state: { fromStep: true } })
    expect(window.location.pathname).toBe('/next')
    expect(window.history.state).toEqual({ index: 1, state: { fromStep: true } })
    history.navigate('/again', { replace: true })
    expect(window.history.state).toEqual({ index: 1, state: null })
  })
})
