import type { Tree } from './resources'
import { languageTree } from './resources'

/** The en-us texts (see resources.ts); imported only through loadLanguageTree, so they stay out of the entry. */
export default languageTree('en-us', import.meta.glob<Tree>('./en-us/*.json', { eager: true, import: 'default' }))
