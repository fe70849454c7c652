// Counts the imports of apps/api/src that run back up the layers, and fails past a limit.
//
// Layers, lowest first:
//   1. the base: db/, http/, storage/, plugins/, workers/, auth/ and the loose files (config.ts, app-error.ts, ...)
//   2. modules/
//   3. the composition: app.ts, server.ts, seed/
// An arrow runs back up when a file imports a file of a higher layer. Inside the modules the order is
// routes -> service -> queries, so a *.queries.ts importing a *.service.ts or *.routes.ts, and a
// *.service.ts importing a *.routes.ts, run back up too. Type-only imports count: they tie the files as well.
// Tests (*.test.ts, *.test-helpers.ts) are left out: they build the whole app to drive it, whatever their folder.
//
//   node scripts/lint-layers.mjs [--max N]
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { join, dirname, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import ts from 'typescript'
import { ROOT } from './build-if-stale.mjs'

const SRC = join(ROOT, 'apps/api/src')
const { values } = parseArgs({ options: { max: { type: 'string' } } })
const max = values.max === undefined ? undefined : Number(values.max)
if (max !== undefined && !Number.isInteger(max)) {
  console.error('lint:layers: --max takes a whole number')
  process.exit(2)
}

const COMPOSITION_FILES = new Set(['app.ts', 'server.ts'])
const COMPOSITION_FOLDERS = new Set(['seed'])

/** The layer of a path relative to apps/api/src, 1 lowest. */
function layerOf(path) {
  const [head] = path.split('/')
  if (COMPOSITION_FILES.has(path) || COMPOSITION_FOLDERS.has(head)) return 3
  if (head === 'modules') return 2
  return 1
}

/** The rank of a module file in routes -> service -> queries, or undefined for the others. */
function moduleRank(path) {
  if (/\.routes\.ts$/.test(path)) return 3
  if (/\.service\.ts$/.test(path)) return 2
  if (/\.queries\.ts$/.test(path)) return 1
  return undefined
}

function listFiles(folder) {
  const files = []
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) files.push(...listFiles(path))
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path)
  }
  return files
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''))
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

const toPosix = (path) => path.split(sep).join('/')
const arrows = []
for (const file of listFiles(SRC)) {
  const from = toPosix(relative(SRC, file))
  if (/\.test(-helpers)?\.tsx?$/.test(from)) continue
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  const seen = new Set()
  for (const { fileName } of importedFiles) {
    const target = resolveImport(file, fileName)
    if (target === undefined) continue
    const to = toPosix(relative(SRC, target))
    if (seen.has(to) || !to.split('/')[0] || to.startsWith('..')) continue
    seen.add(to)
    const upward = layerOf(to) > layerOf(from)
    const fromRank = moduleRank(from)
    const toRank = moduleRank(to)
    const upInModule = layerOf(from) === 2 && layerOf(to) === 2 && fromRank !== undefined && toRank !== undefined && toRank > fromRank
    if (upward || upInModule) arrows.push(`${from} -> ${to}`)
  }
}

arrows.sort()
for (const arrow of arrows) console.log(`  ${arrow}`)
console.log(`lint:layers: ${arrows.length} import(s) run back up the layers of apps/api/src${max === undefined ? '' : ` (at most ${max})`}`)
if (max !== undefined && arrows.length > max) {
  console.error(`lint:layers: ${arrows.length} > ${max}; move the importing code up a layer, or hand the lower layer what it needs as an argument`)
  process.exit(1)
}
