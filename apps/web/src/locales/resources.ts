import type { Language } from '@offerbook/domain/languages'
import type { Tree } from './tree'

export type { Tree } from './tree'
export { englishMessages, languageTree, mergeInto, MESSAGE_NAMESPACE } from './tree'

/**
 * Each language is a chunk of its own, loaded before the app first renders in that language: a
 * visitor downloads the texts of one language, not of both.
 */
const LOADERS: Record<Language, () => Promise<{ default: Tree }>> = {
  'en-us': () => import('./en-us'),
  'es-es': () => import('./es-es'),
}

export async function loadLanguageTree(language: Language): Promise<Tree> {
  return (await LOADERS[language]()).default
}
