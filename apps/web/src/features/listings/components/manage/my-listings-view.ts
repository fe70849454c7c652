/** How My Listings shows the listings: cards with photos, or a compact table for a long list. */
export const MY_LISTINGS_VIEWS = ['cards', 'table'] as const
export type MyListingsView = (typeof MY_LISTINGS_VIEWS)[number]

/** This browser's choice, kept in localStorage like the other view preferences. */
export const MY_LISTINGS_VIEW_KEY = 'offerbook.myListings.view'

const isView = (value: unknown): value is MyListingsView => (MY_LISTINGS_VIEWS as readonly unknown[]).includes(value)

export function readMyListingsView(): MyListingsView {
  try {
    const stored = window.localStorage.getItem(MY_LISTINGS_VIEW_KEY)
    return isView(stored) ? stored : 'cards'
  } catch {
    return 'cards'
  }
}

export function writeMyListingsView(view: MyListingsView): void {
  try {
    window.localStorage.setItem(MY_LISTINGS_VIEW_KEY, view)
  } catch {
    // Storage can be full or blocked: the choice still holds on this page.
  }
}
