// The initial JavaScript of each public and signed-in page, from the web build's manifest (dist/.vite/manifest.json):
// what the browser must fetch before the page can render, gzipped at level 9 as the build writes it.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/**
 * Which texts the whole app's frame and each of its pages load before the first render (decision 074):
 * the frame's areas with the catalogue's common messages, and the page's own areas, each file a chunk.
 */
const PAGE_TEXTS = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'app', 'page-texts.json'), 'utf8'))

/** The en-us text chunks a signed-in page waits for: the frame's areas and the page module's own. */
function signedInTexts(page) {
  const name = page.replace(/^src\/app\/routes\//, '').replace(/\.tsx$/, '')
  const areas = [...PAGE_TEXTS.frame, ...(PAGE_TEXTS.pages[name] ?? [])]
  // en-us's message areas are the catalogue's tables (apps/web/src/locales/areas.ts).
  return areas.map((area) => (area.startsWith('messages-') ? `../../packages/domain/src/messages/${area.slice('messages-'.length)}.ts` : `src/locales/en-us/${area}.json`))
}

/**
 * The pages measured, by the path a visitor opens, the HTML page that serves it (public.html for the
 * first-visit pages of the public shell, index.html for the whole app; decision 034), the page module
 * loaded for it (apps/web/src/app/public/public-pages.ts, app/page-modules.ts), and the language chunk
 * the first render waits for.
 */
export const PUBLIC_PAGES = [
  ['/', 'public.html', 'src/app/routes/home-page.tsx', 'src/locales/public-en-us.ts'],
  ['/property/{id}', 'public.html', 'src/app/routes/visitor-property-page.tsx', 'src/locales/public-en-us.ts'],
  ['/listings', 'public.html', 'src/app/routes/listings-page.tsx', 'src/locales/public-en-us.ts'],
  ['/how-it-works', 'public.html', 'src/app/routes/how-it-works-page.tsx', 'src/locales/public-en-us.ts'],
]

/**
 * The signed-in pages, served by the whole app (index.html), with the texts they wait for (the frame's
 * and the page's own, signedInTexts); target: at most 170 KB each (issue 36).
 */
export const SIGNED_IN_PAGES = [
  ['/auth-faq (signed in)', 'index.html', 'src/app/routes/faq-page.tsx'],
  ['/dashboard', 'index.html', 'src/app/routes/dashboard-page.tsx'],
  ['/my-properties/list', 'index.html', 'src/app/routes/my-properties-list-page.tsx'],
  ['/submitted-offers/update/{id}', 'index.html', 'src/app/routes/submitted-offer-update-page.tsx'],
  ['/my-properties/{id}/optimize', 'index.html', 'src/app/routes/my-property-optimize-page.tsx'],
  ['/my-properties/{id}/offers/{offerId}', 'index.html', 'src/app/routes/my-property-offer-page.tsx'],
].map(([path, entry, page]) => [path, entry, page, ...signedInTexts(page)])

function staticClosure(manifest, keys) {
  const seen = new Set()
  const stack = [...keys]
  while (stack.length > 0) {
    const key = stack.pop()
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    stack.push(...(manifest[key].imports ?? []))
  }
  return seen
}

/**
 * Rows for the bench: per page, the entry with its static imports, the page's module with its static
 * imports, and the language chunk; the files fetched for it and their gzip total.
 */
export function initialJavaScriptRows(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return [['initial JavaScript of the public pages', `not measured: no ${manifestPath}`]]
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const gzipped = new Map()
  const size = (key) => {
    const file = manifest[key].file
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length)
    return gzipped.get(file)
  }
  const sum = (keys) => [...keys].reduce((total, key) => total + size(key), 0)
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  const rows = []
  for (const entry of ['public.html', 'index.html']) {
    const entryOnly = staticClosure(manifest, [entry])
    rows.push([`initial JavaScript of ${entry}'s script and its static imports (gzip)`, `${kb(sum(entryOnly))} in ${entryOnly.size} files`])
  }
  for (const [path, entry, page, ...texts] of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES]) {
    const missing = texts.filter((key) => !manifest[key])
    if (missing.length > 0) throw new Error(`The build has no chunk for ${missing.join(', ')}`)
    const keys = staticClosure(manifest, [entry, page, ...texts])
    const target = entry === 'public.html' ? ' (target: at most 150 KB)' : ' (target: at most 170 KB)'
    rows.push([`initial JavaScript of ${path} (gzip; script + page + en-us texts)`, `${kb(sum(keys))} in ${keys.size} files${target}`])
  }
  return rows
}
