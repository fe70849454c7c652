import { createHash, createPrivateKey, verify as verifySignature, X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import { AsnConvert } from '@peculiar/asn1-schema'
import { ContentInfo, id_signedData, SignedData } from '@peculiar/asn1-cms'
import { id_ct_tstInfo, TSTInfo } from '@peculiar/asn1-tsp'
import { PDFDocument } from '@cantoo/pdf-lib'
import { SignPdf } from '@signpdf/signpdf'
import { Signer } from '@signpdf/utils'
import type { CmsSigner } from './signing-cms'
import { buildCadesSignature, childrenOf, signatureValueOf, tlvAt, withSignatureTimestamp } from './signing-cms'
import type { SealingIdentity } from './signing-certificate'
import { addSignatureField } from './signing-pdf-signature-field'
import { openP12 } from './signing-certificate'

/**
 * The seal of a completed packet (decisions 016, 052): a PAdES baseline signature over the whole
 * file (ETSI.CAdES.detached), B-B as sealDocument makes it and B-T once addSignatureTimestamp has put
 * a TSA's token in. Our signature dictionary's /Name is how /api/verify tells a file we sealed from
 * any other signed PDF.
 */

export const SEAL_NAME = 'Offerbook'
export const SEAL_REASON = 'Sealed by Offerbook after every signer signed'
export const SEAL_LOCATION = 'Tennessee, US'
/**
 * Hex digits kept for the CMS (half as many bytes): a self-signed certificate needs about 1.5 KB, a
 * chain up to a public root several times that, and a signature timestamp with its TSA's chain
 * another 2 to 6 KB.
 */
const SIGNATURE_LENGTH = 32_768

type SealOptions = { signedAt: Date; reason?: string }

export async function sealPdf(pdf: Uint8Array, identity: SealingIdentity, options: SealOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  return sealDocument(doc, identity, options)
}

/** Seals a document already loaded, so the completion job saves the PDF once instead of saving, loading and saving again. */
export async function sealDocument(doc: PDFDocument, identity: SealingIdentity, { signedAt, reason = SEAL_REASON }: SealOptions): Promise<Uint8Array> {
  addSignatureField(doc, { kind: 'seal', reason, name: SEAL_NAME, location: SEAL_LOCATION, signedAt, contentsLength: SIGNATURE_LENGTH })
  // A classic cross-reference table, as STACK.md records pdfsig validating; readSeal's search of the
  // file's tail relies on the signature dictionary being plain text too.
  const unsigned = await doc.save({ useObjectStreams: false })
  const signer = new CadesSigner(identity)
  const sealed = await new SignPdf().sign(Buffer.from(unsigned.buffer, unsigned.byteOffset, unsigned.byteLength), signer, signedAt)
  return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength)
}

type Opened = CmsSigner
const openedIdentities = new WeakMap<SealingIdentity, Opened>()

