// `npm test`: every check, in order, each step timed. First, when the suites that need them are among
// the steps, scripts/test-setup.mjs checks (and as root installs) the programs they run besides Node. The first failing step stops the run with its exit
// code; the closing table says what each step cost, so a slow CI can be read step by step. Steps that
// use one core each (tsc, ESLint, the circle check, Redocly) run two at a time on CI's two cores, their
// output printed whole when each ends; the suites, which use every core, run alone.
import { spawn } from 'node:child_process'
import { ROOT } from './build-if-stale.mjs'
import { testSetup } from './test-setup.mjs'

/** The stages, in the order a failure is cheapest to find: types and lint before the suites. The steps of a stage run together. */
const STAGES = [
  [
    ['typecheck', 'tsc -b: the domain once, then each workspace against its declarations'],
    ['lint', 'ESLint, including the import boundaries'],
  ],
  [
    ['lint:circles', 'no import circles'],
    ['lint:openapi', 'the OpenAPI document, by Redocly'],
  ],
  [['test:unit', 'domain rules and web components']],
  [['test:api', 'the API suite on PGlite, and on PostgreSQL with TEST_DATABASE_URL']],
  [['test:crash', 'kill -9 during writes, then a restart']],
  [['test:e2e', 'the web build, then the browser journeys in Chromium']],
]

const only = process.argv.slice(2)
const stages = STAGES.map((stage) => stage.filter(([name]) => only.length === 0 || only.includes(name))).filter((stage) => stage.length > 0)
const took = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function summary(wallMs) {
  console.log('\nStep times:')
  for (const [name, ms, status] of took) console.log(`  ${name.padEnd(14)} ${seconds(ms).padStart(9)}  ${status}`)
  console.log(`  ${'wall'.padEnd(14)} ${seconds(wallMs).padStart(9)}  (steps of a stage overlap)`)
}

/** One step: alone, its output goes straight through; beside another, it is kept and printed whole at its end. */
function runStep([name, what], alone) {
  return new Promise((resolve) => {
    const start = performance.now()
    const child = spawn('npm', ['run', '--silent', name], { cwd: ROOT, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    const output = []
    if (!alone) {
      child.stdout.on('data', (chunk) => output.push(chunk))
      child.stderr.on('data', (chunk) => output.push(chunk))
    }
    child.on('close', (code, signal) => {
      const ms = performance.now() - start
      const ok = code === 0
      if (!alone) {
        console.log(`\n>>> npm run ${name}: ${what}`)
        process.stdout.write(Buffer.concat(output))
      }
      took.push([name, ms, ok ? 'passed' : `failed (exit ${code ?? signal})`])
      console.log(`<<< ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)}`)
      resolve(ok ? 0 : (code ?? 1))
    })
  })
}

/** The steps that run programs besides Node (Chromium, poppler, qpdf, openssl): scripts/test-setup.mjs checks for them first. */
const NEED_TOOLS = ['test:api', 'test:e2e']

const started = performance.now()
if (stages.flat().some(([name]) => NEED_TOOLS.includes(name))) {
  const code = testSetup()
  took.push(['setup', performance.now() - started, code === 0 ? 'passed' : 'failed'])
  if (code !== 0) {
    summary(performance.now() - started)
    process.exit(code)
  }
}
for (const stage of stages) {
  const alone = stage.length === 1
  if (alone) console.log(`\n>>> npm run ${stage[0][0]}: ${stage[0][1]}`)
  else console.log(`\n>>> together: ${stage.map(([name]) => name).join(', ')}`)
  const codes = await Promise.all(stage.map((step) => runStep(step, alone)))
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) {
    summary(performance.now() - started)
    process.exit(failed)
  }
}
summary(performance.now() - started)
