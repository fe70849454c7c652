import type { MessageTable } from './table'

/** Keys analytics.* (see ../messages.ts for the rules of the catalogue). */
export const ANALYTICS_MESSAGES = {
  'analytics.invalidFrom': 'Enter the start date as a date (YYYY-MM-DD)',
  'analytics.invalidTo': 'Enter the end date as a date (YYYY-MM-DD)',
  'analytics.endBeforeStart': 'The end date cannot be before the start date',
  'analytics.periodTooLong': 'The period can be at most {years} years long',
  'analytics.unknownAgent': 'There is no agent with this id in your brokerage',
  'analytics.agentFilterForBrokers': 'Only a principal broker can see the figures of another agent',
} as const satisfies MessageTable
