// `npm run dev`: the API with watch on API_PORT (3001) and the Vite dev server on PORT (3000), proxying /api.
import { spawn } from 'node:child_process'
import { ROOT } from './build-if-stale.mjs'

const apiPort = process.env.API_PORT ?? '3001'
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}` },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: `${ROOT}/apps/web`,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]
let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGINT')
  setTimeout(() => process.exit(code), 3000).unref()
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
