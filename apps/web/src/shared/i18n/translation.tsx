import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'
import type { Tree } from '../../locales/tree'

/**
 * The translation the components both shells show read (decision 034): `useTranslation()` as
 * react-i18next shapes it, without i18next. The whole app provides it from i18next
 * (app/i18next-translation.tsx); the public shell from its own small translator (translator.ts), so a
 * first visit does not download i18next.
 */

export type TranslateOptions = { readonly [name: string]: unknown; readonly count?: number; readonly defaultValue?: string }
export type Translate = (key: string, options?: TranslateOptions) => string

/** The parts of i18next's instance the shared components read: the language shown, and adding a page's texts. */
export type TranslationI18n = {
  readonly language: string
  readonly resolvedLanguage: string | undefined
  addResourceBundle: (language: string, namespace: string, tree: Tree, deep?: boolean, overwrite?: boolean) => unknown
}

export type Translation = { t: Translate; i18n: TranslationI18n }

const TranslationContext = createContext<Translation | null>(null)

export function TranslationProvider({ value, children }: { value: Translation; children: ReactNode }) {
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>
}

export function useTranslation(): Translation {
  const translation = useContext(TranslationContext)
  if (!translation) throw new Error('A text was translated outside a TranslationProvider')
  return translation
}

/** Translation outside components (messages.ts): the shell that started registers its translator. */
export type Translator = { t: Translate; exists: (key: string) => boolean; readonly language: string }

let active: Translator | null = null

export function setActiveTranslator(translator: Translator): void {
  active = translator
}

export function activeTranslator(): Translator {
  if (!active) throw new Error('No translator yet: translate after the app or the public shell has started')
  return active
}
