// Bundles the API server (apps/api/src and @offerbook/domain) into apps/api/dist/server.mjs with
// esbuild, when the bundle is missing or older than any of its sources, so `npm start` runs plain
// JavaScript: nothing is transformed at run time (docs/decisions/028-runtime.md). The packages of
// node_modules stay outside the bundle (PGlite and pdf.js find their wasm and workers beside their own
// files). The migrations are copied beside the bundle, where the bundled migrate.ts looks for them.
import { cpSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT, newestMtime } from './build-if-stale.mjs'

export const SERVER_DIST = join(ROOT, 'apps/api/dist')
export const SERVER_BUNDLE = join(SERVER_DIST, 'server.mjs')
/** Its name is also in apps/api/src/db/client.ts, which opens it. */
const NEW_DATA_IMAGE = 'new-data-directory.tar'
const SOURCES = ['apps/api/src', 'packages/domain/src', 'apps/api/package.json', 'packages/domain/package.json', 'package-lock.json', 'scripts/build-server.mjs']

/** Whether the bundle is older than a source. */
export function serverIsStale() {
  const built = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0
  return built < Math.max(...SOURCES.map((source) => newestMtime(join(ROOT, source))))
}

export async function buildServer() {
  const { build } = await import('esbuild')
  rmSync(SERVER_DIST, { recursive: true, force: true })
  await build({
    // The demo photos' module is an entry of its own: the build calls it below to make their files.
    // The heavy-work pool's worker is one too: heavy-pool.ts starts it as heavy-worker.mjs beside itself.
    entryPoints: [join(ROOT, 'apps/api/src/server.ts'), join(ROOT, 'apps/api/src/seed/demo-photo-files.ts'), join(ROOT, 'apps/api/src/workers/heavy-worker.ts')],
    outdir: SERVER_DIST,
    outExtension: { '.js': '.mjs' },
    // What is imported only when needed (the S3 client) gets a file of its own, loaded then.
    splitting: true,
    // Beside server.mjs: code that finds files from its own place (config.ts, migrate.ts) finds them from any of them.
    chunkNames: '[name]-[hash]',
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // config.ts finds the repository three folders up from its own file: apps/api/dist/ is as deep as apps/api/src/.
    plugins: [
      {
        name: 'node-modules-outside',
        setup(builder) {
          // Every package but the workspace's own domain (TypeScript source) is imported from node_modules at run time.
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@offerbook/') ? undefined : { path: args.path, external: true }))
        },
      },
    ],
  })
  cpSync(join(ROOT, 'apps/api/src/db/migrations'), join(SERVER_DIST, 'migrations'), { recursive: true })
  await buildNewDataImage()
  await buildDemoPhotos()
}

/**
 * The demo photos and their WebP copies, drawn and encoded once here instead of at every new data
 * directory's seed (decision 035): the seed copies them from dist/demo-photos.
 */
async function buildDemoPhotos() {
  const { DEMO_PHOTOS_DIRECTORY, writeDemoPhotos } = await import(pathToFileURL(join(SERVER_DIST, 'demo-photo-files.mjs')).href)
  await writeDemoPhotos(join(SERVER_DIST, DEMO_PHOTOS_DIRECTORY))
}

/**
 * A new embedded database, initialised and migrated, dumped beside the bundle: a new data directory
 * starts from it instead of running initdb and every migration (decision 028). The bundle's own
 * migrate module makes it, so the image has exactly the migrations the server has.
 */
async function buildNewDataImage() {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = new PGlite()
  await client.waitReady
  await migrate(drizzle({ client }), { migrationsFolder: join(SERVER_DIST, 'migrations') })
  const image = await client.dumpDataDir('none')
  await client.close()
  writeFileSync(join(SERVER_DIST, NEW_DATA_IMAGE), Buffer.from(await image.arrayBuffer()))
}

export async function buildServerIfStale() {
  if (!serverIsStale()) return false
  const started = performance.now()
  await buildServer()
  console.log(`Built the API server in ${Math.round(performance.now() - started)} ms (apps/api/dist/server.mjs)`)
  return true
}
