import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { navItemsFor } from '@offerbook/domain/route-access'
import { i18n } from '../shared/i18n/i18n'
import { renderAt } from '../test/render'
import { ShellFrame } from './shell/shell-frame'
import { prefetchPage } from './prefetch-page'

// Each route's page chunk, as a loader that counts its calls.
const loads = vi.hoisted(() => new Map<string, number>())
vi.mock('./page-modules', () => ({
  pageLoaderFor: (routeName: string) => {
    const loader = () => {
      loads.set(routeName, (loads.get(routeName) ?? 0) + 1)
      return Promise.resolve({ default: () => null })
    }
    return loader
  },
}))

describe('the navigation prefetches the page a user is about to open', () => {
  it('starts loading a page chunk once, when its link is hovered or takes the focus', () => {
    // jsdom does not scroll: the header's links scroll into view as they take the focus.
    Element.prototype.scrollIntoView = vi.fn()
    const items = navItemsFor(['SELLER_AGENT'], 'sell').slice(0, 2)
    expect(items).toHaveLength(2)
    renderAt(
      <ShellFrame navItems={items} footerItems={[]} controls={null} onLinkIntent={prefetchPage}>
        <p>page</p>
      </ShellFrame>,
    )
    const [first, second] = items.map((item) => screen.getByRole('link', { name: i18n.t(item.labelKey) }))
    expect(loads.size).toBe(0)

    fireEvent.mouseEnter(first as HTMLElement)
    expect(loads.get(items[0]?.routeName ?? '')).toBe(1)
    // Hovered again: the chunk is already asked for.
    fireEvent.mouseEnter(first as HTMLElement)
    expect(loads.get(items[0]?.routeName ?? '')).toBe(1)

    fireEvent.focus(second as HTMLElement)
    expect(loads.get(items[1]?.routeName ?? '')).toBe(1)
  })
})
