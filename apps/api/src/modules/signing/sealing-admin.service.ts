import { X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import type { SealChainCertificate, SealingStatus, TsaStatus } from '@offerbook/domain/sealing'
import type { Db } from '../../db/client'
import { countArchiveDue, countSealedByLevel, listTsaStatuses } from './sealing-admin.queries'
import type { SealingIdentity } from './signing-certificate'
import { openP12 } from './signing-certificate'
import { crlUrlsOf } from './signing-ltv'
import type { SigningContext } from './signing.service'

/**
 * The seal page of super admins (issue #32): the sealing certificate and its chain as the P12 holds
 * them, each TSA of SIGNING_TSA_URL with the last answer any server recorded, and the sealed packets
 * per PAdES level. A certificate that cannot be opened is reported on the page, not as an error.
 */
export async function getSealingStatus(db: Db, ctx: Pick<SigningContext, 'sealing' | 'timestamps'>, { now = new Date() }: { now?: Date } = {}): Promise<SealingStatus> {
  const urls = ctx.timestamps?.urls ?? []
  const [certificate, statuses, byLevel, archiveDue] = await Promise.all([certificateOf(ctx), listTsaStatuses(db, urls), countSealedByLevel(db), countArchiveDue(db, now)])
  const levels = { 'B-B': 0, 'B-T': 0, 'B-LT': 0, 'B-LTA': 0, none: 0 }
  for (const row of byLevel) {
    const key = row.level && row.level in levels ? (row.level as keyof typeof levels) : 'none'
    levels[key] += row.count
  }
  const tsas = urls.map((url): TsaStatus => {
    const row = statuses.find((status) => status.url === url)
    return {
      url,
      lastAt: row?.lastAt.toISOString() ?? null,
      ok: row?.ok ?? null,
      tsaName: row?.tsaName ?? null,
      tsaExpiresAt: row?.tsaExpiresAt?.toISOString() ?? null,
      error: row?.error ?? null,
    }
  })
  return { ...certificate, tsas, levels, archiveDue }
}

async function certificateOf(ctx: Pick<SigningContext, 'sealing'>): Promise<Pick<SealingStatus, 'certificate' | 'certificateError' | 'chain'>> {
  let identity: SealingIdentity
  let certificates: X509Certificate[]
  try {
    identity = await ctx.sealing()
    const opened = openP12(identity.p12, identity.passphrase)
    const sealing = derOf(opened.certificate)
    certificates = [new X509Certificate(sealing), ...opened.certificates.map(derOf).filter((der) => !der.equals(sealing)).map((der) => new X509Certificate(der))]
  } catch (error) {
    return { certificate: null, certificateError: error instanceof Error ? error.message : String(error), chain: [] }
  }
  const chain = chainOrder(certificates).map(describe)
  return {
    certificate: { ...chain[0]!, fingerprint: certificates[0]!.fingerprint256, selfSigned: identity.selfSigned, source: identity.source },
    certificateError: null,
    chain,
  }
}

function derOf(certificate: forge.pki.Certificate): Buffer {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary')
}

/** The sealing certificate, then its issuer, that one's issuer and so on; any other certificate of the P12 after them. */
function chainOrder([first, ...rest]: X509Certificate[]): X509Certificate[] {
  const ordered = [first!]
  const left = [...rest]
  for (;;) {
    const last = ordered.at(-1)!
    if (last.subject === last.issuer) break
    const index = left.findIndex((candidate) => candidate.subject === last.issuer)
    if (index < 0) break
    ordered.push(...left.splice(index, 1))
  }
  return [...ordered, ...left]
}

const nameOf = (name: string) => name.split('\n').join(', ')

function describe(certificate: X509Certificate): SealChainCertificate {
  return {
    subject: nameOf(certificate.subject),
    issuer: nameOf(certificate.issuer),
    serial: certificate.serialNumber,
    validFrom: new Date(certificate.validFrom).toISOString(),
    validUntil: new Date(certificate.validTo).toISOString(),
    crlUrls: crlUrlsOf(certificate.raw),
  }
}