const certificateDer = (certificate: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary')

function opened(identity: SealingIdentity): Opened {
  let entry = openedIdentities.get(identity)
  if (!entry) {
    const p12 = openP12(identity.p12, identity.passphrase)
    entry = { key: createPrivateKey(forge.pki.privateKeyToPem(p12.key)), certificate: certificateDer(p12.certificate), chain: p12.certificates.map(certificateDer) }
    openedIdentities.set(identity, entry)
  }
  return entry
}

/**
 * The CMS of a PAdES B-B seal (signing-cms.ts). The P12 is opened once per identity (decrypting it
 * on every seal took most of the completion time) and node:crypto does the RSA operation.
 */
class CadesSigner extends Signer {
  constructor(private readonly identity: SealingIdentity) {
    super()
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    return buildCadesSignature(pdf, opened(this.identity))
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a seal back, for /api/verify: no PDF parse, only the signature dictionary near the end.

const BYTE_RANGE = Buffer.from('/ByteRange')
const OUR_NAME = Buffer.from(`/Name (${SEAL_NAME})`)

/** How far around a /ByteRange we look for the rest of its dictionary (the /Contents hex alone is SIGNATURE_LENGTH). */
const DICTIONARY_REACH = 2 * SIGNATURE_LENGTH
/** Signature dictionaries we look at, from the end, before giving up. */
const MAX_CANDIDATES = 16

const OID = {
  messageDigest: Buffer.from('06092a864886f70d010904', 'hex'),
  sha256: Buffer.from('0609608648016503040201', 'hex'),
  sha384: Buffer.from('0609608648016503040202', 'hex'),
  sha512: Buffer.from('0609608648016503040203', 'hex'),
  sha1: Buffer.from('06052b0e03021a', 'hex'),
} as const
const DIGESTS = [
  ['sha256', OID.sha256],
  ['sha384', OID.sha384],
  ['sha512', OID.sha512],
  ['sha1', OID.sha1],
] as const

type SignedCms = { digestAlgorithm: string; messageDigest: Buffer; signedAttributes: Buffer; signature: Buffer; certificates: Buffer[] }

/** The parts of a CMS SignedData (RFC 5652) a seal check needs, or null for anything else. */
function parseSignedCms(der: Buffer): SignedCms | null {
  const contentInfo = tlvAt(der, 0, der.length)
  if (!contentInfo || contentInfo.tag !== 0x30) return null
  const explicit = childrenOf(der, contentInfo)[1]
  if (!explicit || explicit.tag !== 0xa0) return null
  const signedData = childrenOf(der, explicit)[0]
  if (!signedData || signedData.tag !== 0x30) return null
  const parts = childrenOf(der, signedData)
  const certificates = parts.find((part) => part.tag === 0xa0)
  const signerInfos = parts[parts.length - 1]
  if (!signerInfos || signerInfos.tag !== 0x31) return null
  const signerInfo = childrenOf(der, signerInfos)[0]
  if (!signerInfo) return null
  const fields = childrenOf(der, signerInfo)
  const attributesIndex = fields.findIndex((field) => field.tag === 0xa0)
  const attributes = fields[attributesIndex]
  const digestAlgorithm = fields[attributesIndex - 1]
  const signature = fields[attributesIndex + 2]
  if (!attributes || !digestAlgorithm || !signature || signature.tag !== 0x04) return null
  const algorithmOid = childrenOf(der, digestAlgorithm)[0]
  const algorithm = algorithmOid && DIGESTS.find(([, oid]) => der.subarray(algorithmOid.start, algorithmOid.end).equals(oid))?.[0]
  if (!algorithm) return null
  let messageDigest: Buffer | null = null
  for (const attribute of childrenOf(der, attributes)) {
    const [type, values] = childrenOf(der, attribute)
    if (!type || !values || !der.subarray(type.start, type.end).equals(OID.messageDigest)) continue
    const value = childrenOf(der, values)[0]
    if (value?.tag === 0x04) messageDigest = der.subarray(value.contentStart, value.end)
  }
  if (!messageDigest) return null
  // The signature covers the attributes as a SET (tag 0x31), not as the [0] they are stored under.
  const signedAttributes = Buffer.from(der.subarray(attributes.start, attributes.end))
  signedAttributes[0] = 0x31
  return {
    digestAlgorithm: algorithm,
    messageDigest,
    signedAttributes,
    signature: der.subarray(signature.contentStart, signature.end),
    certificates: certificates ? childrenOf(der, certificates).map((cert) => der.subarray(cert.start, cert.end)) : [],
  }
}

function signedByAnIncludedCertificate(cms: SignedCms): boolean {
  return cms.certificates.some((der) => {
    try {
      return verifySignature(cms.digestAlgorithm, cms.signedAttributes, new X509Certificate(der).publicKey, cms.signature)
    } catch {
      return false
    }
  })
}

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39
const isHex = (byte: number) => isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)

/** The four numbers of `/ByteRange [a b c d]` at `at`, or null. */
function byteRangeAt(bytes: Buffer, at: number): [number, number, number, number] | null {
  const open = bytes.indexOf(0x5b, at + BYTE_RANGE.length)
  if (open === -1 || open > at + BYTE_RANGE.length + 4) return null
  const close = bytes.indexOf(0x5d, open)
  if (close === -1 || close - open > 80) return null
  const numbers = bytes.toString('latin1', open + 1, close).trim().split(/\s+/)
  if (numbers.length !== 4 || !numbers.every((number) => /^\d{1,12}$/.test(number))) return null
  return numbers.map(Number) as [number, number, number, number]
}

/** The bytes of the indirect object around `at`, as far as DICTIONARY_REACH either side. */
function objectAround(bytes: Buffer, at: number): Buffer {
  const from = Math.max(0, at - DICTIONARY_REACH)
  const start = bytes.lastIndexOf(' obj', at)
  const endobj = bytes.indexOf('endobj', at)
  const end = endobj === -1 ? Math.min(bytes.length, at + DICTIONARY_REACH) : Math.min(endobj, at + DICTIONARY_REACH)
  return bytes.subarray(start === -1 || start < from ? from : start, end)
}

/**
 * Whether the file carries an Offerbook seal and whether every byte of it is still covered: by the
 * seal itself, or, after the updates of PAdES B-LT and B-LTA (decision 056), by a document timestamp
 * over the whole file that follows the seal. Only the last signature dictionaries are read, from the
 * end of the file, so a 25 MB upload costs one SHA-256 pass per signature checked. Never throws:
 * anything unexpected reads as not sealed or not intact.
 */
export function readSeal(bytes: Uint8Array): { sealed: boolean; intact: boolean } {
  try {
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const range = ourSealRange(file)
    if (!range) return { sealed: false, intact: false }
    if (!signatureHolds(file, range)) return { sealed: true, intact: false }
    if (range[2] + range[3] === file.length) return { sealed: true, intact: true }
    const last = lastRange(file)
    return { sealed: true, intact: last !== null && last.documentTimestamp && last.range[2] + last.range[3] === file.length && documentTimestampHolds(file, last.range) }
  } catch {
    // Falls through: a file we cannot read is not one we sealed.
  }
  return { sealed: false, intact: false }
}

/** The last /ByteRange in the file, and whether its dictionary is a document timestamp. */
function lastRange(file: Buffer): { range: [number, number, number, number]; documentTimestamp: boolean } | null {
  const at = file.lastIndexOf(BYTE_RANGE)
  if (at === -1) return null
  const range = byteRangeAt(file, at)
  return range ? { range, documentTimestamp: objectAround(file, at).indexOf(DOCUMENT_TIMESTAMP) !== -1 } : null
}

const DOCUMENT_TIMESTAMP = Buffer.from('/ETSI.RFC3161')

/** The /ByteRange of the last Offerbook signature dictionary in the file, or null. */
function ourSealRange(file: Buffer): [number, number, number, number] | null {
  let from = file.length
  for (let candidate = 0; candidate < MAX_CANDIDATES && from > 0; candidate++) {
    const at = file.lastIndexOf(BYTE_RANGE, from - 1)
    if (at === -1) break
    from = at
    const range = byteRangeAt(file, at)
    if (range && objectAround(file, at).indexOf(OUR_NAME) !== -1) return range
  }
  return null
}

/** Where our seal's /Contents hex sits (brackets excluded) and the CMS it holds. */
function sealContents(file: Buffer): { start: number; end: number; cms: Buffer } {
  const range = ourSealRange(file)
  if (!range) throw new Error('the file carries no Offerbook seal')
  const [, b, c] = range
  if (file[b] !== 0x3c || file[c - 1] !== 0x3e) throw new Error('the seal has no /Contents string where its /ByteRange says')
  const contents = Buffer.from(file.toString('latin1', b + 1, c - 1), 'hex')
  const outer = tlvAt(contents, 0, contents.length)
  if (!outer) throw new Error('the seal holds no CMS')
  return { start: b + 1, end: c - 1, cms: contents.subarray(0, outer.end) }
}

/** The signature value of a file's seal: a signature timestamp is taken over its SHA-256 (ETSI EN 319 122-1 5.3). */
export function sealSignatureValue(sealed: Uint8Array): Buffer {
  const value = signatureValueOf(sealContents(Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength)).cms)
  if (!value) throw new Error('the seal has no signature value')
  return Buffer.from(value)
}

/**
 * PAdES B-T: the sealed file with an RFC 3161 token in its CMS as an unsigned attribute. /Contents
 * lies outside the signed byte ranges, so the new CMS is written over the old in the same
 * placeholder, padded with zeros as before; every other byte stays as signed.
 */
export function addSignatureTimestamp(sealed: Uint8Array, token: Uint8Array): Uint8Array {
  const file = Buffer.from(sealed)
  const { start, end, cms } = sealContents(file)
  const hex = withSignatureTimestamp(cms, Buffer.from(token)).toString('hex')
  if (hex.length > end - start) throw new Error(`the signature with its timestamp needs ${hex.length} hex digits; the seal keeps ${end - start}`)
  file.write(hex.padEnd(end - start, '0'), start, 'latin1')
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength)
}

