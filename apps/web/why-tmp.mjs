import { build } from 'esbuild'
const [,, entry, target] = process.argv
const r = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: 'esm', outdir: '/tmp/whyout', logLevel: 'silent',
  loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.json': 'json' },
  plugins: [{ name: 'ext', setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => a.path.startsWith('@offerbook') || a.path.startsWith('zod') || a.path.startsWith('@/') ? undefined : { external: true }) } }],
  alias: { '@': './src' } })
const inputs = r.metafile.inputs
// BFS from entry to find chain to target
const importers = new Map()
for (const [f, i] of Object.entries(inputs)) for (const imp of i.imports) { if (!importers.has(imp.path)) importers.set(imp.path, []); importers.get(imp.path).push(f) }
const targets = Object.keys(inputs).filter((f) => f.includes(target))
console.log('matches', targets.slice(0, 5))
const t = targets[0]
const prev = new Map([[t, null]]); const q = [t]
while (q.length) { const f = q.shift(); for (const p of importers.get(f) ?? []) if (!prev.has(p)) { prev.set(p, f); q.push(p) } }
const start = Object.keys(inputs).find((f) => f.endsWith(entry.replace(/^\.\//, '')))
let c = start; const chain = []
while (c) { chain.push(c); c = prev.get(c) }
console.log(chain.join('\n  -> '))
console.log('--- web files importing domain at runtime:')
for (const [f, i] of Object.entries(inputs)) if (f.startsWith('src/')) { const d = i.imports.filter((x) => x.path.includes('packages/domain')).map((x) => x.path.replace(/.*domain\/src\//, '')); if (d.length) console.log(f, '->', d.join(', ')) }
