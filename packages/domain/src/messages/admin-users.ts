import type { MessageTable } from './table'

/** Keys adminUsers.* (see ../messages.ts for the rules of the catalogue). */
export const ADMIN_USER_MESSAGES = {
} as const satisfies MessageTable
