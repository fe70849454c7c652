import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROUTES } from '@offerbook/domain/route-access'
import { PAGE_FILES, PLACEHOLDER_PAGE } from '../src/app/page-files.ts'

/**
 * Which locale files (locales/en-us/<area>.json, the same in es-es) each page of the whole app shows
 * on its first screen, found in the source (decision 074): the page's module and what it imports
 * statically (and apart, what it imports lazily: decision 088), with every string that names a text key (`'offer.price'`, or the start of one,
 * `` `roles.${role}` ``, or a constant that starts one, `const P = 'identity'` with `` `${P}.title` ``). The frame (src/app/main.tsx and its imports, the page table left out) gets
 * the areas its own modules name; a page, the others its modules name. src/app/page-texts.json keeps the
 * result; its test (page-texts.test.ts) fails when the source no longer matches it.
 */

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src')
const DOMAIN_SRC = resolve(WEB_SRC, '..', '..', '..', 'packages', 'domain', 'src')
const LOCALES = join(WEB_SRC, 'locales', 'en-us')
/**
 * The catalogue's messages by area: es-es has them as locales/es-es/messages-<area>.json; en-us, as the
 * catalogue's table of that name (locales/areas.ts). `common` travels with the frame always.
 */
const MESSAGE_LOCALES = join(WEB_SRC, 'locales', 'es-es')
const ALWAYS_HERE = 'messages-common'
/** Never followed: the page table (it names every page) and the texts themselves. */
const NOT_FOLLOWED = [join(WEB_SRC, 'app', 'page-modules.ts'), join(WEB_SRC, 'locales')]
/**
 * Never read for keys: the catalogue's message keys (they live under `messages.`, loaded apart), and
 * the route table, whose titles are counted by page (a page gets the titles of the routes it serves).
 */
const NOT_READ = [join(DOMAIN_SRC, 'messages'), join(DOMAIN_SRC, 'route-access.ts')]
/**
 * Frame modules whose texts the frame does not show on a first screen: the bell's list of notices,
 * drawn on a click, after the whole language has loaded (decision 074). A page that imports them gets their texts.
 */
const FRAME_LATER = [join(WEB_SRC, 'features', 'notifications', 'components', 'notification-text.ts')]

/**
 * `pages`: the areas a page's module and its static imports name, loaded with the module before its
 * first render; `later`: the other areas of what it loads by `import()` (a part drawn beside or on a
 * click), requested with the module and not waited for: such a part waits for them (decision 088).
 */
export type PageTexts = { frame: string[]; pages: Record<string, string[]>; later: Record<string, string[]> }

