import { createHash, verify as cryptoVerify, X509Certificate } from 'node:crypto'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib'
import { SignPdf } from '@signpdf/signpdf'
import { Signer } from '@signpdf/utils'
import { AsnConvert } from '@peculiar/asn1-schema'
import { Certificate, CertificateList, CRLDistributionPoints, id_ce_cRLDistributionPoints } from '@peculiar/asn1-x509'
import { fetchOperatorUrl } from './signing-operator-fetch'
import { addSignatureField } from './signing-pdf-signature-field'
import type { SignatureTimestamp } from './signing-tsa'

/**
 * PAdES B-LT and B-LTA (decision 056). B-LT: a /DSS in the catalog holding the certificates of the
 * seal's chain and of the timestamp authority's, with a CRL for every certificate that is not a root,
 * each fetched from the URL its certificate names. B-LTA: a document timestamp (ETSI.RFC3161) over the
 * whole file, DSS included. Both are incremental updates: the bytes already signed stay as they are.
 */

const CRL_TIMEOUT_MS = 10_000
/** A public CA's CRL can run to a few MB; anything larger is refused. */
const CRL_MAX_BYTES = 10 * 1024 * 1024
/** Hex digits kept for a document timestamp's token (half as many bytes): the token and its TSA's chain. */
const DOCUMENT_TIMESTAMP_LENGTH = 32_768

export type ValidationMaterial = { certificates: Buffer[]; crls: Buffer[] }

/**
 * Why B-LT cannot be reached: a certificate names no revocation source (`permanent`: trying again
 * changes nothing), or a source did not answer with a CRL that holds (it may later).
 */
export class ValidationDataUnavailableError extends Error {
  constructor(
    readonly problems: string[],
    readonly permanent: boolean,
  ) {
    super(`the long-term validation data is incomplete: ${problems.join('; ')}`)
    this.name = 'ValidationDataUnavailableError'
  }
}

const subjectOf = (certificate: X509Certificate) => certificate.subject.split('\n').join(', ')

/** A root: issued by itself and signed by its own key. Nothing revokes it; it is trusted or not. */
function isSelfSigned(certificate: X509Certificate): boolean {
  try {
    return certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey)
  } catch {
    return false
  }
}

/** The http(s) URLs of a certificate's CRL distribution points. */
export function crlUrlsOf(der: Buffer): string[] {
  const parsed = AsnConvert.parse(der, Certificate)
  const extension = parsed.tbsCertificate.extensions?.find((candidate) => candidate.extnID === id_ce_cRLDistributionPoints)
  if (!extension) return []
  const points = AsnConvert.parse(extension.extnValue.buffer, CRLDistributionPoints)
  return points.flatMap((point) => point.distributionPoint?.fullName?.flatMap((name) => (name.uniformResourceIdentifier ? [name.uniformResourceIdentifier] : [])) ?? []).filter((url) => /^https?:\/\//i.test(url))
}

/** Checks a CRL against the certificate it should speak for: issued by its issuer's key, current, and not listing it. */
function checkCrl(crlDer: Buffer, certificate: X509Certificate, issuer: X509Certificate | undefined, now: Date): void {
  let crl: CertificateList
  try {
    crl = AsnConvert.parse(crlDer, CertificateList)
  } catch {
    throw new Error('not a CRL')
  }
  const certificateIssuer = Buffer.from(AsnConvert.serialize(AsnConvert.parse(certificate.raw, Certificate).tbsCertificate.issuer))
  if (!Buffer.from(AsnConvert.serialize(crl.tbsCertList.issuer)).equals(certificateIssuer)) throw new Error('a CRL of another issuer')
  if (issuer) {
    const algorithm = crl.signatureAlgorithm.algorithm
    const digest = DIGEST_OF_SIGNATURE[algorithm]
    if (!digest) throw new Error(`a CRL signed with ${algorithm}, which is not supported`)
    const tbs = Buffer.from(AsnConvert.serialize(crl.tbsCertList))
    if (!createVerify(digest, tbs, issuer, Buffer.from(crl.signature))) throw new Error('a CRL whose signature is not its issuer’s')
  }
  const nextUpdate = crl.tbsCertList.nextUpdate?.getTime()
  if (nextUpdate && nextUpdate.getTime() < now.getTime()) throw new Error('an expired CRL')
  const serial = certificate.serialNumber.replace(/^(00)+/, '').toUpperCase()
  const revoked = crl.tbsCertList.revokedCertificates?.some((entry) => Buffer.from(entry.userCertificate).toString('hex').replace(/^(00)+/, '').toUpperCase() === serial)
  if (revoked) throw new Error(`${subjectOf(certificate)} is revoked`)
}

const DIGEST_OF_SIGNATURE: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
}

function createVerify(digest: string, data: Buffer, issuer: X509Certificate, signature: Buffer): boolean {
  try {
    return cryptoVerify(digest, data, issuer.publicKey, signature)
  } catch {
    return false
  }
}

/**
 * The certificates of the given chains (deduplicated) and a CRL for each one that is not a root.
 * Throws ValidationDataUnavailableError naming each certificate left without revocation data.
 */
