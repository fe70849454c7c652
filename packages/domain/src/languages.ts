/** The interface's languages, without zod (for the browser's first script); user.ts adds the schema. */
export const LANGUAGES = ['en-us', 'es-es'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en-us'

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

/**
 * The first of a browser's language tags that we speak, as navigator.languages lists them and
 * Accept-Language sends them ('es-MX', 'en-US'): Spanish of any region is es-es, English of any region
 * en-us, so 'en-US, es' stays in English. Null when none is ours.
 */
export function languageOfTags(tags: Iterable<string>): Language | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (primary === 'es') return 'es-es'
    if (primary === 'en') return 'en-us'
  }
  return null
}

/** The language an Accept-Language header asks for ('es-ES,es;q=0.9,en;q=0.8'); the default when it names none of ours. */
export function languageOfAcceptLanguage(header: string | undefined): Language {
  return languageOfTags((header ?? '').split(',').map((part) => part.split(';')[0] ?? '')) ?? DEFAULT_LANGUAGE
}

/**
 * A cookie naming the language the browser chose (it also keeps the choice in localStorage, which the
 * server cannot read), so the server names that language's texts in index.html (decision 093). Only a
 * hint: the app still starts in the stored choice.
 */
export const LANGUAGE_HINT_COOKIE = 'offerbook_language'

/** The language a Cookie header's hint names, null without a valid one. */
export function languageOfCookie(header: string | undefined): Language | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim())
    if (name === LANGUAGE_HINT_COOKIE && isLanguage(value)) return value
  }
  return null
}
