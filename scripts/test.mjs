// `npm test`: every check, in order, each step timed. First, when the suites that need them are among
// the steps, scripts/test-setup.mjs checks (and as root installs) the programs they run besides Node. The first failing step stops the run with its exit
// code; the closing table says what each step cost, so a slow CI can be read step by step. A stage's
// steps share CI's two cores: at most two run at once, the next starting when one ends, their output
// printed whole when each ends. Steps that use one core each (tsc, ESLint, the circle and layer checks, Redocly)
// share a stage; so do the two halves of the crash run, which mostly wait for a server they started (one
// ran after the other, leaving a core idle half the time), and the web build. The suites, which use every
// core, run alone.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { ROOT } from './build-if-stale.mjs'
import { testSetup } from './test-setup.mjs'

/** Steps of a stage that run at once: CI has two cores. */
const SLOTS = 2

/** The stages, in the order a failure is cheapest to find: types and lint before the suites. */
const STAGES = [
  [
    ['typecheck', 'tsc -b: the domain once, then each workspace against its declarations'],
    ['lint', 'ESLint, including the import boundaries'],
    ['lint:circles', 'no import circles'],
    ['lint:layers', 'API imports that run back up the layers, at most the known ones'],
    ['lint:openapi', 'the OpenAPI document, by Redocly'],
  ],
  [['test:unit', 'domain rules and web components']],
  [['test:api', 'the API suite on PGlite, and on PostgreSQL with TEST_DATABASE_URL']],
  [
    ['test:crash:writes', 'kill -9 during a burst of writes, then a restart on the same data'],
    ['test:crash:restart', "npm start's primary starting a new server process after kill -9"],
    ['build:web', 'the web build, for the browser journeys'],
  ],
  [['test:browser', 'the browser journeys in Chromium (the server bundled first if stale)']],
]

/** `node scripts/test.mjs test:e2e` names the web build and the journeys by the script that runs both; test:crash its two halves. */
const ALIASES = { 'test:e2e': ['build:web', 'test:browser'], 'test:crash': ['test:crash:writes', 'test:crash:restart'] }

const only = process.argv.slice(2).flatMap((name) => ALIASES[name] ?? [name])
const stages = STAGES.map((stage) => stage.filter(([name]) => only.length === 0 || only.includes(name))).filter((stage) => stage.length > 0)
const took = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** The machine's CPU time so far, busy and in all, in clock ticks (Linux's /proc/stat); null elsewhere. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    const idle = fields[3] + (fields[4] ?? 0)
    const total = fields.reduce((sum, value) => sum + value, 0)
    return { busy: total - idle, total }
  } catch {
    return null
  }
}

/** How busy every core of the machine was between two readings, as a share: whether a step left a core idle. */
function busyShare(before, after) {
  if (!before || !after || after.total === before.total) return ''
  return `${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))} % of the CPUs busy`
}

function summary(wallMs) {
  console.log('\nStep times (the CPU share is the whole machine while the step ran):')
  for (const [name, ms, status, cpu] of took) console.log(`  ${name.padEnd(18)} ${seconds(ms).padStart(9)}  ${status}${cpu ? `, ${cpu}` : ''}`)
  console.log(`  ${'wall'.padEnd(18)} ${seconds(wallMs).padStart(9)}  (steps of a stage overlap)`)
}

/** One step: alone, its output goes straight through; beside another, it is kept and printed whole at its end. */
function runStep([name, what], alone) {
  return new Promise((resolve) => {
    const start = performance.now()
    const ticks = cpuTicks()
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
      took.push([name, ms, ok ? 'passed' : `failed (exit ${code ?? signal})`, busyShare(ticks, cpuTicks())])
      console.log(`<<< ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)}`)
      resolve(ok ? 0 : (code ?? 1))
    })
  })
}

/** The steps that run programs besides Node (Chromium, poppler, qpdf, openssl): scripts/test-setup.mjs checks for them first. */
const NEED_TOOLS = ['test:api', 'test:browser']

const started = performance.now()
if (stages.flat().some(([name]) => NEED_TOOLS.includes(name))) {
  const code = testSetup()
  took.push(['setup', performance.now() - started, code === 0 ? 'passed' : 'failed'])
  if (code !== 0) {
    summary(performance.now() - started)
    process.exit(code)
  }
}
/** Runs a stage's steps, at most SLOTS at once, in order; resolves with each step's exit code. */
async function runStage(stage) {
  const alone = stage.length === 1
  if (alone) console.log(`\n>>> npm run ${stage[0][0]}: ${stage[0][1]}`)
  else console.log(`\n>>> together, ${SLOTS} at a time: ${stage.map(([name]) => name).join(', ')}`)
  const codes = []
  let next = 0
  const slot = async () => {
    while (next < stage.length) {
      const index = next++
      codes[index] = await runStep(stage[index], alone)
    }
  }
  await Promise.all(Array.from({ length: Math.min(SLOTS, stage.length) }, slot))
  return codes
}

for (const stage of stages) {
  const codes = await runStage(stage)
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) {
    summary(performance.now() - started)
    process.exit(failed)
  }
}
summary(performance.now() - started)
