import type { MessageTable } from './table'

/** Keys userImport.* (see ../messages.ts for the rules of the catalogue). */
export const USER_IMPORT_MESSAGES = {
} as const satisfies MessageTable
