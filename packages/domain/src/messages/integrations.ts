import type { MessageTable } from './table'

/** Keys feed.* and reso.* (see ../messages.ts): the event feed and the RESO Property export (issue #37, decision 080). */
export const INTEGRATION_MESSAGES = {
  'feed.sinceInvalid': 'since must be a whole number of 0 or more: the EntityEventSequence of the last entry you read (0 to start)',
  'feed.limitRange': 'limit must be a whole number from 1 to 500',
} as const satisfies MessageTable