export async function collectValidationMaterial(chains: Buffer[][], { now = new Date(), timeoutMs = CRL_TIMEOUT_MS }: { now?: Date; timeoutMs?: number } = {}): Promise<ValidationMaterial> {
  const byFingerprint = new Map<string, X509Certificate>()
  for (const der of chains.flat()) {
    const certificate = new X509Certificate(der)
    byFingerprint.set(certificate.fingerprint256, certificate)
  }
  const certificates = [...byFingerprint.values()]
  const problems: string[] = []
  let transient = false
  const crls = new Map<string, Buffer>()
  for (const certificate of certificates) {
    if (isSelfSigned(certificate)) continue
    const issuer = certificates.find((candidate) => candidate !== certificate && certificate.checkIssued(candidate))
    const urls = crlUrlsOf(certificate.raw)
    if (urls.length === 0) {
      problems.push(`${subjectOf(certificate)} names no CRL`)
      continue
    }
    let found = false
    const failures: string[] = []
    for (const url of urls) {
      try {
        const der = crls.get(url) ?? (await fetchOperatorUrl(url, { timeoutMs, maxBytes: CRL_MAX_BYTES }))
        checkCrl(der, certificate, issuer, now)
        crls.set(url, der)
        found = true
        break
      } catch (error) {
        failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (!found) {
      transient = true
      problems.push(`${subjectOf(certificate)}: ${failures.join(', ')}`)
    }
  }
  if (problems.length > 0) throw new ValidationDataUnavailableError(problems, !transient)
  return { certificates: certificates.map((certificate) => certificate.raw), crls: [...new Set(crls.values())] }
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex')

/**
 * The file with its DSS updated, as an incremental update: the certificates and CRLs it lacks are
 * added to /Certs and /CRLs (a DSS already there keeps what it holds). A file that lacks none is
 * returned as it is.
 */
export async function appendDss(pdf: Uint8Array, material: ValidationMaterial): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false })
  return addToDss(doc, material) ? doc.commit({ useObjectStreams: false }) : pdf
}

/** Adds what the DSS lacks to the loaded document (an incremental update still to commit); false when it lacks nothing. */
function addToDss(doc: PDFDocument, material: ValidationMaterial): boolean {
  const { context } = doc
  const snapshot = context.snapshot
  const dssEntry = doc.catalog.get(PDFName.of('DSS'))
  let dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict)
  let added = 0
  if (!dss) {
    dss = context.obj({ Type: 'DSS' })
    doc.catalog.set(PDFName.of('DSS'), context.register(dss))
  } else if (dssEntry instanceof PDFRef) snapshot?.markRefForSave(dssEntry)
  for (const [key, items] of [
    ['Certs', material.certificates],
    ['CRLs', material.crls],
  ] as const) {
    const entry = dss.get(PDFName.of(key))
    const array = dss.lookupMaybe(PDFName.of(key), PDFArray) ?? context.obj([])
    const held = new Set(
      array.asArray().flatMap((item) => {
        const stream = context.lookup(item)
        return stream && 'getContents' in stream && typeof stream.getContents === 'function' ? [sha1(Buffer.from((stream as { getContents: () => Uint8Array }).getContents()))] : []
      }),
    )
    for (const der of items) {
      if (held.has(sha1(der))) continue
      held.add(sha1(der))
      added += 1
      array.push(context.register(context.stream(der, { Length: der.length })))
    }
    if (entry instanceof PDFRef) snapshot?.markRefForSave(entry)
    else dss.set(PDFName.of(key), array)
  }
  // Nothing new: no update at all (an update that adds no object would also get a wrong /Size).
  if (added === 0) return false
  const root = context.trailerInfo.Root
  if (root instanceof PDFRef) snapshot?.markRefForSave(root)
  return true
}

class DocumentTimestampSigner extends Signer {
  timestamp: SignatureTimestamp | null = null
  constructor(private readonly stamp: (digest: Buffer) => Promise<SignatureTimestamp>) {
    super()
  }

  override async sign(bytes: Buffer): Promise<Buffer> {
    this.timestamp = await this.stamp(createHash('sha256').update(bytes).digest())
    return this.timestamp.token
  }
}

/**
 * PAdES B-LTA: the file with a document timestamp over all of it, as an incremental update. `stamp`
 * asks a TSA for a token over a SHA-256 (signing-tsa.ts); its answer is returned with the file.
 */
export async function appendDocumentTimestamp(pdf: Uint8Array, stamp: (digest: Buffer) => Promise<SignatureTimestamp>, material?: ValidationMaterial): Promise<{ pdf: Uint8Array; timestamp: SignatureTimestamp }> {
  const doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false })
  // With validation material, its DSS update comes first, from the same parse of the file.
  if (material && addToDss(doc, material)) await doc.commit({ useObjectStreams: false })
  addSignatureField(doc, { kind: 'document-timestamp', contentsLength: DOCUMENT_TIMESTAMP_LENGTH }, doc.context.snapshot)
  const unsigned = await doc.commit({ useObjectStreams: false })
  const signer = new DocumentTimestampSigner(stamp)
  const signed = await new SignPdf().sign(Buffer.from(unsigned.buffer, unsigned.byteOffset, unsigned.byteLength), signer)
  if (!signer.timestamp) throw new Error('the document timestamp was not made')
  return { pdf: new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength), timestamp: signer.timestamp }
}