/** The areas of the whole app's texts: every en-us file but the public pages' own (they travel with those pages). */
export function textAreas(): string[] {
  return readdirSync(LOCALES)
    .filter((name) => name.endsWith('.json') && !name.startsWith('public-'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort()
}

/** The areas of the catalogue's messages (`messages-timeline`), each with its keys as `translate` takes them (`timeline.closing`). */
export function messageAreas(): Map<string, string[]> {
  const areas = readdirSync(MESSAGE_LOCALES)
    .filter((name) => name.startsWith('messages-') && name.endsWith('.json') && name !== `${ALWAYS_HERE}.json`)
    .map((name) => name.slice(0, -'.json'.length))
    .sort()
  return new Map(areas.map((area) => [area, flatKeys((JSON.parse(readFileSync(join(MESSAGE_LOCALES, `${area}.json`), 'utf8')) as { messages: unknown }).messages, '', [])]))
}

function flatKeys(tree: unknown, prefix: string, into: string[]): string[] {
  if (typeof tree === 'string') into.push(prefix)
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) flatKeys(value, prefix ? `${prefix}.${key}` : key, into)
  return into
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else if (specifier.startsWith('@offerbook/domain/')) base = join(DOMAIN_SRC, specifier.slice('@offerbook/domain/'.length))
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate
  }
  return null
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\sfrom\s+)?['"]([^'"\n]+)['"]/g
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g
/** A whole key in quotes (at least two parts), or the start of a template literal up to its first `${`. */
const KEY = /['"`]([A-Za-z]\w*(?:\.[\w-]+)+)['"`]/g
const KEY_START = /`([A-Za-z]\w*(?:\.[\w-]+)*)\.\$\{/g
/** A module's constant key start (`const P = 'identity'`), named where it starts a template (`` `${P}.title` ``). */
const CONSTANT = /\bconst (\w+) = ['"]([A-Za-z]\w*(?:\.[\w-]+)*)['"]/g
const TEMPLATE_START = /`\$\{(\w+)\}\./g
/** A catalogue message drawn by key (`translate('listing.addListingDisabled')`, `` translate(`timeline.${kind}`) ``). */
const MESSAGE_KEY = /\btranslate\(\s*['"`]([A-Za-z]\w*(?:\.[\w-]+)+)['"`]/g
const MESSAGE_KEY_START = /\btranslate\(\s*`([A-Za-z]\w*(?:\.[\w-]+)*)\.\$\{/g

function sourceClosure(entries: string[], { dynamic = true }: { dynamic?: boolean } = {}): Set<string> {
  const seen = new Set<string>()
  const stack = [...entries]
  while (stack.length > 0) {
    const file = stack.pop()
    if (!file || seen.has(file) || NOT_FOLLOWED.some((path) => file === path || file.startsWith(path + '/'))) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(IMPORT)) {
      if (match[1]) continue
      const target = resolveImport(file, match[2] ?? '')
      if (target) stack.push(target)
    }
    if (dynamic) for (const match of source.matchAll(DYNAMIC_IMPORT)) {
      const target = resolveImport(file, match[1] ?? '')
      if (target) stack.push(target)
    }
  }
  return seen
}

const readable = (file: string) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx') && !NOT_READ.some((path) => file === path || file.startsWith(path + '/'))

/** The catalogue keys, and starts of keys, these files draw with `translate`. */
function namedMessages(files: Iterable<string>): Set<string> {
  const keys = new Set<string>()
  for (const file of [...files].filter(readable)) {
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(MESSAGE_KEY)) keys.add(match[1] ?? '')
    for (const match of source.matchAll(MESSAGE_KEY_START)) keys.add(match[1] ?? '')
  }
  return keys
}

function namedKeys(files: Iterable<string>): Set<string> {
  const keys = new Set<string>()
  for (const file of files) {
    if (!readable(file)) continue
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(KEY)) keys.add(match[1] ?? '')
    for (const match of source.matchAll(KEY_START)) keys.add(match[1] ?? '')
    const constants = new Map([...source.matchAll(CONSTANT)].map((match) => [match[1] ?? '', match[2] ?? '']))
    for (const match of source.matchAll(TEMPLATE_START)) {
      const start = constants.get(match[1] ?? '')
      if (start) keys.add(start)
    }
  }
  return keys
}

/** The areas whose keys one of `named` is, or starts (a key's start, or a plural's base). */
function areasNamed(named: Set<string>, areaKeys: Map<string, string[]>): Set<string> {
  const areas = new Set<string>()
  for (const [area, keys] of areaKeys) {
    if (keys.some((key) => named.has(key) || [...prefixesOf(key)].some((prefix) => named.has(prefix)))) areas.add(area)
  }
  return areas
}

/** offer.price.low_one → offer, offer.price, offer.price.low (a plural's base). */
function* prefixesOf(key: string): Generator<string> {
  const parts = key.split('.')
  for (let i = 1; i < parts.length; i++) yield parts.slice(0, i).join('.')
  const plural = /_(zero|one|two|few|many|other)$/.exec(key)
  if (plural) yield key.slice(0, plural.index)
}

/** The page modules of the whole app (app/page-files.ts), each with the title keys of the routes it serves. */
function pageFiles(): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>([[PLACEHOLDER_PAGE, new Set()]])
  for (const page of Object.values(PAGE_FILES)) pages.set(page, new Set())
  for (const route of ROUTES) pages.get(PAGE_FILES[route.name] ?? PLACEHOLDER_PAGE)?.add(route.titleKey)
  return new Map([...pages].sort(([a], [b]) => a.localeCompare(b)))
}

export function computePageTexts(): PageTexts {
  const areaKeys = new Map(textAreas().map((area) => [area, flatKeys(JSON.parse(readFileSync(join(LOCALES, `${area}.json`), 'utf8')), '', [])]))
  const messageKeys = messageAreas()
  /** The text areas and the message areas these files name. */
  const named = (files: string[], extra: Iterable<string> = []) => new Set([...areasNamed(new Set([...namedKeys(files), ...extra]), areaKeys), ...areasNamed(namedMessages(files), messageKeys)])
  const frameFiles = sourceClosure([join(WEB_SRC, 'app', 'main.tsx')])
  const frame = named([...frameFiles].filter((path) => !FRAME_LATER.includes(path)))
  const pages: Record<string, string[]> = {}
  const later: Record<string, string[]> = {}
  for (const [name, titles] of pageFiles()) {
    const page = join(WEB_SRC, 'app', 'routes', `${name}.tsx`)
    const own = (files: Set<string>) => [...files].filter((path) => !frameFiles.has(path) || FRAME_LATER.includes(path))
    const first = new Set([...named(own(sourceClosure([page], { dynamic: false })), titles)].filter((area) => !frame.has(area)))
    pages[name] = [...first].sort()
    const rest = [...named(own(sourceClosure([page])))].filter((area) => !frame.has(area) && !first.has(area)).sort()
    if (rest.length > 0) later[name] = rest
  }
  return { frame: [...frame].sort(), pages, later }
}

/** For messages: where a file sits, relative to the web app's src. */
export function fromWebSrc(path: string): string {
  return relative(WEB_SRC, path)
}
