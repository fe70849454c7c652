import { AsnConvert } from '@peculiar/asn1-schema'
import { ContentInfo, id_signedData, SignedData } from '@peculiar/asn1-cms'
import { appendDocumentTimestamp, collectValidationMaterial } from './signing-ltv'
import { signaturesOf } from './signing-seal'
import type { SignatureTimestamp } from './signing-tsa'

/**
 * The archive step of PAdES B-LTA (decision 056): a sealed file gets the validation data of every
 * certificate its signatures carry, in its DSS, then a document timestamp over all of it. Run on a
 * B-T seal it makes B-LTA; run again before the last timestamp's certificate expires it renews it.
 */

const OID_SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14'

/** The certificates of a CMS SignedData and of the timestamp tokens in its unsigned attributes, one chain per CMS. */
function chainsOfCms(der: Buffer): Buffer[][] {
  const info = AsnConvert.parse(der, ContentInfo)
  if (info.contentType !== id_signedData) return []
  const signedData = AsnConvert.parse(info.content, SignedData)
  const own = (signedData.certificates ?? []).flatMap((choice) => (choice.certificate ? [Buffer.from(AsnConvert.serialize(choice.certificate))] : []))
  const tokens = signedData.signerInfos.flatMap((signer) => (signer.unsignedAttrs ?? []).filter((attribute) => attribute.attrType === OID_SIGNATURE_TIMESTAMP).flatMap((attribute) => attribute.attrValues.map((value) => Buffer.from(value))))
  return [own, ...tokens.flatMap(chainsOfCms)]
}

/** Every certificate chain the file's signatures carry: the seal's, its signature timestamp's, each document timestamp's. */
export function certificateChainsOf(pdf: Uint8Array): Buffer[][] {
  return signaturesOf(pdf).flatMap((cms) => {
    try {
      return chainsOfCms(cms)
    } catch {
      return []
    }
  })
}

/**
 * The file with a DSS holding its chains and their CRLs, and a document timestamp from `stamp`.
 * Throws ValidationDataUnavailableError when a CRL is missing, and what `stamp` throws when no TSA answers.
 */
export async function archiveSealedFile(pdf: Uint8Array, stamp: (digest: Buffer) => Promise<SignatureTimestamp>, { now = new Date() }: { now?: Date } = {}): Promise<{ pdf: Uint8Array; timestamp: SignatureTimestamp }> {
  const material = await collectValidationMaterial(certificateChainsOf(pdf), { now })
  return appendDocumentTimestamp(pdf, stamp, material)
}
