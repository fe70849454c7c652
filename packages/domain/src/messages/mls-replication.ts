import type { MessageTable } from './table'

/** Keys mlsReplication.* (see ../messages.ts for the rules of the catalogue). */
export const MLS_REPLICATION_MESSAGES = {
} as const satisfies MessageTable
