// `npm run dev`: the API with watch on API_PORT (3001) and the Vite dev server on PORT (3000), proxying /api.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ROOT } from './build-if-stale.mjs'

// Node runs the tools' own entry files, so a signal to this process reaches them directly (no npx between).
const requireFrom = (workspace) => createRequire(join(ROOT, workspace, 'package.json'))
const tsxCli = requireFrom('apps/api').resolve('tsx/cli')
const viteCli = join(dirname(requireFrom('apps/web').resolve('vite/package.json')), 'bin/vite.js')

const webPort = process.env.PORT ?? '3000'
const apiPort = process.env.API_PORT ?? '3001'
const children = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}` },
  }),
  spawn(process.execPath, [viteCli, '--port', webPort, '--strictPort'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 3000).unref()
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null))).then(() => process.exit(code))
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
