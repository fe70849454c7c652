import { openDatabase } from '../src/db/client'
import { createSigningContext } from '../src/modules/signing/signing-context'
import { archiveDuePackets, completePendingPackets } from '../src/modules/signing/signing-jobs'
import type { FileStorage } from '../src/storage/storage'
import { createFileStorage } from '../src/storage/create-file-storage'

/**
 * The process signing-crash.test.ts kills: one run of the signing job's completion and archive steps,
 * as the server runs them, on the test's database, file directory and local TSA. With `hold` set,
 * that step's store of its new sealed file is announced on stdout ("held <step> <key>") and never
 * done: the timestamp is in hand and nothing is stored yet, and the test sends SIGKILL there. The
 * code of the steps runs as it is; only the file storage handed to them is the test's.
 */

export type CrashChildOptions = {
  databaseUrl: string | undefined
  pgliteDataDir: string | undefined
  filesDir: string
  dataDir: string
  tsaUrl: string
  p12: string
  passphrase: string
  hold: 'completion' | 'archive' | null
}

const options = JSON.parse(process.env.SIGNING_CRASH_CHILD ?? '') as CrashChildOptions

/** The storage, but a put that announces itself and then waits for the SIGKILL. */
function holding(storage: FileStorage, step: string): FileStorage {
  return {
    ...storage,
    put: async (key) => {
      trace('held')
      process.stdout.write(`held ${step} ${key}\n`)
      await new Promise((resolve) => setTimeout(resolve, 600_000))
      throw new Error('the test did not kill this process')
    },
  }
}

const began = performance.now()
const trace = (what: string) => process.env.SIGNING_CRASH_TRACE && process.stderr.write(`child ${Math.round(performance.now() - began)} ms (${Math.round(performance.now())} since start): ${what}\n`)
const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.pgliteDataDir ?? null })
const storage = createFileStorage({ kind: 'disk', directory: options.filesDir })
const context = (step: 'completion' | 'archive') =>
  createSigningContext({
    publicUrl: 'http://localhost:3000',
    storage: options.hold === step ? holding(storage, step) : storage,
    dataDir: options.dataDir,
    signingCert: { p12: options.p12, passphrase: options.passphrase },
    tsaUrls: [options.tsaUrl],
    db: database.db,
  })
trace('opened')
const completed = await completePendingPackets(database.db, context('completion'))
trace('completed')
const archive = await archiveDuePackets(database.db, context('archive'))
process.stdout.write(`finished ${JSON.stringify({ completed, archived: archive.archived, deferred: archive.deferred })}\n`)
await database.close()
