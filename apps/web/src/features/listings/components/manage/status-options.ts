import type { StandardStatus } from '@offerbook/domain/listing'
import { canChangeListingStatus, LISTING_STATUS_TRANSITIONS } from '@offerbook/domain/listing-manage-values'
import type { MyListingStatusGroup } from '@offerbook/domain/listing-manage-values'
import { MY_LISTING_STATUS_GROUP_NAMES, MY_LISTING_STATUS_GROUPS } from '@offerbook/domain/listing-manage-values'

/** Statuses that take a listing off the market for good or end it: the settings tab asks before saving them. */
export const CONFIRMED_STATUSES: readonly StandardStatus[] = ['Withdrawn', 'Canceled', 'Closed']

/**
 * What the status select of the settings tab offers: the current status first, then every status the
 * domain's transition table allows from it (a draft may be published; the API runs the publish check).
 */
export function statusOptions(current: StandardStatus): StandardStatus[] {
  return [current, ...LISTING_STATUS_TRANSITIONS[current].filter((to) => canChangeListingStatus(current, to))]
}

export function needsConfirmation(from: StandardStatus, to: StandardStatus): boolean {
  return from !== to && CONFIRMED_STATUSES.includes(to)
}

/** Groups of statuses shown as tabs on /my-properties/list, in order (the domain's, which the screen's answer counts). */
export const STATUS_GROUPS = MY_LISTING_STATUS_GROUPS
export type StatusGroup = MyListingStatusGroup
export const STATUS_GROUP_NAMES = MY_LISTING_STATUS_GROUP_NAMES

export { isStatusGroup } from '../../api/my-listings-screen'

/** The badge colour of a status (shades whose text reads at AA contrast): green on the market, blue under contract, grey off it. */
export function statusColor(status: StandardStatus): string {
  switch (status) {
    case 'Active':
      return 'teal.9'
    case 'ComingSoon':
      return 'cyan.9'
    case 'ActiveUnderContract':
    case 'Pending':
      return 'blue.9'
    case 'Closed':
      return 'violet.9'
    case 'Incomplete':
      return 'yellow.4'
    default:
      return 'gray.7'
  }
}
