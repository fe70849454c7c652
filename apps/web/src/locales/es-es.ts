import type { Tree } from './tree'
import { languageTree } from './tree'

/** The es-es texts (see resources.ts); imported only through loadLanguageTree, so they stay out of the entry. */
export default languageTree('es-es', import.meta.glob<Tree>(['./es-es/*.json', '!./es-es/public-*.json'], { eager: true, import: 'default' }))
