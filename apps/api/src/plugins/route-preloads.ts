import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Language } from '@offerbook/domain/languages'
import { LANGUAGES, languageOfAcceptLanguage, languageOfCookie } from '@offerbook/domain/languages'

/**
 * The files each route of the whole app fetches before its first render besides index.html's own,
 * as the web build lists them (apps/web/build/route-preloads.ts, dist/.vite/route-preloads.json;
 * decision 093). index.html names them as modulepreload links, so the browser asks for a page's code
 * and texts while it parses the HTML rather than once the frame's script has run.
 */
type Files = Record<Language, string[]>
type RoutePreloads = { frame: Files; routes: Record<string, { code: string[]; texts: Files }> }

const ASSET = /^\/assets\/[\w.-]+\.js$/

function isFiles(value: unknown): value is Files {
  return typeof value === 'object' && value !== null && LANGUAGES.every((language) => isUrls((value as Record<string, unknown>)[language]))
}

function isUrls(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((url) => typeof url === 'string' && ASSET.test(url))
}

function isRoutePreloads(value: unknown): value is RoutePreloads {
  if (typeof value !== 'object' || value === null) return false
  const { frame, routes } = value as Record<string, unknown>
  if (!isFiles(frame) || typeof routes !== 'object' || routes === null) return false
  return Object.values(routes).every((route) => typeof route === 'object' && route !== null && isUrls((route as Record<string, unknown>).code) && isFiles((route as Record<string, unknown>).texts))
}

/** The table last read, by its file's modification time: a new build is read again. */
const kept = new Map<string, { mtimeMs: number; table: Promise<RoutePreloads | null> }>()

/** The build's table, or null for a build without one (or one this server cannot read): index.html is then served as built. */
export async function readRoutePreloads(webDist: string): Promise<RoutePreloads | null> {
  const file = join(webDist, '.vite', 'route-preloads.json')
  let mtimeMs: number
  try {
    mtimeMs = (await stat(file)).mtimeMs
  } catch {
    return null
  }
  const known = kept.get(file)
  if (known?.mtimeMs === mtimeMs) return known.table
  const table = readFile(file, 'utf8').then(
    (text) => {
      const parsed: unknown = JSON.parse(text)
      return isRoutePreloads(parsed) ? parsed : null
    },
    () => null,
  ).catch(() => null)
  kept.set(file, { mtimeMs, table })
  return table
}

/**
 * The language the app will start in: the browser's choice as its cookie tells it, else the first
 * tag of Accept-Language we speak, as the app reads navigator.languages when it keeps no choice.
 */
export function startLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return languageOfCookie(cookie) ?? languageOfAcceptLanguage(acceptLanguage)
}

/**
 * The modulepreload links for index.html: the frame's texts always, and with `route` (a route the
 * visitor will see: a public one, or any with the signed-in hint) its page's code and texts.
 */
export function preloadLinks(table: RoutePreloads, route: string | null, language: Language): string {
  const page = route === null ? undefined : table.routes[route]
  const urls = new Set([...table.frame[language], ...(page ? [...page.code, ...page.texts[language]] : [])])
  return [...urls].map((url) => `<link rel="modulepreload" crossorigin href="${url}">`).join('\n    ')
}
