import type { MessageTable } from './table'

/** Keys events.* (see ../messages.ts for the rules of the catalogue). */
export const EVENT_MESSAGES = {
} as const satisfies MessageTable
