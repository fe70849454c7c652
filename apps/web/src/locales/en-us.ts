import type { Tree } from './tree'
import { CATALOGUE } from '@offerbook/domain/messages'
import { englishMessages, languageTree } from './tree'

// The public pages' texts (public-*.json) are not here: they load with those pages (features/public-pages/texts.ts).
/** The en-us texts (see resources.ts); imported only through loadLanguageTree, so they stay out of the entry. */
export default languageTree('en-us', import.meta.glob<Tree>(['./en-us/*.json', '!./en-us/public-*.json'], { eager: true, import: 'default' }), englishMessages(CATALOGUE))
