import type { Ref } from 'react'
import { useMergedRef } from '@mantine/hooks'

/**
 * What Mantine's ScrollArea takes from `@floating-ui/react`: one callback ref that sets each of
 * `refs`. The build gives ScrollArea this module in its place (vite.config.ts, decision 087), so a page
 * with a table or a dialog, and no popover, does not load the whole positioning library (12 KB gzip)
 * for a hook the hooks package already has.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): (node: T | null) => void | (() => void) {
  return useMergedRef(...refs)
}
