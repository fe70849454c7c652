import type { KeyObject } from 'node:crypto'
import { constants, createHash, createPrivateKey, privateEncrypt, verify as verifySignature, X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import type { PDFPage } from 'pdf-lib'
import { PDFDocument } from 'pdf-lib'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { SignPdf } from '@signpdf/signpdf'
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils'
import type { OpenedP12, SealingIdentity } from './signing-certificate'
import { openP12 } from './signing-certificate'

/**
 * The seal of a completed packet (decision 016): a detached CMS signature over the whole file, as
 * PDF readers check it (adbe.pkcs7.detached). Our signature dictionary's /Name is how /api/verify
 * tells a file we sealed from any other signed PDF.
 */

export const SEAL_NAME = 'Offerbook'
export const SEAL_REASON = 'Sealed by Offerbook after every signer signed'
export const SEAL_LOCATION = 'Tennessee, US'
/**
 * Hex digits kept for the CMS (half as many bytes): a self-signed certificate needs about 1.5 KB, a
 * chain up to a public root several times that.
 */
const SIGNATURE_LENGTH = 32_768

type SealOptions = { signedAt: Date; reason?: string }

export async function sealPdf(pdf: Uint8Array, identity: SealingIdentity, options: SealOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  return sealDocument(doc, identity, options)
}

/** Seals a document already loaded, so the completion job saves the PDF once instead of saving, loading and saving again. */
export async function sealDocument(doc: PDFDocument, identity: SealingIdentity, { signedAt, reason = SEAL_REASON }: SealOptions): Promise<Uint8Array> {
  const pages = doc.getPages()
  const lastPage: PDFPage | undefined = pages[pages.length - 1]
  pdflibAddPlaceholder({
    ...(lastPage ? { pdfPage: lastPage } : { pdfDoc: doc }),
    reason,
    contactInfo: '',
    name: SEAL_NAME,
    location: SEAL_LOCATION,
    signingTime: signedAt,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
  })
  // A classic cross-reference table, as STACK.md records pdfsig validating; readSeal's search of the
  // file's tail relies on the signature dictionary being plain text too.
  const unsigned = await doc.save({ useObjectStreams: false })
  const signer = new SealSigner(identity)
  const sealed = await new SignPdf().sign(Buffer.from(unsigned.buffer, unsigned.byteOffset, unsigned.byteLength), signer, signedAt)
  return new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength)
}

const CMS_OIDS = {
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  data: '1.2.840.113549.1.7.1',
  signingTime: '1.2.840.113549.1.9.5',
  messageDigest: '1.2.840.113549.1.9.4',
} as const

/** DigestInfo (RFC 8017 9.2) of a SHA-256 digest, less the digest itself. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex')

type Opened = OpenedP12 & { nodeKey: KeyObject }
const openedIdentities = new WeakMap<SealingIdentity, Opened>()

function opened(identity: SealingIdentity): Opened {
  let entry = openedIdentities.get(identity)
  if (!entry) {
    const p12 = openP12(identity.p12, identity.passphrase)
    entry = { ...p12, nodeKey: createPrivateKey(forge.pki.privateKeyToPem(p12.key)) }
    openedIdentities.set(identity, entry)
  }
  return entry
}

/**
 * The CMS @signpdf's P12Signer makes (SHA-256; content type, signing time and message digest signed;
 * the P12's certificates included), made faster for a job that seals every completed packet:
 * P12Signer decrypts the P12 on every call and signs with forge's JavaScript RSA, which together
 * took most of the completion time. Here the P12 is opened once per identity and node:crypto does
 * the RSA operation; forge still builds the CMS.
 */
