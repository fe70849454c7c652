import { CHAT_MESSAGES } from '@offerbook/domain/messages/chat'
import { COMMON_MESSAGES } from '@offerbook/domain/messages/common'
import { LISTING_MESSAGES } from '@offerbook/domain/messages/listings'
import { englishMessages, languageTree, parsed } from './tree'

/**
 * The en-us texts of the public shell (see public.ts): its frame, search and the property page, with
 * the messages of the catalogue's common, listing and chat areas. The same files as public-es-es.ts; a test
 * checks that every key a public page shows is among them.
 */
export default languageTree(
  'en-us',
  parsed(
    import.meta.glob<string>(
      [
        './en-us/app.json',
        './en-us/property.json',
        './en-us/listing-terms.json',
        './en-us/make-offer.json',
        './en-us/chat.json',
        './en-us/inputs-a.json',
        './en-us/inputs-b.json',
        './en-us/signer-consent.json',
      ],
      // Each file's text (`?raw`), read here: the JSON modules are the whole app's chunks, one per file
      // (areas.ts); shared with them, the public shell's one chunk would be split into many.
      { eager: true, import: 'default', query: '?raw' },
    ),
  ),
  englishMessages(COMMON_MESSAGES, LISTING_MESSAGES, CHAT_MESSAGES),
)
