import type { MessageTable } from './table'

/** Keys jobs.* (see ../messages.ts for the rules of the catalogue). */
export const JOB_MESSAGES = {
  'jobs.notFound': 'There is no background job by that name.',
  'jobs.notDeadLettered': 'This job has not stopped after repeated failures, so there is nothing to run again.',
} as const satisfies MessageTable
