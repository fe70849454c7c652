import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalTsa } from '../../../test/tsa-server'
import { startLocalTsa } from '../../../test/tsa-server'
import { openP12 } from './signing-certificate'
import type { SealingIdentity } from './signing-certificate'
import { appendDocumentTimestamp, appendDss, collectValidationMaterial, ValidationDataUnavailableError } from './signing-ltv'
import { run, sealingIdentity, setUpPdfWork, toFile } from './signing-pdf.test-helpers'
import { addSignatureTimestamp, readSeal, sealPdf, sealSignatureValue } from './signing-seal'
import { requestTimestamp } from './signing-tsa'

setUpPdfWork()

let ca: LocalTsa
let plain: Uint8Array
let identity: SealingIdentity

beforeAll(async () => {
  ca = await startLocalTsa({ revocation: true })
  identity = { p12: ca.sealingP12!, passphrase: ca.sealingPassphrase } as SealingIdentity
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([612, 792]).drawText('A page to keep for years', { x: 72, y: 720, size: 14, font })
  plain = await doc.save()
})
afterAll(async () => {
  await ca.close()
})

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()
const der = (certificate: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary')

/** A B-T seal made with the local CA's sealing certificate and timestamped by its TSA, and the TSA's answer. */
async function sealedBT() {
  const sealed = await sealPdf(plain, identity, { signedAt: new Date() })
  const stamp = await requestTimestamp(sha256(sealSignatureValue(sealed)), { urls: [ca.url] })
  return { pdf: addSignatureTimestamp(sealed, stamp.token), stamp }
}

function sealingChain(): Buffer[] {
  const opened = openP12(identity.p12, identity.passphrase)
  return opened.certificates.map(der)
}

/** The /DSS of a file as qpdf's JSON shows it: how many certificates and CRLs it holds. */
async function dssOf(pdf: Uint8Array): Promise<{ certs: number; crls: number } | null> {
  const path = await toFile(pdf, 'dss.pdf')
  const { stdout, stderr, code } = await run('qpdf', ['--json=1', '--json-key=objects', path])
  expect(stderr).toBe('')
  expect(code).toBe(0)
  const objects = (JSON.parse(stdout) as { objects: Record<string, unknown> }).objects
  const trailer = objects.trailer as { '/Root': string }
  const root = objects[trailer['/Root']] as { '/DSS'?: string }
  if (!root['/DSS']) return null
  const dss = objects[root['/DSS']] as { '/Certs'?: string[] | string; '/CRLs'?: string[] | string }
  const list = (entry: string[] | string | undefined) => (typeof entry === 'string' ? (objects[entry] as string[]) : (entry ?? []))
  return { certs: list(dss['/Certs']).length, crls: list(dss['/CRLs']).length }
}

describe('PAdES B-LT and B-LTA with a local CA that publishes its CRL', () => {
  it('fetches the CRL of every certificate that is not a root, and refuses when a certificate has none or it is not served', async () => {
    const { stamp } = await sealedBT()
    const before = ca.crlRequests
    const material = await collectValidationMaterial([sealingChain(), stamp.certificates])
    // The root, the sealing certificate and the TSA certificate; one CRL (the root's) speaks for both.
    expect(material.certificates).toHaveLength(3)
    expect(material.crls).toHaveLength(1)
    expect(ca.crlRequests).toBeGreaterThan(before)

    ca.crlServed = false
    try {
      await expect(collectValidationMaterial([sealingChain()], { timeoutMs: 500 })).rejects.toBeInstanceOf(ValidationDataUnavailableError)
    } finally {
      ca.crlServed = true
    }
    // The self-signed certificate of a default install names no CRL and needs none; a TSA's does.
    const selfSigned = openP12(sealingIdentity().p12, sealingIdentity().passphrase).certificates.map(der)
    await expect(collectValidationMaterial([selfSigned])).resolves.toMatchObject({ crls: [] })
  })

  it('adds a DSS with the chain and the CRL, then a document timestamp, and pdfsig, mutool and openssl all accept the file', async () => {
    const { pdf: bt, stamp } = await sealedBT()
    const material = await collectValidationMaterial([sealingChain(), stamp.certificates])
    const lt = await appendDss(bt, material)
    // The seal's bytes are untouched: the update is appended.
    expect(Buffer.from(lt.subarray(0, bt.length)).equals(Buffer.from(bt))).toBe(true)
    expect(await dssOf(lt)).toEqual({ certs: 3, crls: 1 })

    const { pdf: lta, timestamp } = await appendDocumentTimestamp(lt, (digest) => requestTimestamp(digest, { urls: [ca.url] }))
    expect(Buffer.from(lta.subarray(0, lt.length)).equals(Buffer.from(lt))).toBe(true)
    expect(timestamp.tsaExpiresAt!.getTime()).toBeGreaterThan(Date.now())
    const path = await toFile(lta, 'b-lta.pdf')

    // poppler 22 (Debian 12) validates the seal; it lists the document timestamp, signed by the TSA over
    // the whole file, but cannot validate that kind ('Unimplemented Feature'): openssl does, below.
    const pdfsig = await run('pdfsig', [path])
    const [seal, documentTimestamp] = pdfsig.stdout.split(/Signature #2:/)
    expect(seal).toContain('Signature Type: ETSI.CAdES.detached')
    expect(seal).toContain('Signature Validation: Signature is Valid.')
    expect(seal).toContain('Not total document signed')
    expect(documentTimestamp).toContain('Signer Certificate Common Name: Offerbook Test TSA')
    expect(documentTimestamp).toContain('Total document signed')

    // MuPDF 1.21 checks the seal: valid, with the later updates seen as edits after it (it reads no
    // document timestamp: 'not signed'). Before the updates it finds nothing after the seal.
    const mutoolBefore = await run('mutool', ['sign', '-v', await toFile(bt, 'b-t.pdf')])
    expect(mutoolBefore.stdout).toContain('The document is unchanged since signing.')
    const mutool = await run('mutool', ['sign', '-v', path])
    expect(mutool.code).toBe(0)
    expect(mutool.stdout).toContain('cn=Offerbook Test Sealing')
    expect(mutool.stdout).toContain('The signature is valid but there have been edits since signing.')

    // The document timestamp's token, taken from the file, over the file's bytes outside /Contents.
    const text = Buffer.from(lta).toString('latin1')
    const ranges = [...text.matchAll(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/g)].map((match) => match.slice(1).map(Number) as [number, number, number, number])
    const [a, b, c, d] = ranges.at(-1)!
    expect(c + d).toBe(lta.length)
    const token = Buffer.from(text.slice(b + 1, c - 1), 'hex')
    const tokenPath = join(ca.dir, 'document-timestamp.tst')
    await writeFile(tokenPath, token)
    const covered = Buffer.concat([Buffer.from(lta.subarray(a, a + b)), Buffer.from(lta.subarray(c, c + d))])
    const dataPath = join(ca.dir, 'covered.bin')
    await writeFile(dataPath, covered)
    const verified = await run('openssl', ['ts', '-verify', '-token_in', '-in', tokenPath, '-data', dataPath, '-CAfile', ca.rootPath])
    expect(verified.stdout + verified.stderr).toContain('Verification: OK')

    // /api/verify's reading: our seal, and every byte after it under the document timestamp.
    expect(readSeal(lta)).toEqual({ sealed: true, intact: true })
    const changed = Buffer.from(lta)
    changed[lt.length + 40] = changed[lt.length + 40]! ^ 1
    expect(readSeal(changed).intact).toBe(false)
  })

  it('renews: a second DSS and document timestamp keep every earlier signature valid', async () => {
    const { pdf: bt, stamp } = await sealedBT()
    const lt = await appendDss(bt, await collectValidationMaterial([sealingChain(), stamp.certificates]))
    const first = await appendDocumentTimestamp(lt, (digest) => requestTimestamp(digest, { urls: [ca.url] }))
    const renewedDss = await appendDss(first.pdf, await collectValidationMaterial([first.timestamp.certificates]))
    // Nothing new to add: the same TSA chain and CRL are held already.
    expect(await dssOf(renewedDss)).toEqual({ certs: 3, crls: 1 })
    const second = await appendDocumentTimestamp(renewedDss, (digest) => requestTimestamp(digest, { urls: [ca.url] }))
    expect(second.pdf.length).toBeGreaterThan(renewedDss.length)
    const pdfsig = await run('pdfsig', [await toFile(second.pdf, 'renewed.pdf')])
    expect(pdfsig.stdout).toContain('Signature #3')
    expect(pdfsig.stdout.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(1)
    const mutool = await run('mutool', ['sign', '-v', await toFile(second.pdf, 'renewed.pdf')])
    expect(mutool.stdout).toContain('The signature is valid but there have been edits since signing.')
    expect(readSeal(second.pdf)).toEqual({ sealed: true, intact: true })
  })
})
