import type { MessageTable } from './table'

/** Keys inactiveUsers.* (see ../messages.ts for the rules of the catalogue). */
export const INACTIVE_USER_MESSAGES = {
} as const satisfies MessageTable
