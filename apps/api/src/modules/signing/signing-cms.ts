import type { KeyObject } from 'node:crypto'
import { createHash, sign as signBytes } from 'node:crypto'
import { AsnConvert, OctetString } from '@peculiar/asn1-schema'
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  CMSVersion,
  ContentInfo,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  id_data,
  id_signedData,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms'
import { AlgorithmIdentifier, Certificate, GeneralName, GeneralNames } from '@peculiar/asn1-x509'

/**
 * The CMS of a PAdES baseline seal (ETSI EN 319 142-1, decision 052), built with the @peculiar ASN.1
 * schemas: SHA-256, RSA by node:crypto, and only the signed attributes the baseline asks for
 * (content-type, message-digest, signing-certificate-v2). No signing-time: the claimed time is the
 * signature dictionary's /M, the trusted one the timestamp added as an unsigned attribute.
 */

export const CMS_OIDS = {
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const

/** The DER of the OBJECT IDENTIFIER id-data, the content-type attribute's value. */
const ID_DATA_DER = Buffer.from('06092a864886f70d010701', 'hex')
/** ASN.1 NULL, the parameters of sha256 and rsaEncryption as most signers write them. */
const NULL = new Uint8Array([0x05, 0x00]).buffer


export type CmsSigner = { key: KeyObject; certificate: Buffer; chain: Buffer[] }

/** One DER element from its tag and contents (lengths up to 4 octets). */
export function derElement(tag: number, content: Buffer): Buffer {
  const length = content.length
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content])
  const octets: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256)
  return Buffer.concat([Buffer.from([tag, 0x80 | octets.length, ...octets]), content])
}

const arrayBuffer = (bytes: Buffer): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

/**
 * SigningCertificateV2 (RFC 5035): one ESSCertIDv2 with the certificate's SHA-256 (the default hash,
 * so the algorithm is left out, as DER requires) and its issuer and serial number.
 */
function signingCertificateV2(certificateDer: Buffer, certificate: Certificate): Buffer {
  const issuer = Buffer.from(AsnConvert.serialize(new GeneralNames([new GeneralName({ directoryName: certificate.tbsCertificate.issuer })])))
  const serial = derElement(0x02, Buffer.from(certificate.tbsCertificate.serialNumber))
  const issuerSerial = derElement(0x30, Buffer.concat([issuer, serial]))
  const certId = derElement(0x30, Buffer.concat([derElement(0x04, createHash('sha256').update(certificateDer).digest()), issuerSerial]))
  return derElement(0x30, derElement(0x30, certId))
}

/** The attributes in DER order (a SET OF is sorted by encoding), so every verifier hashes the same bytes. */
function sortedAttributes(attributes: Attribute[]): Attribute[] {
  return attributes
    .map((attribute) => ({ attribute, der: Buffer.from(AsnConvert.serialize(attribute)) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ attribute }) => attribute)
}

/** A detached CMS SignedData over `content` (the PDF's byte ranges), as PAdES B-B wants it. */
export function buildCadesSignature(content: Buffer, signer: CmsSigner): Buffer {
  const certificate = AsnConvert.parse(signer.certificate, Certificate)
  const sha256 = new AlgorithmIdentifier({ algorithm: CMS_OIDS.sha256, parameters: NULL })
  const signedAttrs = sortedAttributes([
    new Attribute({ attrType: CMS_OIDS.contentType, attrValues: [arrayBuffer(ID_DATA_DER)] }),
    new Attribute({ attrType: CMS_OIDS.messageDigest, attrValues: [AsnConvert.serialize(new OctetString(createHash('sha256').update(content).digest()))] }),
    new Attribute({ attrType: CMS_OIDS.signingCertificateV2, attrValues: [arrayBuffer(signingCertificateV2(signer.certificate, certificate))] }),
  ])
  const signerInfo = new SignerInfo({
    version: CMSVersion.v1,
    sid: new SignerIdentifier({ issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer: certificate.tbsCertificate.issuer, serialNumber: certificate.tbsCertificate.serialNumber }) }),
    digestAlgorithm: sha256,
    signedAttrs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: CMS_OIDS.rsaEncryption, parameters: NULL }),
    signature: new OctetString(0),
  })
  // The signature covers the attributes as a SET (tag 0x31), not as the [0] they are stored under.
  const toSign = signedAttributesOf(Buffer.from(AsnConvert.serialize(signerInfo)))
  signerInfo.signature = new OctetString(signBytes('sha256', toSign, signer.key))
  const certificates = [signer.certificate, ...signer.chain.filter((der) => !der.equals(signer.certificate))]
  const signedData = new SignedData({
    version: CMSVersion.v1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet(certificates.map((der) => new CertificateChoices({ certificate: AsnConvert.parse(der, Certificate) }))),
    signerInfos: new SignerInfos([signerInfo]),
  })
  return Buffer.from(AsnConvert.serialize(new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) })))
}

