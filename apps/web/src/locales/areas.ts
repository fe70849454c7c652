import type { Language } from '@offerbook/domain/languages'
import { COMMON_MESSAGES } from '@offerbook/domain/messages/common'
import type { MessageTable } from '@offerbook/domain/messages/table'
import type { Tree } from './tree'
import { englishMessages, languageTree, mergeInto, parsed } from './tree'

/**
 * Each locale file (locales/<language>/<area>.json) as a chunk of its own (decision 074): the frame
 * loads its few areas, and a page loads its own with its module (app/page-modules.ts, app/page-texts.json),
 * before it first renders. The whole language follows after the first render (resources.ts).
 */
const AREA_FILES: Record<Language, Record<string, () => Promise<Tree>>> = {
  'en-us': import.meta.glob<Tree>(['./en-us/*.json', '!./en-us/public-*.json'], { import: 'default' }),
  'es-es': import.meta.glob<Tree>(['./es-es/*.json', '!./es-es/public-*.json'], { import: 'default' }),
}

/**
 * en-us's message areas, for a page that draws a catalogue message on its first screen (`messages-timeline`
 * on the dashboard, app/page-texts.json): the catalogue's table of that name, as es-es has messages-timeline.json.
 * Only the tables pages name (page-texts.test.ts checks it): each is a chunk of its own, and its name sits in the entry.
 */
const ENGLISH_MESSAGE_TABLES = import.meta.glob<Record<string, MessageTable>>('../../../../packages/domain/src/messages/{accounts,listing-import,listings,mls-replication,negotiation,timeline,user-import}.ts')

function englishMessageArea(area: string): (() => Promise<Tree>) | undefined {
  const load = area.startsWith('messages-') ? ENGLISH_MESSAGE_TABLES[`../../../../packages/domain/src/messages/${area.slice('messages-'.length)}.ts`] : undefined
  return load && (() => load().then((tables) => englishMessages(...Object.values(tables))))
}

/** What loads `area` in `language`: its file, or in en-us a message area's catalogue table. */
function areaLoader(language: Language, area: string): (() => Promise<Tree>) | undefined {
  return AREA_FILES[language][`./${language}/${area}.json`] ?? (language === 'en-us' ? englishMessageArea(area) : undefined)
}

/** Whether `language` has texts of `area` to load. */
export function hasArea(language: Language, area: string): boolean {
  return areaLoader(language, area) !== undefined
}

/** The catalogue's common messages (the request errors, the client's own): es-es has them in a file; en-us, in the catalogue. */
const COMMON_TEXTS: Record<Language, () => Promise<Tree>> = {
  'en-us': () => Promise.resolve(englishMessages(COMMON_MESSAGES)),
  'es-es': () => loadArea('es-es', 'messages-common'),
}

function loadArea(language: Language, area: string): Promise<Tree> {
  const load = areaLoader(language, area)
  if (!load) return Promise.reject(new Error(`No texts ${language}/${area}.json`))
  return load()
}

/** One tree of these areas' texts in `language`. */
export async function loadAreaTree(language: Language, areas: readonly string[]): Promise<Tree> {
  const tree: Tree = {}
  for (const part of await Promise.all(areas.map((area) => loadArea(language, area)))) mergeInto(tree, part, language)
  return tree
}

/** The frame's texts: its areas and the catalogue's common messages. */
export async function loadFrameTree(language: Language, areas: readonly string[]): Promise<Tree> {
  const [tree, messages] = await Promise.all([loadAreaTree(language, areas), COMMON_TEXTS[language]()])
  mergeInto(tree, messages, language)
  return tree
}

/** The whole catalogue's messages: en-us, the catalogue's own templates (a chunk of its own); es-es has them in its messages-*.json areas. */
export async function loadCatalogueTree(language: Language): Promise<Tree> {
  // The frame needs only the common messages (COMMON_TEXTS).
  return language === 'en-us' ? englishMessages((await import('@offerbook/domain/messages')).CATALOGUE) : {}
}

/**
 * Every area file of a language as its text, in one chunk a language (en-us-files.ts, es-es-files.ts):
 * the rest of a language after the first render, and a change of language, in one request rather than
 * one an area (issue 36: the offer form's 60 text requests after its first paint).
 */
const LANGUAGE_FILES: Record<Language, () => Promise<Record<string, string>>> = {
  'en-us': () => import('./en-us-files').then((module) => module.default),
  'es-es': () => import('./es-es-files').then((module) => module.default),
}

/** A language's area files, loaded in one request: each area's tree is read from its text when asked for. */
export type LanguageFiles = { areas: string[]; tree: (areas: readonly string[]) => Tree }

export async function loadLanguageFiles(language: Language): Promise<LanguageFiles> {
  const files = await LANGUAGE_FILES[language]()
  const prefix = `./${language}/`
  const textOf = (area: string): string => {
    const text = files[`${prefix}${area}.json`]
    if (text === undefined) throw new Error(`No texts ${language}/${area}.json`)
    return text
  }
  return {
    areas: Object.keys(files).map((path) => path.slice(prefix.length, -'.json'.length)),
    tree: (areas) => languageTree(language, parsed(Object.fromEntries(areas.map((area) => [area, textOf(area)])))),
  }
}

/**
 * The whole language: every area, and the whole catalogue's messages. What a change of language
 * loads before it shows the language.
 */
export async function loadWholeTree(language: Language): Promise<Tree> {
  const [files, tree] = await Promise.all([loadLanguageFiles(language), loadCatalogueTree(language)])
  mergeInto(tree, files.tree(files.areas), language)
  return tree
}