/** The signature's /Contents between its two ranges, as a CMS, or null when the ranges do not frame a hex string. */
function contentsOf(file: Buffer, [a, b, c, d]: [number, number, number, number]): Buffer | null {
  if (a !== 0 || b <= 0 || c <= b + 2 || c + d > file.length) return null
  // Between the two ranges sits exactly the /Contents hex string, brackets included.
  if (file[b] !== 0x3c || file[c - 1] !== 0x3e) return null
  const hex = file.subarray(b + 1, c - 1)
  if (hex.length % 2 !== 0 || !hex.every(isHex)) return null
  const contents = Buffer.from(hex.toString('latin1'), 'hex')
  const outer = tlvAt(contents, 0, contents.length)
  return outer ? contents.subarray(0, outer.end) : null
}

const digestOfRanges = (algorithm: string, file: Buffer, [a, b, c, d]: [number, number, number, number]) =>
  createHash(algorithm).update(file.subarray(a, a + b)).update(file.subarray(c, c + d)).digest()

/** Whether the signature's digest matches the bytes its ranges cover and one of its certificates signed it. */
function signatureHolds(file: Buffer, range: [number, number, number, number]): boolean {
  const contents = contentsOf(file, range)
  const cms = contents && parseSignedCms(contents)
  if (!cms) return false
  return digestOfRanges(cms.digestAlgorithm, file, range).equals(cms.messageDigest) && signedByAnIncludedCertificate(cms)
}