type Tlv = { tag: number; start: number; contentStart: number; end: number }

/** One DER element at `at`; null when it is not well-formed DER. */
export function tlvAt(der: Buffer, at: number, limit: number): Tlv | null {
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

export function childrenOf(der: Buffer, parent: Tlv): Tlv[] {
  const out: Tlv[] = []
  let at = parent.contentStart
  while (at < parent.end) {
    const child = tlvAt(der, at, parent.end)
    if (!child) return []
    out.push(child)
    at = child.end
  }
  return out
}

/** The signed attributes of a serialized SignerInfo, re-tagged as the SET the signature covers. */
function signedAttributesOf(signerInfoDer: Buffer): Buffer {
  const signerInfo = tlvAt(signerInfoDer, 0, signerInfoDer.length)
  const attributes = signerInfo && childrenOf(signerInfoDer, signerInfo).find((field) => field.tag === 0xa0)
  if (!attributes) throw new Error('the SignerInfo has no signed attributes')
  const set = Buffer.from(signerInfoDer.subarray(attributes.start, attributes.end))
  set[0] = 0x31
  return set
}

/** The first SignerInfo of a CMS ContentInfo's SignedData, with the elements around it. */
function signerInfoPath(cms: Buffer) {
  const contentInfo = tlvAt(cms, 0, cms.length)
  const contentType = contentInfo && childrenOf(cms, contentInfo)[0]
  const explicit = contentInfo && childrenOf(cms, contentInfo)[1]
  const signedData = explicit?.tag === 0xa0 ? childrenOf(cms, explicit)[0] : undefined
  const signerInfos = signedData ? childrenOf(cms, signedData).at(-1) : undefined
  const signerInfo = signerInfos?.tag === 0x31 ? childrenOf(cms, signerInfos)[0] : undefined
  if (!contentInfo || !contentType || !explicit || !signedData || !signerInfos || !signerInfo) return null
  return { contentInfo, contentType, explicit, signedData, signerInfos, signerInfo }
}

/** The signature value of a CMS's first SignerInfo: what a signature timestamp is taken over (its SHA-256). */
export function signatureValueOf(cms: Buffer): Buffer | null {
  const path = signerInfoPath(cms)
  if (!path) return null
  const signature = childrenOf(cms, path.signerInfo).find((field, index, fields) => field.tag === 0x04 && fields[index - 1]?.tag === 0x30 && index >= 4)
  return signature ? cms.subarray(signature.contentStart, signature.end) : null
}

/**
 * The CMS with an RFC 3161 token added as the signature-time-stamp unsigned attribute. The signed
 * parts are copied byte for byte (re-encoding them could reorder a SET and break the signature);
 * only the lengths of the elements around the SignerInfo change.
 */
export function withSignatureTimestamp(cms: Buffer, token: Buffer): Buffer {
  const path = signerInfoPath(cms)
  if (!path) throw new Error('not a CMS SignedData')
  const fields = childrenOf(cms, path.signerInfo)
  if (fields.some((field) => field.tag === 0xa1)) throw new Error('the signature already has unsigned attributes')
  const attribute = Buffer.from(AsnConvert.serialize(new Attribute({ attrType: CMS_OIDS.signatureTimeStampToken, attrValues: [arrayBuffer(token)] })))
  const slice = (from: number, to: number) => cms.subarray(from, to)
  const signerInfo = derElement(0x30, Buffer.concat([slice(path.signerInfo.contentStart, path.signerInfo.end), derElement(0xa1, attribute)]))
  const signerInfos = derElement(0x31, Buffer.concat([slice(path.signerInfos.contentStart, path.signerInfo.start), signerInfo, slice(path.signerInfo.end, path.signerInfos.end)]))
  const signedData = derElement(0x30, Buffer.concat([slice(path.signedData.contentStart, path.signerInfos.start), signerInfos, slice(path.signerInfos.end, path.signedData.end)]))
  return derElement(0x30, Buffer.concat([slice(path.contentType.start, path.contentType.end), derElement(0xa0, signedData)]))
}
