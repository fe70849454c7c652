// `npx tsx apps/api/bench/user-import.ts`: how many rows a second the CSV user import (issue #15)
// takes in: a file of 10,000 valid rows (BENCH_USER_IMPORT_ROWS) is checked (the preview) and
// imported as one job into a fresh in-memory PGlite, each new user with an invitation in the outbox.
// rowsPerSecond counts the import job alone; previewSeconds is the upload's check. Prints ONE line of JSON.
import { openDatabase } from '../src/db/client'
import { getJob, previewImport, startImport } from '../src/modules/user-import/user-import.service'
import { insertBenchAdmin } from './bench-users'

const ROWS = Number(process.env.BENCH_USER_IMPORT_ROWS ?? 10_000)
const ROLES = ['BUYER_SIMPLE', 'SELLER_AGENT;BUYER_AGENT', 'SELLER_OWNER', 'BUYER_AGENT|SELLER_AGENT']

const database = await openDatabase({ dataDir: null })
try {
  await database.migrate()
  const { db } = database
  const actorId = await insertBenchAdmin(db)

  const lines = ['email,name,phone,roles,language']
  for (let n = 0; n < ROWS; n++) {
    const phone = `+1615${String(2000000 + n).padStart(7, '0')}`
    lines.push(`bench-${n}@example.com,"Bench Person ${n}",${phone},${ROLES[n % ROLES.length]},${n % 3 ? 'en-us' : 'es-es'}`)
  }
  const bytes = Buffer.from(lines.join('\r\n'))

  const previewStart = performance.now()
  const preview = await previewImport(db, { actorId, bytes, filename: 'bench.csv' })
  const previewSeconds = (performance.now() - previewStart) / 1000
  if (preview.valid !== ROWS) throw new Error(`the preview found ${ROWS - preview.valid} bad rows`)

  const log = { error: (obj: unknown, msg?: string) => console.error(msg, obj) }
  const start = performance.now()
  const { run } = await startImport({ db, publicUrl: 'http://localhost:3000', log }, { actorId, id: preview.id, onExisting: 'skip' })
  await run()
  const seconds = (performance.now() - start) / 1000
  const job = await getJob(db, preview.id)
  if (job.status !== 'done' || job.created !== ROWS) throw new Error(`the import ended ${job.status} with ${job.created} created`)
  const round = (value: number) => Math.round(value * 100) / 100
  console.log(JSON.stringify({ rowsPerSecond: Math.round(ROWS / seconds), rows: ROWS, seconds: round(seconds), previewSeconds: round(previewSeconds), database: 'pglite' }))
} finally {
  await database.close()
}
