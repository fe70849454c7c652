import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SealingIdentity } from './signing-certificate'
import { loadSealingIdentity } from './signing-certificate'
import { readSeal, SEAL_NAME, sealPdf } from './signing-seal'

let workDir = ''
let identity: SealingIdentity
let plain: Uint8Array
let sealed: Uint8Array

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout: String(stdout), stderr: String(stderr) }))
  })
}

let fileCount = 0
async function pdfsig(bytes: Uint8Array): Promise<string> {
  const path = join(workDir, `${++fileCount}.pdf`)
  await writeFile(path, bytes)
  return (await run('pdfsig', [path])).stdout
}

async function twoPages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const text of ['First page', 'Second page']) doc.addPage([612, 792]).drawText(text, { x: 72, y: 720, size: 14, font })
  return doc.save()
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'signing-seal-'))
  identity = await loadSealingIdentity({ dataDir: workDir })
  plain = await twoPages()
  sealed = await sealPdf(plain, identity, { signedAt: new Date('2026-11-25T21:04:05Z') })
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

describe('sealPdf', () => {
  it('signs the whole file so that poppler finds the signature valid, with our name, reason and place', async () => {
    const report = await pdfsig(sealed)
    expect(report).toContain('Signature is Valid')
    expect(report).toContain('Total document signed')
    expect(report).toContain('ETSI.CAdES.detached')
    expect(report).toContain('SHA-256')
    const text = Buffer.from(sealed).toString('latin1')
    expect(text).toContain(`/Name (${SEAL_NAME})`)
    expect(text).toContain('/Reason (Sealed by Offerbook after every signer signed)')
    expect(text).toContain('/Location (Tennessee, US)')
  })

  it('takes another reason when given one', async () => {
    const other = await sealPdf(plain, identity, { signedAt: new Date(), reason: 'Sealed again for a test' })
    expect(Buffer.from(other).toString('latin1')).toContain('/Reason (Sealed again for a test)')
    expect(readSeal(other)).toEqual({ sealed: true, intact: true })
  })
})

/** The CMS in the seal's /Contents and the bytes its /ByteRange covers. */
function sealParts(bytes: Uint8Array): { cms: Buffer; covered: Buffer } {
  const file = Buffer.from(bytes)
  const text = file.toString('latin1')
  const [a, b, c, d] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text)!.slice(1).map(Number) as [number, number, number, number]
  const hex = text.slice(b + 1, c - 1).replace(/(00)+$/, '')
  return { cms: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'), covered: Buffer.concat([file.subarray(a, a + b), file.subarray(c, c + d)]) }
}

describe('the PAdES B-B signature', () => {
  it('signs content type, message digest and signing-certificate-v2 with no signing time, and OpenSSL verifies it', async () => {
    const { cms, covered } = sealParts(sealed)
    const cmsPath = join(workDir, 'seal.der')
    const contentPath = join(workDir, 'covered.bin')
    await writeFile(cmsPath, cms)
    await writeFile(contentPath, covered)
    const printed = (await run('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsPath])).stdout
    expect(printed).toContain('contentType')
    expect(printed).toContain('messageDigest')
    expect(printed).toMatch(/id-smime-aa-signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/)
    expect(printed).not.toContain('signingTime')
    expect(printed).toMatch(/unsignedAttrs:\s+<ABSENT>/)
    const verified = await run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', cmsPath, '-content', contentPath, '-noverify', '-out', '/dev/null'])
    expect(verified.stderr).toContain('Verification successful')
    // The claimed time is the signature dictionary's /M.
    expect(Buffer.from(sealed).toString('latin1')).toMatch(/\/M \(D:20261125210405Z\)/)
  })
})

describe('readSeal', () => {
  it('finds our seal intact on the file as sealed', () => {
    expect(readSeal(sealed)).toEqual({ sealed: true, intact: true })
  })

  it('finds the seal broken when a covered byte changes or bytes are added after it', async () => {
    const changed = Buffer.from(sealed)
    // The first page's width, 612 points, becomes 712: a change a reader would show.
    const at = changed.indexOf('612', changed.indexOf('/MediaBox'))
    expect(at).toBeGreaterThan(0)
    changed[at] = 0x37
    expect(readSeal(changed)).toEqual({ sealed: true, intact: false })
    expect(await pdfsig(changed)).not.toContain('Signature is Valid')

    const appended = Buffer.concat([Buffer.from(sealed), Buffer.from('\n% appended after sealing\n')])
    expect(readSeal(appended)).toEqual({ sealed: true, intact: false })
    expect(await pdfsig(appended)).not.toContain('Total document signed')
  })

  it('finds the seal broken when the signature itself is altered', () => {
    const changed = Buffer.from(sealed)
    const contents = changed.indexOf('/Contents <') + '/Contents <'.length
    // A digit near the end of the CMS: the RSA signature value, not the padding.
    const text = changed.toString('latin1', contents, contents + 40_000)
    const lastNonZero = text.search(/0+>/) - 1
    changed[contents + lastNonZero] = changed[contents + lastNonZero] === 0x31 ? 0x32 : 0x31
    expect(readSeal(changed)).toEqual({ sealed: true, intact: false })
  })

  it('says a PDF without our seal, random bytes and an empty file are not sealed', async () => {
    expect(readSeal(plain)).toEqual({ sealed: false, intact: false })
    expect(readSeal(randomBytes(100_000))).toEqual({ sealed: false, intact: false })
    expect(readSeal(new Uint8Array())).toEqual({ sealed: false, intact: false })
    expect(readSeal(Buffer.from('%PDF-1.7\n/ByteRange [0 10 20 30] /Name (Offerbook) /Contents <zz>'))).toEqual({ sealed: true, intact: false })
    expect(readSeal(Buffer.from('/ByteRange [0 /Name (Offerbook)'))).toEqual({ sealed: false, intact: false })
  })

  it('reads a seal that sits inside a subarray of a larger buffer', () => {
    const padded = new Uint8Array(sealed.length + 20)
    padded.set(sealed, 10)
    expect(readSeal(padded.subarray(10, 10 + sealed.length))).toEqual({ sealed: true, intact: true })
  })

  it('reads a 5 MB sealed file quickly', async () => {
    const doc = await PDFDocument.load(plain)
    doc.catalog.set(PDFName.of('Filler'), doc.context.register(doc.context.stream(randomBytes(5 * 1024 * 1024))))
    const big = await sealPdf(await doc.save({ useObjectStreams: false }), identity, { signedAt: new Date() })
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024)
    readSeal(big)
    const started = performance.now()
    expect(readSeal(big)).toEqual({ sealed: true, intact: true })
    expect(performance.now() - started).toBeLessThan(100)
  })
})
