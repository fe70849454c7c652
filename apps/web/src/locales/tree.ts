import type { MessageTable } from '@offerbook/domain/messages/table'
import type { Language } from '@offerbook/domain/languages'

/**
 * Each language's texts live in several files (locales/<language>/<area>.json) so that areas can be
 * written side by side; they are merged here into one tree per language. A key defined twice is a
 * mistake, so it stops the app at start instead of one text silently winning.
 */
export type Tree = { [key: string]: string | Tree }

/** Where the catalogue's messages sit in each language's tree (shared/i18n/messages.ts). */
export const MESSAGE_NAMESPACE = 'messages'


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

/**
 * Catalogue messages as an en-us translation tree: `{name}` becomes i18next's `{{name}}`. The whole
 * app passes the whole catalogue (en-us.ts); the public shell the areas its pages can show.
 */
export function englishMessages(...tables: MessageTable[]): Tree {
  const tree: Tree = {}
  for (const [key, template] of tables.flatMap((table) => Object.entries(table))) {
    const parts = key.split('.')
    let node = tree
    for (const part of parts.slice(0, -1)) {
      const next = node[part]
      if (typeof next === 'string') throw new Error(`Message key ${key} sits under another message`)
      node = next ?? (node[part] = {})
    }
    node[parts.at(-1) ?? key] = template.replace(/\{(\w+)\}/g, '{{$1}}')
  }
  return { [MESSAGE_NAMESPACE]: tree }
}

/** One language's tree from its files (keyed by path), after `base` (en-us: the catalogue's texts). */
export function languageTree(language: Language, files: Record<string, Tree>, base: Tree = {}): Tree {
  const tree: Tree = base
  for (const content of Object.values(files)) mergeInto(tree, content, language)
  return tree
}

/** Files read as text (`?raw`), as trees. */
export function parsed(files: Record<string, string>): Record<string, Tree> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [path, JSON.parse(text) as Tree]))
}
