// The initial JavaScript of each public page, from the web build's manifest (dist/.vite/manifest.json):
// what the browser must fetch before the page can render, gzipped at level 9 as the build writes it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The public pages, by the path a visitor opens and the page module the router loads for it (apps/web/src/app/page-modules.ts). */
export const PUBLIC_PAGES = [
  ['/', 'src/app/routes/home-page.tsx'],
  ['/property/{id}', 'src/app/routes/property-page.tsx'],
  ['/listings', 'src/app/routes/listings-page.tsx'],
  ['/how-it-works', 'src/app/routes/marketing-page.tsx'],
  ['/auth-faq', 'src/app/routes/faq-page.tsx'],
]
/** The chunk of the language a first visit shows (apps/web/src/locales/resources.ts). */
const LANGUAGE = 'src/locales/en-us.ts'

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
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const gzipped = new Map()
  const size = (key) => {
    const file = manifest[key].file
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length)
    return gzipped.get(file)
  }
  const sum = (keys) => [...keys].reduce((total, key) => total + size(key), 0)
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  const rows = []
  const entryOnly = staticClosure(manifest, [entry])
  rows.push(['initial JavaScript, the entry and its static imports (gzip)', `${kb(sum(entryOnly))} in ${entryOnly.size} files`])
  for (const [path, page] of PUBLIC_PAGES) {
    const keys = staticClosure(manifest, [entry, page, LANGUAGE])
    rows.push([`initial JavaScript of ${path} (gzip; entry + page + en-us texts)`, `${kb(sum(keys))} in ${keys.size} files (target: at most 150 KB)`])
  }
  return rows
}
