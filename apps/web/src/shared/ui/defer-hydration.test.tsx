import { act, useState } from 'react'
import type { ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Navigation } from '../navigation'
import { NavigationProvider } from '../navigation'
import type { Translation } from '../i18n/translation'
import { TranslationProvider } from '../i18n/translation'
import { DeferHydration, deferServerHtml, deferredPartsWaiting, releaseDeferredParts } from './defer-hydration'

const translation: Translation = {
  t: (key) => key,
  i18n: { language: 'en-us', resolvedLanguage: 'en-us', addResourceBundle: () => {} },
}
const navigation: Navigation = { location: { pathname: '/', search: '', hash: '' }, navigate: () => {}, Link: (props) => <a {...props} href={props.to} /> }

/** A page with a counter at the top and one below the fold. */
function Page({ below = 'below' }: { below?: string }) {
  return (
    <TranslationProvider value={translation}>
      <NavigationProvider value={navigation}>
        <Counter name="top" />
        <DeferHydration>
          <Counter name={below} />
        </DeferHydration>
      </NavigationProvider>
    </TranslationProvider>
  )
}

function Counter({ name }: { name: string }): ReactNode {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name} {count}
    </button>
  )
}

/** Stands in for the browser's IntersectionObserver: `show()` brings every observed element into view. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback)
      }
      observe() {}
      disconnect() {}
    },
  )
  return {
    show: () => {
      for (const callback of callbacks) callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)
    },
  }
}

let root: Root | null = null
type ActEnvironment = { IS_REACT_ACT_ENVIRONMENT?: boolean }
// hydrateRoot by hand, as public/main.tsx does: React is told the tests wrap it in act.
beforeAll(() => {
  ;(globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = true
})
afterAll(() => {
  ;(globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = false
})

async function hydrateServerHtml(): Promise<HTMLElement> {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Page />)
  document.body.append(container)
  deferServerHtml(container)
  await act(async () => {
    root = hydrateRoot(container, <Page />)
  })
  return container
}

const button = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(name)) as HTMLButtonElement

afterEach(() => {
  act(() => root?.unmount())
  root = null
  releaseDeferredParts()
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

describe('DeferHydration', () => {
  it('leaves a part below the fold as the server drew it until it comes into view', async () => {
    const view = fakeIntersectionObserver()
    const container = await hydrateServerHtml()
    expect(deferredPartsWaiting()).toBe(1)
    // Not hydrated: React has not reached the server's button yet.
    expect(Object.keys(button(container, 'below')).some((key) => key.startsWith('__reactFiber'))).toBe(false)
    act(() => button(container, 'top').click())
    expect(button(container, 'top').textContent).toBe('top 1')
    expect(button(container, 'below').textContent).toBe('below 0')

    await act(async () => view.show())
    expect(deferredPartsWaiting()).toBe(0)
    act(() => button(container, 'below').click())
    expect(button(container, 'below').textContent).toBe('below 1')
  })

  it('brings a part to life at once when it is used before it is seen, and the click counts', async () => {
    fakeIntersectionObserver()
    const container = await hydrateServerHtml()
    const below = button(container, 'below')
    await act(async () => {
      below.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }))
      below.click()
    })
    expect(deferredPartsWaiting()).toBe(0)
    expect(button(container, 'below').textContent).toBe('below 1')
    // The server's button, hydrated: not drawn anew.
    expect(button(container, 'below')).toBe(below)
  })

  it('hydrates a waiting part, rather than drawing it anew, when what it shows changes', async () => {
    fakeIntersectionObserver()
    const container = await hydrateServerHtml()
    const below = button(container, 'below')
    await act(async () => root?.render(<Page below="later" />))
    expect(deferredPartsWaiting()).toBe(0)
    expect(button(container, 'later')).toBe(below)
    expect(below.textContent).toBe('later 0')
  })
})
