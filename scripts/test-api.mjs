// The API integration suite: always on a fresh PGlite per test file, and again on a real PostgreSQL
// when TEST_DATABASE_URL is set (each test file then gets a database of its own on that server).
// The files that open no database run once, in the first pass: a second pass would run the same code.
// So do the files that open a PGlite of their own whatever TEST_DATABASE_URL says (ONE_PGLITE).
// The fuzz run's second pass sends other requests (its own seed): together the two passes send
// 20,000 different requests, each database at least 10,000.
import { spawnSync } from 'node:child_process'
import { ROOT } from './build-if-stale.mjs'
import { DATABASE_FREE, ONE_PGLITE } from './test-api-files.mjs'

const { TEST_DATABASE_URL, ...rest } = process.env
const runs = [{ label: 'PGlite (embedded)', env: rest, args: [] }]
if (TEST_DATABASE_URL) {
  runs.push({
    label: 'PostgreSQL (TEST_DATABASE_URL)',
    env: { FUZZ_SEED: '40522250', ...rest, TEST_DATABASE_URL },
    args: [...DATABASE_FREE, ...ONE_PGLITE].flatMap((file) => ['--exclude', file]),
  })
} else console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.')

for (const run of runs) {
  console.log(`\n=== API integration suite on ${run.label} ===`)
  const started = performance.now()
  const reporters = ['--reporter=default', '--reporter=./scripts/slow-files-reporter.mjs']
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...reporters, ...run.args], { cwd: ROOT, stdio: 'inherit', env: run.env })
  console.log(`=== ${run.label}: ${((performance.now() - started) / 1000).toFixed(1)} s ===`)
  if (result.status !== 0) process.exit(result.status ?? 1)
}
