import type { Tree } from './tree'
import { languageTree } from './tree'

/** The es-es texts of the public shell: the same files as public-en-us.ts, and the messages its pages can show. */
export default languageTree(
  'es-es',
  import.meta.glob<Tree>(
    [
      './es-es/app.json',
      './es-es/property.json',
      './es-es/listing-terms.json',
      './es-es/make-offer.json',
      './es-es/dashboard.json',
      './es-es/chat.json',
      './es-es/inputs-a.json',
      './es-es/inputs-b.json',
      './es-es/signer-consent.json',
      './es-es/messages-common.json',
      './es-es/messages-listings.json',
      './es-es/messages-chat.json',
    ],
    { eager: true, import: 'default' },
  ),
)
