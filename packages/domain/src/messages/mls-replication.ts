import type { MessageTable } from './table'

/** Keys mlsReplication.* (see ../messages.ts for the rules of the catalogue). */
export const MLS_REPLICATION_MESSAGES = {
  'mlsReplication.notConfigured': 'The MLS Grid feed is not set up on this site: set MLS_GRID_URL and MLS_GRID_TOKEN.',
  'mlsReplication.alreadyRunning': 'A replication is already running. Wait for it to finish.',
  'mlsReplication.scheduleWholeNumber': 'Enter a whole number of minutes',
  'mlsReplication.scheduleRange': 'Enter from 5 to 1440 minutes',
  'mlsReplication.searchTooLong': 'The search can be at most 200 characters',
  'mlsReplication.linkedInvalid': 'Must be true or false',
  'mlsReplication.pageInvalid': 'The page must be a whole number from 1',
  'mlsReplication.pageSizeInvalid': 'The page size must be a whole number from 1 to 100',
  'mlsReplication.feedFailed': 'The MLS Grid feed could not be read, so the run stopped. The next run tries again.',
} as const satisfies MessageTable
