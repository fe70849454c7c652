import { randomBytes, X509Certificate } from 'node:crypto'
import { AsnConvert, OctetString } from '@peculiar/asn1-schema'
import { id_signedData, SignedData } from '@peculiar/asn1-cms'
import { id_ct_tstInfo, MessageImprint, PKIStatus, TimeStampReq, TimeStampResp, TSTInfo } from '@peculiar/asn1-tsp'
import { AlgorithmIdentifier } from '@peculiar/asn1-x509'
import { CMS_OIDS } from './signing-cms'
import { fetchOperatorUrl } from './signing-operator-fetch'

/**
 * An RFC 3161 client for the signature timestamp of a PAdES B-T seal (decision 052). The TSA URLs
 * are the operator's own configuration (SIGNING_TSA_URL), not user input: they are fetched directly,
 * private and loopback addresses included, with a timeout and a cap on the answer's size.
 */

export type TsaOptions = {
  urls: string[]
  timeoutMs?: number
  retries?: number
  retryDelayMs?: number
  /** Told of every answer, success or failure, as it comes (the seal page's record of each TSA); must not throw. */
  onAnswer?: (answer: TsaAnswer) => void
}

/** One TSA's answer to one request: the token's signer and its expiry, or why it failed. */
export type TsaAnswer = { url: string; at: Date } & ({ ok: true; tsaName: string; tsaExpiresAt: Date | null } | { ok: false; error: string })

export type SignatureTimestamp = {
  /** The TimeStampToken (a CMS ContentInfo) as the TSA sent it */
  token: Buffer
  /** The time the TSA attested (TSTInfo genTime) */
  time: Date
  /** The subject of the certificate that signed the token */
  tsaName: string
  /** When that certificate expires: a document timestamp must be renewed before then (PAdES B-LTA) */
  tsaExpiresAt: Date | null
  /** The certificates the token carries (DER): the TSA's and its chain, for the DSS */
  certificates: Buffer[]
  url: string
}

const TIMEOUT_MS = 10_000
const RETRIES = 1
const RETRY_DELAY_MS = 500
/** A token with its TSA's chain is a few KB; anything this large is not one. */
const MAX_ANSWER_BYTES = 64 * 1024

/** No TSA in the list gave a token this time: the packet waits and the job tries again later. */
export class TimestampUnavailableError extends Error {
  constructor(readonly failures: string[]) {
    super(`no timestamp authority gave a signature timestamp: ${failures.join('; ')}`)
    this.name = 'TimestampUnavailableError'
  }
}

/** Parses SIGNING_TSA_URL: a comma-separated list of http(s) URLs, tried in order. */
export function parseTsaUrls(setting: string | undefined): string[] {
  if (!setting) return []
  return setting
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '')
}

/** A timestamp over `digest` (a SHA-256) from the first TSA in the list that gives a valid one. */
export async function requestTimestamp(digest: Buffer, options: TsaOptions): Promise<SignatureTimestamp> {
  const { urls, timeoutMs = TIMEOUT_MS, retries = RETRIES, retryDelayMs = RETRY_DELAY_MS, onAnswer } = options
  const failures: string[] = []
  for (const url of urls) {
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelayMs))
      try {
        const timestamp = await timestampFrom(url, digest, timeoutMs)
        onAnswer?.({ url, at: new Date(), ok: true, tsaName: timestamp.tsaName, tsaExpiresAt: timestamp.tsaExpiresAt })
        return timestamp
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        onAnswer?.({ url, at: new Date(), ok: false, error: reason })
        failures.push(`${url}: ${reason}`)
      }
    }
  }
  throw new TimestampUnavailableError(failures)
}

async function timestampFrom(url: string, digest: Buffer, timeoutMs: number): Promise<SignatureTimestamp> {
  // A positive nonce: its first byte stays below 0x80 so the INTEGER reads back as sent.
  const nonce = randomBytes(16)
  nonce[0] = (nonce[0]! & 0x7f) | 0x01
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({ hashAlgorithm: new AlgorithmIdentifier({ algorithm: CMS_OIDS.sha256 }), hashedMessage: new OctetString(digest) }),
    nonce: nonce.buffer.slice(nonce.byteOffset, nonce.byteOffset + nonce.byteLength),
    certReq: true,
  })
  const answer = await post(url, Buffer.from(AsnConvert.serialize(request)), timeoutMs)
  return checkAnswer(answer, digest, nonce, url)
}

function post(url: string, body: Buffer, timeoutMs: number): Promise<Buffer> {
  return fetchOperatorUrl(url, { method: 'POST', body, headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' }, timeoutMs, maxBytes: MAX_ANSWER_BYTES })
}

/** The token of a TimeStampResp, refused unless granted, for our digest and nonce, and a SignedData whose TSTInfo parses. */
export function checkAnswer(answer: Buffer, digest: Buffer, nonce: Buffer, url: string): SignatureTimestamp {
  let response: TimeStampResp
  try {
    response = AsnConvert.parse(answer, TimeStampResp)
  } catch {
    throw new Error('an answer that is not a timestamp response')
  }
  if (response.status.status !== PKIStatus.granted) throw new Error(`status ${response.status.status}${response.status.statusString ? ` (${response.status.statusString.join(' ')})` : ''}`)
  const token = response.timeStampToken
  if (!token || token.contentType !== id_signedData) throw new Error('no token in a granted answer')
  let signedData: SignedData
  let info: TSTInfo
  try {
    signedData = AsnConvert.parse(token.content, SignedData)
    const content = signedData.encapContentInfo.eContent?.single?.buffer ?? signedData.encapContentInfo.eContent?.any
    if (signedData.encapContentInfo.eContentType !== id_ct_tstInfo || !content) throw new Error('no TSTInfo')
    info = AsnConvert.parse(content, TSTInfo)
  } catch {
    throw new Error('a token whose TSTInfo does not parse')
  }
  if (!info.nonce || !Buffer.from(info.nonce).equals(nonce)) throw new Error('a token for another nonce')
  if (info.messageImprint.hashAlgorithm.algorithm !== CMS_OIDS.sha256 || !Buffer.from(info.messageImprint.hashedMessage.buffer).equals(digest)) throw new Error('a token over another digest')
  const certificates = (signedData.certificates ?? []).flatMap((choice) => (choice.certificate ? [Buffer.from(AsnConvert.serialize(choice.certificate))] : []))
  const signer = tokenSigner(signedData, certificates)
  return {
    token: Buffer.from(AsnConvert.serialize(token)),
    time: info.genTime,
    tsaName: signer ? signer.subject.split('\n').join(', ') : 'unnamed timestamp authority',
    tsaExpiresAt: signer ? new Date(signer.validTo) : null,
    certificates,
    url,
  }
}

/** The token's signing certificate: found by the SignerInfo's issuer and serial, or else the one end-entity certificate. */
function tokenSigner(signedData: SignedData, ders: Buffer[]): X509Certificate | null {
  const sid = signedData.signerInfos[0]?.sid
  const certificates = ders.map((der) => new X509Certificate(der))
  const serial = sid?.issuerAndSerialNumber ? Buffer.from(sid.issuerAndSerialNumber.serialNumber).toString('hex').replace(/^(00)+/, '').toUpperCase() : null
  return certificates.find((certificate) => serial !== null && certificate.serialNumber.replace(/^(00)+/, '').toUpperCase() === serial) ?? certificates.find((certificate) => !certificate.ca) ?? null
}
