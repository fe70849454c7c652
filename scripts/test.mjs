// `npm test`: every check, in order, each step timed. The first failing step stops the run with its exit
// code; the closing table says what each step cost, so a slow CI can be read step by step.
import { spawnSync } from 'node:child_process'
import { ROOT } from './build-if-stale.mjs'

/** The steps, in the order a failure is cheapest to find: types and lint before the suites. */
const STEPS = [
  ['typecheck', 'tsc over every workspace'],
  ['lint', 'ESLint, including the import boundaries'],
  ['lint:circles', 'no import circles'],
  ['lint:openapi', 'the OpenAPI document, by Redocly'],
  ['test:unit', 'domain rules and web components'],
  ['test:api', 'the API suite on PGlite, and on PostgreSQL with TEST_DATABASE_URL'],
  ['test:crash', 'kill -9 during writes, then a restart'],
  ['test:e2e', 'the web build, then the browser journeys in Chromium'],
]

const only = process.argv.slice(2)
const steps = only.length > 0 ? STEPS.filter(([name]) => only.includes(name)) : STEPS
const took = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function summary() {
  console.log('\nStep times:')
  for (const [name, ms, status] of took) console.log(`  ${name.padEnd(14)} ${seconds(ms).padStart(9)}  ${status}`)
  console.log(`  ${'total'.padEnd(14)} ${seconds(took.reduce((sum, [, ms]) => sum + ms, 0)).padStart(9)}`)
}

for (const [name, what] of steps) {
  console.log(`\n>>> npm run ${name}: ${what}`)
  const start = performance.now()
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: ROOT, stdio: 'inherit' })
  const ms = performance.now() - start
  const ok = result.status === 0
  took.push([name, ms, ok ? 'passed' : `failed (exit ${result.status ?? result.signal})`])
  console.log(`<<< ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)}`)
  if (!ok) {
    summary()
    process.exit(result.status ?? 1)
  }
}
summary()
