import type { MessageTable } from './table'

/** Keys identity.* (see ../messages.ts for the rules of the catalogue). */
export const IDENTITY_MESSAGES = {
} as const satisfies MessageTable