/**
 * Whether a document timestamp's token is over the bytes its ranges cover (TSTInfo's message
 * imprint), its signed attributes over its TSTInfo, and its signature by one of its certificates.
 */
function documentTimestampHolds(file: Buffer, range: [number, number, number, number]): boolean {
  const contents = contentsOf(file, range)
  const cms = contents && parseSignedCms(contents)
  if (!contents || !cms) return false
  const imprint = timestampImprint(contents)
  if (!imprint) return false
  return digestOfRanges(imprint.algorithm, file, range).equals(imprint.digest) && createHash(cms.digestAlgorithm).update(imprint.tstInfo).digest().equals(cms.messageDigest) && signedByAnIncludedCertificate(cms)
}

const DIGEST_NAMES: Record<string, string> = { '2.16.840.1.101.3.4.2.1': 'sha256', '2.16.840.1.101.3.4.2.2': 'sha384', '2.16.840.1.101.3.4.2.3': 'sha512' }

/** A timestamp token's TSTInfo (the DER it signs) and the digest it attests, or null. */
function timestampImprint(token: Buffer): { tstInfo: Buffer; algorithm: string; digest: Buffer } | null {
  try {
    const info = AsnConvert.parse(token, ContentInfo)
    if (info.contentType !== id_signedData) return null
    const signedData = AsnConvert.parse(info.content, SignedData)
    if (signedData.encapContentInfo.eContentType !== id_ct_tstInfo) return null
    const content = signedData.encapContentInfo.eContent?.single?.buffer ?? signedData.encapContentInfo.eContent?.any
    if (!content) return null
    const tstInfo = Buffer.from(content)
    const parsed = AsnConvert.parse(tstInfo, TSTInfo)
    const algorithm = DIGEST_NAMES[parsed.messageImprint.hashAlgorithm.algorithm]
    return algorithm ? { tstInfo, algorithm, digest: Buffer.from(parsed.messageImprint.hashedMessage.buffer) } : null
  } catch {
    return null
  }
}

/** The CMS of every signature in the file (the seal, document timestamps), oldest first; what cannot be read is left out. */
export function signaturesOf(bytes: Uint8Array): Buffer[] {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const found: Buffer[] = []
  for (let at = file.indexOf(BYTE_RANGE); at !== -1; at = file.indexOf(BYTE_RANGE, at + BYTE_RANGE.length)) {
    const range = byteRangeAt(file, at)
    const contents = range && contentsOf(file, range)
    if (contents) found.push(contents)
  }
  return found
}
