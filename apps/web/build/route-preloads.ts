import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { PAGE_FILES } from '../src/app/page-files.ts'

/** A language the app has texts in: a folder of src/locales (en-us, es-es). */
type Language = string

/**
 * What the server names in index.html for a route (decision 093): the files a signed-in page fetches
 * before its first render besides the entry's own, so the browser asks for them all while it parses the
 * HTML, as it does for the entry's. The build no longer writes each dynamic import's list of files to
 * preload (build.modulePreload: false): a later part's imports are found by the browser as it loads it.
 */
export type RoutePreloads = {
  /** The frame's texts (its areas and, in es-es, the catalogue's common messages), per language. */
  frame: Record<Language, string[]>
  /** Per route of the whole app with a page of its own: its page's code, and its page's texts per language. */
  routes: Record<string, { code: string[]; texts: Record<Language, string[]> }>
}

export const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json')

type Manifest = Record<string, { file: string; imports?: string[] }>
type PageTexts = { frame: string[]; pages: Record<string, string[]> }

/** The manifest key of a text area's chunk: a locale file, or in en-us a catalogue table (src/locales/areas.ts). */
function areaKey(language: Language, area: string): string {
  if (language === 'en-us' && area.startsWith('messages-')) return `../../packages/domain/src/messages/${area.slice('messages-'.length)}.ts`
  return `src/locales/${language}/${area}.json`
}

function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...keys]
  while (stack.length > 0) {
    const key = stack.pop() as string
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    stack.push(...(manifest[key].imports ?? []))
  }
  return seen
}

/** The table, from the build's manifest and the pages' texts (src/app/page-texts.json). */
export function routePreloads(manifest: Manifest, pageTexts: PageTexts, languages: readonly Language[]): RoutePreloads {
  const inEntry = staticClosure(manifest, ['index.html'])
  const urls = (keys: readonly string[]) => [...staticClosure(manifest, keys)].flatMap((key) => (inEntry.has(key) ? [] : [`/${manifest[key]?.file}`]))
  const texts = (areas: readonly string[]) =>
    Object.fromEntries(languages.map((language) => [language, urls(areas.map((area) => areaKey(language, area)).filter((key) => manifest[key]))])) as Record<Language, string[]>
  const frame = texts([...pageTexts.frame, 'messages-common'])
  const routes: RoutePreloads['routes'] = {}
  for (const [route, page] of Object.entries(PAGE_FILES)) {
    const key = `src/app/routes/${page}.tsx`
    if (!manifest[key]) continue
    routes[route] = { code: urls([key]), texts: texts(pageTexts.pages[page] ?? []) }
  }
  return { frame, routes }
}

/**
 * Vite plugin: each HTML page names its script's static imports as modulepreload links, as Vite does
 * when it writes the preload lists (the browser fetches them beside the script, not after it); after
 * the client build, writes the table beside the manifest (dist/.vite/route-preloads.json).
 */
export function writeRoutePreloads(): Plugin {
  let outDir = ''
  let root = ''
  return {
    name: 'offerbook-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return
        const files = new Set<string>()
        // Breadth first: the script's own imports before theirs.
        const queue = [...chunk.imports]
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          const imported = bundle[next]
          if (files.has(next) || !imported || imported.type !== 'chunk') continue
          files.add(next)
          queue.push(...imported.imports)
        }
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }))
      },
    },
    configResolved(config) {
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir)
      root = config.root
    },
    closeBundle() {
      const manifestPath = join(outDir, '.vite', 'manifest.json')
      if (!outDir || !existsSync(manifestPath)) return
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
      const pageTexts = JSON.parse(readFileSync(join(root, 'src', 'app', 'page-texts.json'), 'utf8')) as PageTexts
      const locales = join(root, 'src', 'locales')
      const languages = readdirSync(locales, { withFileTypes: true }).filter((entry) => entry.isDirectory() && /^[a-z]{2}-[a-z]{2}$/.test(entry.name)).map((entry) => entry.name)
      writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(manifest, pageTexts, languages)))
    },
  }
}
