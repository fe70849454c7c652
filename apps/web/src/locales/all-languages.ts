import type { Language } from '@offerbook/domain/user'
import enUs from './en-us'
import esEs from './es-es'
import type { Tree } from './tree'

/** Both languages at once, for tests and the prerender, which render without waiting for a chunk. */
export const RESOURCES: Record<Language, Tree> = { 'en-us': enUs, 'es-es': esEs }

/**
 * Both languages as a copy to give i18next, which merges the texts loaded later (the public pages')
 * into the trees it holds: RESOURCES stays as the files say, for the test files read after.
 */
export function copyOfAllLanguages(): Record<Language, Tree> {
  return structuredClone(RESOURCES)
}
