import type { MessageTable } from './table'

/** Keys feed.* and reso.* (see ../messages.ts): the event feed and the RESO Property export (issue #37, decision 080). */
export const INTEGRATION_MESSAGES = {
  'feed.sinceInvalid': 'since must be a whole number of 0 or more: the EntityEventSequence of the last entry you read (0 to start)',
  'feed.limitRange': 'limit must be a whole number from 1 to 500',
  'reso.topRange': '$top must be a whole number from 1 to 200',
  'reso.skipRange': '$skip must be a whole number from 0 to 100000',
  'reso.filterUnsupported':
    "This $filter is not supported ({detail}). Supported: ModificationTimestamp gt, ge, lt or le an ISO 8601 instant with its zone (2026-11-30T12:00:00Z), and StandardStatus eq 'Active' (a RESO StandardStatus), joined with and",
  'reso.selectUnknown': '$select names fields this export does not have: {fields}. Compensation fields are never exported',
} as const satisfies MessageTable
