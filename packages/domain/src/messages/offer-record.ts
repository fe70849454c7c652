import type { MessageTable } from './table'

/** Keys offerRecord.* and calendar.* (see ../messages.ts for the rules of the catalogue). */
export const OFFER_RECORD_MESSAGES = {
  'offerRecord.notFound': 'There is no offer record of this listing for you',
  'offerRecord.fileNotFound': 'There is no transaction file of this offer for you',
  'calendar.notFound': 'This calendar link does not exist or was turned off',
} as const satisfies MessageTable
