/** The interface's languages, without zod (for the browser's first script); user.ts adds the schema. */
export const LANGUAGES = ['en-us', 'es-es'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en-us'

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}
