import { z } from 'zod'

/**
 * A background run's tallies as the API answers them (an import's rows created, updated, skipped…):
 * one whole number per name, in the names' order.
 */
export function runCounts<const Name extends string>(names: readonly Name[]): { [N in Name]: z.ZodNumber } {
  return Object.fromEntries(names.map((name) => [name, z.number().int()])) as { [N in Name]: z.ZodNumber }
}
