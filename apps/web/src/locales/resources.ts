import type { Language } from '@offerbook/domain/languages'
import type { Tree } from './tree'
import { loadWholeTree } from './areas'

export type { Tree } from './tree'
export { englishMessages, languageTree, mergeInto, MESSAGE_NAMESPACE } from './tree'

/**
 * A language's whole tree, loaded when it is chosen, and after the first render in the language shown
 * (decision 074): each of its files is a chunk of its own (areas.ts), which the frame and each page
 * also load alone before their first render. A visitor downloads the texts of one language, not of both.
 */
export async function loadLanguageTree(language: Language): Promise<Tree> {
  return loadWholeTree(language)
}
