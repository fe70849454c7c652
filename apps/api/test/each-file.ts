import { relative } from 'node:path'
import type { RunnerTask, RunnerTestSuite } from 'vitest'
import { afterAll, beforeAll } from 'vitest'
import { DATABASE_FREE, ONE_PGLITE } from '../../../scripts/test-api-files.mjs'
import { rememberPasswordHashes } from '../src/auth/password-hash'
import { databasesOpened, restartDatabaseCount } from './databases-opened'
import { restartSequences } from './factories'

// Before each API test file. The files of a worker share their modules (vitest's isolate: false, in
// vitest.config.ts), so what a file must not inherit from the one before is set again here.

// scrypt's answers are remembered, so a suite that makes the same user and signs them in again pays
// the 200 ms of CPU once (src/auth/password-hash.ts).
rememberPasswordHashes()
// The factories number users and listings from 1 in each file, as on the file's new database.
restartSequences()

// A file that opens no database of the suite's belongs on a list of scripts/test-api-files.mjs, so the
// PostgreSQL pass does not run the same code again: named here when all of its tests ran.
const ONCE = new Set([...DATABASE_FREE, ...ONE_PGLITE])
const API_ROOT = relative(process.cwd(), `${import.meta.dirname}/..`)
const allRan = (task: RunnerTask): boolean => task.mode === 'run' && (task.type !== 'suite' || task.tasks.every(allRan))
beforeAll(() => restartDatabaseCount())
// vitest reads a hook's first parameter as its fixtures, which must be destructured; the file is the second.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file: Readonly<RunnerTestSuite>) => {
  const path = 'filepath' in file && typeof file.filepath === 'string' ? relative(`${process.cwd()}/${API_ROOT}`, file.filepath) : null
  if (path === null || databasesOpened() > 0 || ONCE.has(path) || !file.tasks.every(allRan)) return
  console.warn(`${path} opened no database: add it to DATABASE_FREE in scripts/test-api-files.mjs, so the PostgreSQL pass does not run it again.`)
})
