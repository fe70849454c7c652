import { Suspense, use, useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from '../i18n/translation'
import { useLocation } from '../navigation'

/**
 * Parts of a public page below the fold come to life when they are about to be seen or are used, not
 * with the rest of the page (decision 077). The server's HTML of such a part stays on screen as it is
 * (links work, text can be read and selected); React hydrates it when it comes within a screen's
 * reach, when a pointer, a key or the focus reaches it, or when anything it shows changes (the
 * language, the address, what its page passes it). On a phone's first visit this leaves the footer
 * and the sections under the first screen out of the start's work.
 *
 * Only the public shell's first hydration defers (public/main.tsx calls deferServerHtml first): a
 * page drawn in the browser, in the whole app, on the server and in the tests renders its parts at
 * once.
 */

const ATTRIBUTE = 'data-deferred'
/** Within this distance of the screen a part comes to life, so it is ready when scrolled to. */
const REACH = '50% 0px'

/**
 * A part's promise, which its gate passes to `use()` in every render (React wants the same calls each
 * time). `status` is React's own mark of a settled promise: set on release, `use()` then returns at
 * once, even in the render React starts inside an event to hydrate the part before handing it over.
 */
type Part = { promise: Promise<void>; resolve: () => void; waiting: boolean }
/** The deferred parts of the server's HTML, by id: waiting, or released. */
const parts = new Map<string, Part>()
const fulfilled = (promise: Promise<void>): Promise<void> => Object.assign(promise, { status: 'fulfilled', value: undefined })
const READY = fulfilled(Promise.resolve())

function release(id: string): void {
  const part = parts.get(id)
  if (!part?.waiting) return
  part.waiting = false
  fulfilled(part.promise)
  part.resolve()
}

/** Brings every part still waiting to life, and forgets them (between tests). */
export function releaseDeferredParts(): void {
  for (const id of parts.keys()) release(id)
  parts.clear()
}

/** How many parts of the server's HTML still wait (for the tests and anyone measuring). */
export function deferredPartsWaiting(): number {
  return [...parts.values()].filter((part) => part.waiting).length
}

const INTERACTIONS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click', 'input'] as const

/**
 * Marks the deferred parts of the server's HTML in `container` as waiting, before it is hydrated. A
 * pointer, key or focus in one brings it to life first: this listener, on the document in the
 * capture phase, runs before React's on the root, which then hydrates the part at once and hands it
 * the event.
 */
export function deferServerHtml(container: HTMLElement): void {
  for (const element of container.querySelectorAll(`[${ATTRIBUTE}]`)) {
    const id = element.getAttribute(ATTRIBUTE)
    if (!id || parts.has(id)) continue
    let resolve = () => {}
    const promise = new Promise<void>((done) => {
      resolve = done
    })
    parts.set(id, { promise, resolve, waiting: true })
  }
  if (deferredPartsWaiting() === 0) return
  const onInteraction = (event: Event) => {
    const part = event.target instanceof Element ? event.target.closest(`[${ATTRIBUTE}]`) : null
    const id = part?.getAttribute(ATTRIBUTE)
    if (id) release(id)
    if (deferredPartsWaiting() === 0) for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true)
  }
  for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true)
}

/** Suspends while its part waits: React keeps the server's HTML of the part and hydrates it later. */
function Gate({ id, children }: { id: string; children: ReactNode }) {
  use(parts.get(id)?.promise ?? READY)
  return children
}

/** A part of a page that may come to life after the rest (see above); a block of its own, `<div>`. */
export function DeferHydration({ children }: { children: ReactNode }) {
  const id = useId()
  const ref = useRef<HTMLDivElement>(null)
  const translation = useTranslation()
  const location = useLocation()
  // A later render of this part (new children, another language or address) must not meet the
  // server's HTML still waiting: React would drop it and draw the part anew. It hydrates first.
  const [first] = useState(() => ({ children, translation, location }))
  if (first.children !== children || first.translation !== translation || first.location !== location) release(id)

  useEffect(() => {
    const element = ref.current
    if (!element || !parts.get(id)?.waiting) return
    if (typeof IntersectionObserver === 'undefined') {
      release(id)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        release(id)
      },
      { rootMargin: REACH },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [id])

  return (
    <div ref={ref} {...{ [ATTRIBUTE]: id }}>
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </div>
  )
}