class SealSigner extends Signer {
  constructor(private readonly identity: SealingIdentity) {
    super()
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const { certificate, certificates, nodeKey } = opened(this.identity)
    const p7 = forge.pkcs7.createSignedData()
    p7.content = forge.util.createBuffer(pdf.toString('binary'))
    for (const cert of certificates) p7.addCertificate(cert)
    // forge only asks the key to sign the digest it has computed over the signed attributes.
    const key = {
      sign: (md: forge.md.MessageDigest) => {
        const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')])
        return privateEncrypt({ key: nodeKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary')
      },
    }
    p7.addSigner({
      key: key as unknown as forge.pki.rsa.PrivateKey,
      certificate,
      digestAlgorithm: CMS_OIDS.sha256,
      // In this order, as P12Signer has it (EU validators are said to care).
      authenticatedAttributes: [
        { type: CMS_OIDS.contentType, value: CMS_OIDS.data },
        // forge takes a Date here though its types say string.
        { type: CMS_OIDS.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: CMS_OIDS.messageDigest },
      ],
    })
    p7.sign({ detached: true })
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary')
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

type Tlv = { tag: number; start: number; contentStart: number; end: number }

/** One DER element at `at`: its tag, where its contents start and where it ends; null when it is not well-formed DER. */
function tlv(der: Buffer, at: number, limit: number): Tlv | null {
  if (at + 2 > limit) return null
  const tag = der[at] ?? 0
  let length = der[at + 1] ?? 0
  let contentStart = at + 2
  if (length & 0x80) {
    const octets = length & 0x7f
    if (octets === 0 || octets > 4 || contentStart + octets > limit) return null
    length = 0
    for (let index = 0; index < octets; index++) length = length * 256 + (der[contentStart + index] ?? 0)
    contentStart += octets
  }
  const end = contentStart + length
  return end > limit ? null : { tag, start: at, contentStart, end }
}

function children(der: Buffer, parent: Tlv): Tlv[] {
  const out: Tlv[] = []
  let at = parent.contentStart
  while (at < parent.end) {
    const child = tlv(der, at, parent.end)
    if (!child) return []
    out.push(child)
    at = child.end
  }
  return out
}

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
  const contentInfo = tlv(der, 0, der.length)
  if (!contentInfo || contentInfo.tag !== 0x30) return null
  const explicit = children(der, contentInfo)[1]
  if (!explicit || explicit.tag !== 0xa0) return null
  const signedData = children(der, explicit)[0]
  if (!signedData || signedData.tag !== 0x30) return null
  const parts = children(der, signedData)
  const certificates = parts.find((part) => part.tag === 0xa0)
  const signerInfos = parts[parts.length - 1]
  if (!signerInfos || signerInfos.tag !== 0x31) return null
  const signerInfo = children(der, signerInfos)[0]
  if (!signerInfo) return null
  const fields = children(der, signerInfo)
  const attributesIndex = fields.findIndex((field) => field.tag === 0xa0)
  const attributes = fields[attributesIndex]
  const digestAlgorithm = fields[attributesIndex - 1]
  const signature = fields[attributesIndex + 2]
  if (!attributes || !digestAlgorithm || !signature || signature.tag !== 0x04) return null
  const algorithmOid = children(der, digestAlgorithm)[0]
  const algorithm = algorithmOid && DIGESTS.find(([, oid]) => der.subarray(algorithmOid.start, algorithmOid.end).equals(oid))?.[0]
  if (!algorithm) return null
  let messageDigest: Buffer | null = null
  for (const attribute of children(der, attributes)) {
    const [type, values] = children(der, attribute)
    if (!type || !values || !der.subarray(type.start, type.end).equals(OID.messageDigest)) continue
    const value = children(der, values)[0]
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
    certificates: certificates ? children(der, certificates).map((cert) => der.subarray(cert.start, cert.end)) : [],
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
 * Whether the file carries an Offerbook seal and whether that seal still covers every byte of it.
 * Only the last signature dictionaries are read, from the end of the file, so a 25 MB upload costs
 * one SHA-256 pass. Never throws: anything unexpected reads as not sealed or not intact.
 */
export function readSeal(bytes: Uint8Array): { sealed: boolean; intact: boolean } {
  try {
    const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let from = file.length
    for (let candidate = 0; candidate < MAX_CANDIDATES && from > 0; candidate++) {
      const at = file.lastIndexOf(BYTE_RANGE, from - 1)
      if (at === -1) break
      from = at
      const range = byteRangeAt(file, at)
      if (!range || objectAround(file, at).indexOf(OUR_NAME) === -1) continue
      return { sealed: true, intact: coversFile(file, range) }
    }
  } catch {
    // Falls through: a file we cannot read is not one we sealed.
  }
  return { sealed: false, intact: false }
}

function coversFile(file: Buffer, [a, b, c, d]: [number, number, number, number]): boolean {
  if (a !== 0 || b <= 0 || c <= b + 2 || c + d !== file.length) return false
  // Between the two ranges sits exactly the /Contents hex string, brackets included.
  if (file[b] !== 0x3c || file[c - 1] !== 0x3e) return false
  const hex = file.subarray(b + 1, c - 1)
  if (hex.length % 2 !== 0 || !hex.every(isHex)) return false
  const contents = Buffer.from(hex.toString('latin1'), 'hex')
  const outer = tlv(contents, 0, contents.length)
  if (!outer) return false
  const cms = parseSignedCms(contents.subarray(0, outer.end))
  if (!cms) return false
  const digest = createHash(cms.digestAlgorithm).update(file.subarray(a, a + b)).update(file.subarray(c, c + d)).digest()
  return digest.equals(cms.messageDigest) && signedByAnIncludedCertificate(cms)
}
