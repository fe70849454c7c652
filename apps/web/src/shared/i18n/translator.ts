import type { Language } from '@offerbook/domain/languages'
import { DEFAULT_LANGUAGE } from '@offerbook/domain/languages'
import { pluralRules } from '@offerbook/domain/intl-formats'
import type { Tree } from '../../locales/tree'
import type { TranslateOptions, Translator } from './translation'

/**
 * The translator of both shells (decisions 034, 083): the part of i18next their texts use, in a few
 * hundred bytes instead of i18next's seventeen kilobytes. Keys are dotted paths into one tree per language;
 * `{{name}}` is replaced by the option of that name, unescaped (React escapes); a `count` picks the
 * plural form by the language's rules (`key_one`, `key_other`, and `key_zero` for 0 when there is one);
 * `$t(key)` nests another text; a key missing in the language is looked up in en-us, and a key
 * missing there too is shown as the key.
 * translator.test.ts checks it against i18next over every text of both languages.
 */
export type MiniTranslator = Translator & {
  readonly language: Language
  /** Adds texts, merged into those of the language; before they are shown, as it tells no one. */
  addTree: (language: Language, tree: Tree) => void
  changeLanguage: (language: Language) => void
  /** Calls `listener` after each change of language or of texts announced; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void
  /**
   * Tells the listeners that texts added since may change what is shown (a whole language arriving):
   * only when a text was asked for and not found since the last time, as nothing else can read differently.
   */
  announce: () => void
  /** Counts the changes of language and the texts announced: a new value means other texts. */
  readonly revision: number
  /** Calls `listener` with each key asked for that neither the language nor en-us has; returns the unsubscribe. */
  watchMissing: (listener: (key: string) => void) => () => void
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: Tree | string | undefined = tree
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

function merge(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key]
    if (typeof value === 'string' || existing === undefined || typeof existing === 'string') target[key] = typeof value === 'string' ? value : structuredClone(value)
    else merge(existing, value)
  }
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g
const NESTED = /\$t\(([^,()]+)\)/g

function interpolate(template: string, options: TranslateOptions | undefined): string {
  if (!options) return template
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name]
    return value === undefined || value === null ? whole : String(value)
  })
}

export function createTranslator(language: Language = DEFAULT_LANGUAGE): MiniTranslator {
  const trees = new Map<Language, Tree>()
  const listeners = new Set<() => void>()
  const missingListeners = new Set<(key: string) => void>()
  let current = language
  let revision = 0
  /** Whether a text asked for (t, exists) was not found since the last announce: only then may new texts change what is shown. */
  let missed = false
  const changed = () => {
    revision += 1
    for (const listener of listeners) listener()
  }

  function find(lng: Language, key: string, options: TranslateOptions | undefined): string | undefined {
    const tree = trees.get(lng)
    if (typeof options?.count === 'number') {
      const count = options.count
      const forms = [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralRules(lng).select(count)}`]
      for (const form of forms) {
        const found = lookup(tree, form)
        if (found !== undefined) return found
      }
    }
    return lookup(tree, key)
  }

  const translator: MiniTranslator = {
    get language() {
      return current
    },
    get revision() {
      return revision
    },
    t(key, options) {
      const found = find(current, key, options) ?? (current === DEFAULT_LANGUAGE ? undefined : find(DEFAULT_LANGUAGE, key, options))
      if (found === undefined) missed = true
      if (found === undefined && options?.defaultValue === undefined) for (const listener of missingListeners) listener(key)
      // `$t(other.key)` inside a text is that key's text (after the parameters are put in: `$t(listing.status.{{to}})`).
      return interpolate(found ?? options?.defaultValue ?? key, options).replace(NESTED, (_whole, inner: string) => translator.t(inner.trim()))
    },
    exists(key) {
      const found = lookup(trees.get(current), key) !== undefined || lookup(trees.get(DEFAULT_LANGUAGE), key) !== undefined
      if (!found) missed = true
      return found
    },
    addTree(lng, tree) {
      const existing = trees.get(lng)
      // Silent: texts are added before they are first shown (a page adds its own as it renders).
      if (existing) merge(existing, tree)
      else trees.set(lng, structuredClone(tree))
    },
    changeLanguage(lng) {
      if (lng === current) return
      current = lng
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    announce() {
      // A whole language arriving after the first render redraws every translating component: on a
      // throttled phone a long task, not worth it when all that is shown already had its text.
      if (!missed) return
      missed = false
      changed()
    },
    watchMissing(listener) {
      missingListeners.add(listener)
      return () => missingListeners.delete(listener)
    },
  }
  return translator
}
