import type { MessageTable } from './table'

/** Keys chat.* (see ../messages.ts for the rules of the catalogue). */
export const CHAT_MESSAGES = {
} as const satisfies MessageTable
