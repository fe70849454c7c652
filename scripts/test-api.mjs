// The API integration suite: always on a fresh PGlite per test file, and again on a real PostgreSQL
// when TEST_DATABASE_URL is set (each test file then gets a database of its own on that server).
import { spawnSync } from 'node:child_process'
import { ROOT } from './build-if-stale.mjs'

const { TEST_DATABASE_URL, ...rest } = process.env
const runs = [{ label: 'PGlite (embedded)', env: rest }]
if (TEST_DATABASE_URL) runs.push({ label: 'PostgreSQL (TEST_DATABASE_URL)', env: { ...rest, TEST_DATABASE_URL } })
else console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.')

for (const run of runs) {
  console.log(`\n=== API integration suite on ${run.label} ===`)
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { cwd: ROOT, stdio: 'inherit', env: run.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
