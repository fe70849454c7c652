import type { Language } from '@offerbook/domain/languages'
import type { Tree } from './tree'

/**
 * The texts of the light public shell (decision 034), one chunk per language: a first visit downloads
 * the few files its pages show, not the whole app's. The whole tree comes when the whole app starts.
 */
const LOADERS: Record<Language, () => Promise<{ default: Tree }>> = {
  'en-us': () => import('./public-en-us'),
  'es-es': () => import('./public-es-es'),
}

export async function loadPublicTree(language: Language): Promise<Tree> {
  return (await LOADERS[language]()).default
}
