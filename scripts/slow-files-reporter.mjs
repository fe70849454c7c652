// A vitest reporter beside the default one: after the run it names every test file over the budget
// (SLOW_FILE_BUDGET_S, 60 s by default), slowest first, so a file that grows slow is seen in CI's log
// before it makes the whole run slow. It names; it does not fail the run.
import { relative } from 'node:path'

const BUDGET_MS = Number(process.env.SLOW_FILE_BUDGET_S ?? 60) * 1000

export default class SlowFilesReporter {
  onTestRunEnd(testModules) {
    const timed = testModules.map((module) => {
      const diagnostic = module.diagnostic()
      return { file: relative(process.cwd(), module.moduleId), ms: diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration }
    })
    const slow = timed.filter((entry) => entry.ms > BUDGET_MS).sort((a, b) => b.ms - a.ms)
    const total = timed.reduce((sum, entry) => sum + entry.ms, 0)
    console.log(`\nslow-test budget: ${timed.length} files, ${(total / 1000).toFixed(0)} s of file time in all; ${slow.length} over ${BUDGET_MS / 1000} s`)
    for (const entry of slow) console.log(`  ${(entry.ms / 1000).toFixed(1).padStart(7)} s  ${entry.file}`)
  }
}
