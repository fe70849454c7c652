import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { asc, eq, like } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/db/client'
import { openDatabase } from '../src/db/client'
import { storedFile } from '../src/db/schema/files'
import { signingEvent, signingPacket, signingSealVersion } from '../src/db/schema/signing'
import { verifyFile } from '../src/modules/signing/verify.service'
import { completingPacket } from '../src/modules/signing/signing.test-helpers'
import type { TestApp } from './build-test-app'
import { buildTestApp } from './build-test-app'
import type { CrashChildOptions } from './signing-crash-child'
import type { LocalTsa } from './tsa-server'
import { startLocalTsa } from './tsa-server'

/**
 * A kill -9 between the timestamp and the store (issue #32): the signing job runs in a child process
 * (signing-crash-child.ts) on this test's database, files and local TSA, and is killed with SIGKILL
 * once the TSA has answered and the step is about to store its new sealed file: first in the
 * completion (B-T), then in the archive step (B-LTA). A fresh process each time finishes the work,
 * and the packet ends B-LTA with one version per level, no file or row left from the killed runs,
 * and a stored file that pdfsig and /api/verify's check accept.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const TSX = pathToFileURL(createRequire(join(ROOT, 'apps/api/package.json')).resolve('tsx/esm')).href
const exec = promisify(execFile)

const work = mkdtempSync(join(tmpdir(), 'offerbook-signing-crash-'))
let tsa: LocalTsa | null = null
let t: TestApp | null = null
afterAll(async () => {
  await t?.close()
  await tsa?.close()
  rmSync(work, { recursive: true, force: true })
})

/**
 * Runs the child to its end, or, with `hold`, until it says it is storing that step's file, and then
 * kills it with SIGKILL. Returns its last line: "held <step> <key>" or "finished {…}".
 */
function runChild(options: CrashChildOptions): Promise<string> {
  const child = spawn(process.execPath, ['--import', TSX, 'apps/api/test/signing-crash-child.ts'], { cwd: ROOT, env: { ...process.env, SIGNING_CRASH_CHILD: JSON.stringify(options) }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let errors = ''
  let held: string | null = null
  return new Promise((done, fail) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = /^held .+$/m.exec(out)?.[0]
      if (line && held === null) {
        held = line
        child.kill('SIGKILL')
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
      if (process.env.SIGNING_CRASH_TRACE) process.stdout.write(chunk)
    })
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      const last = out.trim().split('\n').at(-1) ?? ''
      if (options.hold ? held !== null && signal === 'SIGKILL' : code === 0 && last.startsWith('finished ')) done(held ?? last)
      else fail(new Error(`the signing child ended with ${signal ?? code}: ${out}\n${errors.slice(-3000)}`))
    })
  })
}

