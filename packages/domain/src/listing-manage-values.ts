// What /my-properties/list needs without zod: the status moves, who may add and manage listings, and
// the status tabs; listing-enums.ts and listing-search.ts add the schemas and re-export these.
import type { StandardStatus } from './listing-values'
import { PAGE_ROLES } from './role-table'

/** The statuses a published listing may be moved to from each status (settings tab); publishing moves Incomplete on. */
export const LISTING_STATUS_TRANSITIONS: Readonly<Record<StandardStatus, readonly StandardStatus[]>> = {
  Incomplete: ['Active', 'ComingSoon'],
  ComingSoon: ['Active', 'Hold', 'Withdrawn', 'Canceled'],
  Active: ['ActiveUnderContract', 'Pending', 'Hold', 'Withdrawn', 'Canceled', 'Expired', 'Closed'],
  ActiveUnderContract: ['Active', 'Pending', 'Closed', 'Withdrawn', 'Canceled'],
  Pending: ['Active', 'ActiveUnderContract', 'Closed', 'Canceled'],
  Hold: ['Active', 'Withdrawn', 'Canceled'],
  Withdrawn: ['Active', 'Canceled'],
  Expired: ['Active', 'Canceled'],
  Canceled: ['Active'],
  Closed: [],
  Delete: [],
}

export function canChangeListingStatus(from: StandardStatus, to: StandardStatus): boolean {
  return LISTING_STATUS_TRANSITIONS[from].includes(to)
}

/** Who may add listings (route table: /add-listing) and who may import them from an MLS feed. */
export const LISTING_CREATOR_ROLES = PAGE_ROLES.addListing
export const LISTING_IMPORTER_ROLES = PAGE_ROLES.importListings
/** Who reaches /my-properties (route table); the listing endpoints the add-listing wizard shares with it allow these too. */
export const LISTING_MANAGER_ROLES = PAGE_ROLES.myProperties

/** The groups of statuses /my-properties/list shows as tabs, in order; `all` has no filter. */
export const MY_LISTING_STATUS_GROUPS = {
  all: undefined,
  drafts: ['Incomplete'],
  active: ['Active', 'ComingSoon'],
  underContract: ['ActiveUnderContract', 'Pending'],
  closed: ['Closed'],
  offMarket: ['Hold', 'Withdrawn', 'Expired', 'Canceled'],
} as const satisfies Record<string, readonly StandardStatus[] | undefined>
export type MyListingStatusGroup = keyof typeof MY_LISTING_STATUS_GROUPS
export const MY_LISTING_STATUS_GROUP_NAMES = Object.keys(MY_LISTING_STATUS_GROUPS) as MyListingStatusGroup[]
