import type { ComponentType } from 'react'
import { lazy } from 'react'
import { withTexts } from './texts-settled'

/**
 * React's `lazy`, for a part of a page fetched by `import()`: it draws once its code is here and the
 * texts its page asked for beside its own have arrived (decision 088), never with keys showing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyPart<T extends ComponentType<any>>(importer: () => Promise<{ default: T }>) {
  return lazy(withTexts(importer))
}