const trace = (what: string, began: number) => process.env.SIGNING_CRASH_TRACE && process.stdout.write(`${Math.round(performance.now() - began)} ms: ${what}\n`)

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('the signing job cut by kill -9 between the timestamp and the store', () => {
  it('finishes the completion and the archive step after a restart, with one version per level and nothing left over', async () => {
    const began = performance.now()
    tsa = await startLocalTsa({ revocation: true })
    trace('tsa', began)
    const p12 = `base64:${tsa.sealingP12!.toString('base64')}`
    const pgliteDataDir = join(work, 'data')
    t = await buildTestApp({ pgliteDataDir, config: { signingCert: { p12, passphrase: tsa.sealingPassphrase } } })
    trace('app', began)
    const { packetId } = await completingPacket(t)
    trace('packet', began)
    const filesDir = t.config.storage.kind === 'disk' ? t.config.storage.directory : ''
    const child: CrashChildOptions = { databaseUrl: t.databaseUrl, pgliteDataDir: t.databaseUrl ? undefined : pgliteDataDir, filesDir, dataDir: t.config.dataDir, tsaUrl: tsa.url, p12, passphrase: tsa.sealingPassphrase, hold: null }
    // PGlite's directory is one process's at a time: the child opens it once this one has let it go.
    const app = t
    if (!app.databaseUrl) await app.closeDatabase()
    const inDatabase = async <T>(read: (db: Db) => Promise<T>): Promise<T> => {
      if (app.databaseUrl) return read(app.db)
      const database = await openDatabase({ dataDir: pgliteDataDir })
      try {
        return await read(database.db)
      } finally {
        await database.close()
      }
    }
    const state = () =>
      inDatabase(async (db) => ({
        packet: (await db.select().from(signingPacket).where(eq(signingPacket.id, packetId)))[0]!,
        versions: await db.select().from(signingSealVersion).where(eq(signingSealVersion.packetId, packetId)).orderBy(asc(signingSealVersion.seq)),
        files: (await db.select({ key: storedFile.key }).from(storedFile).where(like(storedFile.key, `signing/${packetId}/%`))).map((row) => row.key).sort(),
        completedEvents: (await db.select().from(signingEvent).where(eq(signingEvent.packetId, packetId))).filter((event) => event.type === 'completed').length,
      }))
    const filesOnDisk = () =>
      readdirSync(join(filesDir, 'signing', packetId))
        .filter((name) => !name.startsWith('.'))
        .map((name) => `signing/${packetId}/${name}`)
        .sort()

    // 1. Killed in the completion, with its timestamps in hand: still 'completing', nothing sealed stored.
    let asked = tsa.requests
    const completionHeld = await runChild({ ...child, hold: 'completion' })
    trace('child1', began)
    expect(completionHeld).toMatch(new RegExp(`^held completion signing/${packetId}/[0-9a-f-]+\\.pdf$`))
    expect(tsa.requests).toBeGreaterThan(asked)
    let now = await state()
    trace('state1', began)
    expect(now.packet).toMatchObject({ status: 'completing', signedFileId: null, sealLevel: null })
    expect(now.versions).toEqual([])
    expect(now.completedEvents).toBe(0)
    expect(filesOnDisk()).toEqual(now.files)

    // 2. A new process completes it (B-T), and is killed in the archive step with the document timestamp in hand.
    asked = tsa.requests
    const archiveHeld = await runChild({ ...child, hold: 'archive' })
    trace('child2', began)
    expect(archiveHeld).toMatch(new RegExp(`^held archive signing/${packetId}/[0-9a-f-]+\\.pdf$`))
    expect(tsa.requests).toBeGreaterThan(asked)
    now = await state()
    expect(now.packet).toMatchObject({ status: 'completed', sealLevel: 'B-T' })
    expect(now.versions.map((version) => version.level)).toEqual(['B-T'])
    expect(filesOnDisk()).toEqual(now.files)

    // 3. Another process finishes the archive step.
    expect(JSON.parse((await runChild(child)).slice('finished '.length))).toEqual({ completed: 0, archived: 1, deferred: [] })
    trace('child3', began)
    now = await state()
    expect(now.packet).toMatchObject({ status: 'completed', sealLevel: 'B-LTA' })
    expect(now.versions.map((version) => [version.seq, version.level])).toEqual([
      [1, 'B-T'],
      [2, 'B-LTA'],
    ])
    const [seal, archived] = now.versions as [(typeof now.versions)[0], (typeof now.versions)[0]]
    expect(archived.previousSha256).toBe(seal.sha256)
    expect(now.packet).toMatchObject({ signedFileId: archived.fileId, signedSha256: archived.sha256 })
    expect(now.completedEvents).toBe(1)
    // No half state: the files stored are the original and the two versions, each recorded; the
    // ones the killed processes were about to store are nowhere.
    expect(now.files).toHaveLength(3)
    expect(filesOnDisk()).toEqual(now.files)
    for (const held of [completionHeld, archiveHeld]) expect(now.files).not.toContain(held.split(' ')[2])

    const pdf = readFileSync(join(filesDir, 'signing', packetId, `${archived.fileId}.pdf`))
    expect(sha256(pdf)).toBe(archived.sha256)
    const path = join(work, 'b-lta.pdf')
    writeFileSync(path, pdf)
    const report = (await exec('pdfsig', [path]).catch((error: { stdout: string }) => error)).stdout
    expect(report).toContain('Signature #2')
    expect(report.split('Signature #2:')[0]).toContain('Signature is Valid')
    expect(report).toContain('ETSI.CAdES.detached')
    expect(await inDatabase((db) => verifyFile(db, pdf))).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-LTA' } })
    console.log(`signing kill -9 test: ${Math.round(performance.now() - began)} ms`)
  }, 240_000)
})
