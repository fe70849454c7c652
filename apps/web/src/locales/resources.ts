import type { Language } from '@offerbook/domain/user'
import { LANGUAGES } from '@offerbook/domain/user'

/**
 * Each language's texts live in several files (locales/<language>/<area>.json) so that areas can be
 * written side by side; they are merged here into one tree per language. A key defined twice is a
 * mistake, so it stops the app at start instead of one text silently winning.
 */
export type Tree = { [key: string]: string | Tree }

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' })

export function mergeInto(target: Tree, source: Tree, where: string): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key]
    if (existing === undefined) {
      target[key] = typeof value === 'string' ? value : structuredClone(value)
    } else if (typeof existing !== 'string' && typeof value !== 'string') {
      mergeInto(existing, value, `${where}.${key}`)
    } else {
      throw new Error(`Translation key ${where}.${key} is defined twice`)
    }
  }
}

function load(language: Language): Tree {
  const tree: Tree = {}
  for (const [path, content] of Object.entries(files)) {
    if (path.startsWith(`./${language}/`)) mergeInto(tree, content, language)
  }
  return tree
}

export const RESOURCES = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)])) as Record<Language, Tree>
