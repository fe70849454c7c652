import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import type { UserImportJob } from '@offerbook/domain/user-import'
import { openDatabase } from '../src/db/client'
import { session } from '../src/db/schema/auth'
import { user, userRole } from '../src/db/schema/users'

/**
 * A kill -9 in the middle of a CSV user import (issue 29): the real server runs as a child process on
 * the embedded PGlite of a temp DATA_DIR, imports ROWS rows, is killed with SIGKILL part-way, and is
 * started again on the same directory. The import goes on by itself and ends with every row imported
 * exactly once: each user, their role and their invitation once, and the report says where it resumed.
 */

const ROWS = Number(process.env.USER_IMPORT_CRASH_ROWS ?? 4_000)
const ROOT = resolve(import.meta.dirname, '../../..')
const TSX = pathToFileURL(createRequire(join(ROOT, 'apps/api/package.json')).resolve('tsx/esm')).href
const FOREIGN_ENV = /^(DATABASE_URL|TEST_DATABASE_URL|SMTP_URL|SMS_|S3_|OIDC_|MLS_GRID_|SIGNING_CERT|AUTH_SECRET|PUBLIC_URL|WEB_DIST|DATA_DIR|PORT|HOST|NODE_ENV|SEED_DEMO|LOG_LEVEL)/

const dataDir = mkdtempSync(join(tmpdir(), 'offerbook-import-crash-'))
const log: string[] = []
let child: ReturnType<typeof spawn> | null = null

afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const began = Date.now()
/** USER_IMPORT_CRASH_TRACE=1 prints how long each step took. */
const step = (what: string) => {
  if (process.env.USER_IMPORT_CRASH_TRACE) process.stderr.write(`${Math.round((Date.now() - began) / 1000)} s: ${what}\n`)
}

async function startServer(port: number): Promise<ReturnType<typeof spawn>> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !FOREIGN_ENV.test(name)))
  const server = spawn(process.execPath, ['--import', TSX, 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), SEED_DEMO: 'false', NODE_ENV: 'development', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString())
    if (log.length > 200) log.splice(0, log.length - 200)
  }
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): ${log.join('').slice(-2000)}`)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null)
    if (health?.ok) return server
    await sleep(250)
  }
  throw new Error(`the server was not healthy in time: ${log.join('').slice(-2000)}`)
}

/** A migrated data directory with a SUPER_ADMIN and a session of theirs, made before any server runs on it. */
async function prepareDataDir(): Promise<{ headers: Record<string, string> }> {
  const database = await openDatabase({ dataDir })
  try {
    await database.migrate()
    const actorId = randomUUID()
    await database.db.insert(user).values({ id: actorId, name: 'Crash Admin', email: 'admin-of-crash@example.com', emailVerified: true, onboarded: true })
    await database.db.insert(userRole).values({ userId: actorId, role: 'SUPER_ADMIN' })
    const token = randomBytes(24).toString('base64url')
    await database.db.insert(session).values({ id: randomUUID(), token, userId: actorId, expiresAt: new Date(Date.now() + 86_400_000) })
    return { headers: { authorization: `Bearer ${token}` } }
  } finally {
    await database.close()
  }
}

async function job(base: string, headers: Record<string, string>, id: string): Promise<UserImportJob> {
  const response = await fetch(`${base}/api/admin/user-imports/${id}`, { headers })
  expect(response.status).toBe(200)
  return (await response.json()) as UserImportJob
}

describe('a user import cut by kill -9', () => {
  it('goes on after the restart from its last committed batch and imports every row exactly once', async () => {
    const { headers } = await prepareDataDir()
    const port = 3900 + Math.floor(Math.random() * 90)
    const base = `http://127.0.0.1:${port}`
    step('the server is up')
    child = await startServer(port)

    const lines = ['email,name,phone,roles,language']
    for (let n = 0; n < ROWS; n++) lines.push(`crash-${n}@example.com,"Crash Person ${n}",+1615${String(3000000 + n).padStart(7, '0')},BUYER_SIMPLE,${n % 2 ? 'en-us' : 'es-es'}`)
    const form = new FormData()
    form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'crash.csv')
    const preview = await fetch(`${base}/api/admin/user-imports`, { method: 'POST', headers, body: form })
    expect(preview.status, await preview.clone().text()).toBe(201)
    step('the preview answered')
    const { id } = (await preview.json()) as { id: string }
    const started = await fetch(`${base}/api/admin/user-imports/${id}/start`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ onExisting: 'skip' }) })
    expect(started.status).toBe(202)

    // Killed part-way: after a fifth of the rows, well before the end.
    let before = await job(base, headers, id)
    while (before.processed < ROWS / 5) {
      expect(before.status).toBe('running')
      await sleep(100)
      before = await job(base, headers, id)
    }
    step('killing at the processed count')
    child.kill('SIGKILL')
    await new Promise((done) => child?.once('exit', done))

    child = await startServer(port)
    step('restarted')
    let after = await job(base, headers, id)
    const deadline = Date.now() + 1_800_000
    while (after.status === 'running' && Date.now() < deadline) {
      await sleep(1_000)
      after = await job(base, headers, id)
    }
    expect(after).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS, updated: 0, skipped: 0, failed: 0, invalid: 0 })
    expect(after.resumedAt).toHaveLength(1)
    const resumedAt = after.resumedAt[0]!
    expect(resumedAt).toBeGreaterThan(before.processed)
    expect(resumedAt).toBeLessThan(ROWS)

    step('the import is done')
    const report = await fetch(`${base}/api/admin/user-imports/${id}/report`, { headers })
    const reportLines = (await report.text()).replace(/^\ufeff/, '').trim().split('\r\n')
    expect(reportLines).toHaveLength(ROWS + 1)
    expect(reportLines.filter((line) => line.includes(',created'))).toHaveLength(ROWS)
    expect(reportLines.filter((line) => line.includes('Resumed after a restart'))).toEqual([expect.stringContaining(`Resumed after a restart at row ${resumedAt.toLocaleString('en-US')}`)])

    step('the report is read')
    child.kill('SIGTERM')
    await new Promise((done) => child?.once('exit', done))
    child = null
    const database = new PGlite(join(dataDir, 'pglite'))
    try {
      const count = async (query: string) => Number((await database.query<{ n: number }>(query)).rows[0]?.n)
      expect(await count("select count(*)::int as n from \"user\" where email like 'crash-%@example.com'")).toBe(ROWS)
      expect(await count("select count(distinct email)::int as n from \"user\" where email like 'crash-%@example.com'")).toBe(ROWS)
      expect(await count("select count(*)::int as n from user_role r join \"user\" u on u.id = r.user_id where u.email like 'crash-%@example.com'")).toBe(ROWS)
      expect(await count("select count(*)::int as n from outbox_message where kind = 'user-import.invitation' and recipient like 'crash-%@example.com'")).toBe(ROWS)
      expect(await count("select count(distinct recipient)::int as n from outbox_message where kind = 'user-import.invitation'")).toBe(ROWS)
      expect(await count(`select count(*)::int as n from user_import_outcome where job_id = '${id}'`)).toBe(ROWS)
    } finally {
      await database.close()
    }
  }, 2_400_000)
})
