import type { MessageTable } from './table'

/** Keys send.* (see ../messages.ts for the rules of the catalogue). */
export const SEND_MESSAGES = {
} as const satisfies MessageTable
