// Lints the OpenAPI document the API generates with Redocly's recommended rules (and redocly.yaml), then
// with Spectral's OpenAPI ruleset (.spectral.yaml, decision 081): the app is built in-process on PGlite
// as the tests build it, its app.swagger() written to a temp file, and any error of either fails the run.
// Prints the counts of errors and warnings of each.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './build-if-stale.mjs'

const dir = mkdtempSync(join(tmpdir(), 'offerbook-openapi-'))
const file = join(dir, 'openapi.json')

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.error) throw result.error
  return result
}

try {
  const built = run('npx', ['tsx', 'apps/api/scripts/openapi-document.ts', file])
  if (built.status !== 0) {
    process.stderr.write(built.stderr)
    console.error('lint:openapi: the OpenAPI document could not be generated')
    process.exit(1)
  }
  const lint = run('npx', ['redocly', 'lint', '--extends=recommended', '--max-problems=10000', '--format=json', file])
  let report
  try {
    report = JSON.parse(lint.stdout)
  } catch {
    process.stderr.write(lint.stdout + lint.stderr)
    console.error('lint:openapi: redocly did not answer with a report')
    process.exit(1)
  }
  const problems = report.problems ?? []
  for (const problem of problems) {
    const where = problem.location?.[0]?.pointer ?? ''
    console.log(`${problem.severity.padEnd(5)} ${problem.ruleId.padEnd(24)} ${where}\n      ${problem.message}`)
  }
  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.filter((p) => p.severity === 'warn').length
  console.log(`lint:openapi: ${errors} error(s), ${warnings} warning(s) (redocly lint --extends=recommended)`)
  if (errors > 0 || lint.status !== 0) process.exit(1)

  const spectral = run('npx', ['spectral', 'lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet', '--fail-severity', 'error', file])
  let results
  try {
    results = JSON.parse(spectral.stdout || '[]')
  } catch {
    process.stderr.write(spectral.stdout + spectral.stderr)
    console.error('lint:openapi: spectral did not answer with a report')
    process.exit(1)
  }
  const SEVERITY = ['error', 'warn', 'info', 'hint']
  for (const result of results) {
    console.log(`${SEVERITY[result.severity].padEnd(5)} ${result.code.padEnd(24)} #/${result.path.join('/')}\n      ${result.message}`)
  }
  const spectralErrors = results.filter((r) => r.severity === 0).length
  const spectralWarnings = results.filter((r) => r.severity === 1).length
  console.log(`lint:openapi: ${spectralErrors} error(s), ${spectralWarnings} warning(s) (spectral lint, spectral:oas)`)
  if (spectralErrors > 0 || spectral.status !== 0) process.exit(1)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
