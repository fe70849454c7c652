import { languageTree, parsed } from './tree'

/** The es-es texts of the public shell: the same files as public-en-us.ts, and the messages its pages can show. */
export default languageTree(
  'es-es',
  parsed(
    import.meta.glob<string>(
      [
        './es-es/app.json',
        './es-es/property.json',
        './es-es/listing-terms.json',
        './es-es/make-offer.json',
        './es-es/chat.json',
        './es-es/inputs-a.json',
        './es-es/inputs-b.json',
        './es-es/signer-consent.json',
        './es-es/messages-common.json',
        './es-es/messages-listings.json',
        './es-es/messages-chat.json',
      ],
      // Each file's text (`?raw`), read here: the JSON modules are the whole app's chunks, one per file
      // (areas.ts); shared with them, the public shell's one chunk would be split into many.
      { eager: true, import: 'default', query: '?raw' },
    ),
  ),
)
