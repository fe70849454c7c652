import { z } from 'zod'
import type { MessageKey } from './messages'

/** One page of a list as the API answers it: the items, how many there are in all, and which page of what size this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

type WholeNumberKeys = { wholeNumber: MessageKey; tooSmall: MessageKey; tooLarge: MessageKey }

/** A whole number from 1 to max in a query string, refused with one message, or one per way it is wrong. */
export function queryWholeNumber(max: number, messages: MessageKey | WholeNumberKeys) {
  const keys = typeof messages === 'string' ? { wholeNumber: messages, tooSmall: messages, tooLarge: messages } : messages
  return z.coerce.number({ error: keys.wholeNumber }).int(keys.wholeNumber).min(1, keys.tooSmall).max(max, keys.tooLarge)
}

/**
 * The page and page size of an admin list's query string (users, linked accounts, inactive users):
 * whole numbers from 1, a page of at most 100; refused with the admin.page… messages.
 */
export const ADMIN_PAGING = {
  page: queryWholeNumber(1_000_000, { wholeNumber: 'admin.pageWholeNumber', tooSmall: 'admin.pageTooSmall', tooLarge: 'admin.pageTooLarge' }).default(1),
  pageSize: queryWholeNumber(100, { wholeNumber: 'admin.pageSizeWholeNumber', tooSmall: 'admin.pageSizeTooSmall', tooLarge: 'admin.pageSizeTooLarge' }).default(20),
}
