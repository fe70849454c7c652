import type { SealLevel, SignerRole, VerifyResult } from '@offerbook/domain/signing'
import { SEALED_RECORD_FILENAME } from '@offerbook/domain/signing'
import type { Db } from '../../db/client'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import { findCompletedBySignedHash, findOfferCounty, listSigners } from './signing.queries'
import { sha256Hex } from './signing-events'
import { readSeal } from './signing-seal'

/**
 * /verify (issue #12, part 5): 'intact' for a file whose SHA-256 is exactly that of a sealed PDF made
 * here, the seal or any of its archive updates (decision 056); 'changed' for a file that carries our seal but matches none (or whose seal no longer covers
 * its bytes); 'unknown' otherwise, saying nothing more.
 */

async function intact(db: Db, sha256: string): Promise<VerifyResult | null> {
  const found = await findCompletedBySignedHash(db, sha256)
  if (!found) return null
  const { packet, version } = found
  if (!packet.completedAt) return null
  const [signers, property] = await Promise.all([listSigners(db, packet.id), findOfferCounty(db, packet.offerId)])
  return {
    status: 'intact',
    packet: {
      // The page has no property around it, so the answer names the zone its times are read in (decision 038).
      timeZone: property ? propertyTimeZone(property.county) : 'UTC',
      completedAt: packet.completedAt.toISOString(),
      signers: signers.filter((signer) => signer.signedAt).map((signer) => ({ name: signer.name, role: signer.role as SignerRole, signedAt: signer.signedAt!.toISOString() })),
      // The level of the very file given: the seal, or a later archive update (decision 056). Null for
      // packets sealed before decision 052 (adbe.pkcs7.detached, no PAdES level).
      sealLevel: (version.level as SealLevel | null) ?? null,
      timestampedAt: version.level !== 'B-B' && version.timestampAt ? version.timestampAt.toISOString() : null,
      record: version.recordSha256 ? { filename: SEALED_RECORD_FILENAME, sha256: version.recordSha256 } : null,
    },
  }
}

export async function verifyHash(db: Db, sha256: string): Promise<VerifyResult> {
  return (await intact(db, sha256.toLowerCase())) ?? { status: 'unknown' }
}

export async function verifyFile(db: Db, bytes: Uint8Array): Promise<VerifyResult> {
  const found = await intact(db, sha256Hex(bytes))
  if (found) return found
  return readSeal(bytes).sealed ? { status: 'changed' } : { status: 'unknown' }
}
