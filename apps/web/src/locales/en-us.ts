import type { Tree } from './tree'
import { languageTree } from './tree'

/** The en-us texts (see resources.ts); imported only through loadLanguageTree, so they stay out of the entry. */
export default languageTree('en-us', import.meta.glob<Tree>('./en-us/*.json', { eager: true, import: 'default' }))
