import { z } from 'zod'

/** One page of a list as the API answers it: the items, how many there are in all, and which page of what size this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }
