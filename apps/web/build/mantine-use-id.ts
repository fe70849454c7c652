import { useId as useReactId } from 'react'

/**
 * Mantine's useId, as the build gives it to Mantine and to the product (vite.config.ts, decision 095):
 * the id React gives the component, or the one passed. Mantine's own swaps React's id for a random one
 * in a layout effect, which re-rendered, right after hydration and in the same task, every component
 * that asks for an id and all it holds (the home page's listings section with its six cards): a task
 * of about 25 ms on a desktop core, four times that on a phone. React's id is already unique in the
 * page and the same on the server and in the browser, which is what the random one was for.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`
}
