// Builds the web app when its output is missing or older than any of its sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
// WEB_DIST moves the build (and what the server serves) elsewhere, e.g. one folder per parallel test run.
const OUT_DIR = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(ROOT, 'apps/web/dist')
const OUTPUT = join(OUT_DIR, 'index.html')
const SOURCES = ['apps/web/src', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/domain/src', 'package-lock.json']

export function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs)
}

export function buildIfStale() {
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : 0
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))))
  if (built >= newest) return false
  console.log('Building the web app…')
  // A production build whatever NODE_ENV the caller runs with: Vite keeps a NODE_ENV it finds, and a
  // server started with NODE_ENV=development (the benches' servers) built React's development copy,
  // 607 KB of public shell instead of 384 KB and several times the work on every page.
  const env = { ...process.env, NODE_ENV: 'production' }
  const result = spawnSync('npm', ['run', 'build', '-w', '@offerbook/web', '--', '--outDir', OUT_DIR, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error('The web build failed; see above.')
    process.exit(result.status ?? 1)
  }
  return true
}
