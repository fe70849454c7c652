import type { MessageTable } from './table'

/** Keys brokerageExport.* (see ../messages.ts): the brokerage's export of its files for TREC (issue #35 item 5, decision 071). */
export const BROKERAGE_EXPORT_MESSAGES = {
  'brokerageExport.invalidFrom': 'Enter the first day of the period as a date',
  'brokerageExport.invalidTo': 'Enter the last day of the period as a date',
  'brokerageExport.periodReversed': 'The last day of the period cannot come before its first day',
  'brokerageExport.running': 'An export of your brokerage is already under way (started {startedAt}); wait for it to finish',
  'brokerageExport.notFound': 'There is no such export of your brokerage',
  'brokerageExport.notReady': 'This export is not finished yet',
  'brokerageExport.brokersOnly': "Only a principal broker exports the brokerage's files",
} as const satisfies MessageTable
