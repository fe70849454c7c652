import type { ListingSummary } from '@offerbook/domain/listing'

/** Where a manager continues a draft: the wizard step it was left on. */
export function continueDraftPath(listing: Pick<ListingSummary, 'id' | 'draftStep'>): string {
  return `/add-listing/new/${listing.draftStep ?? 'pricing'}?id=${encodeURIComponent(listing.id)}`
}

export const MY_PROPERTY_TABS = ['edit-listing', 'weighting', 'settings'] as const
export type MyPropertyTab = (typeof MY_PROPERTY_TABS)[number]

export function myPropertyPath(id: string, tab: MyPropertyTab = 'edit-listing'): string {
  return `/my-properties/${encodeURIComponent(id)}/${tab}`
}

export function publicPropertyPath(id: string): string {
  return `/property/${encodeURIComponent(id)}`
}
