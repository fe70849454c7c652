import { z } from 'zod'
import { SEAL_LEVELS } from './signing'

/**
 * The document seal as super admins see it at /admin/sealing (issue #32): the sealing certificate and
 * its chain, the timestamp authorities of SIGNING_TSA_URL with their last answers, and how many
 * sealed packets reached each PAdES level (decisions 052 and 056).
 */

/** A certificate's expiry within this many days earns a warning on the page. */
export const SEAL_CERT_WARN_DAYS = 90

export const SealChainCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** The http(s) CRL distribution points it names: none means the seal can never reach B-LT with it. */
  crlUrls: z.array(z.string()),
})
export type SealChainCertificate = z.infer<typeof SealChainCertificateSchema>

export const SealCertificateSchema = SealChainCertificateSchema.extend({
  /** SHA-256 of the certificate's DER, hex, upper case with colons as certificate viewers show it */
  fingerprint: z.string(),
  selfSigned: z.boolean(),
  /** 'configured': SIGNING_CERT_P12; 'generated': the self-signed certificate made under DATA_DIR */
  source: z.enum(['configured', 'generated']),
})
export type SealCertificate = z.infer<typeof SealCertificateSchema>

export const TsaStatusSchema = z.object({
  url: z.string(),
  /** The last answer this TSA gave any server; all null when it has not been asked yet. */
  lastAt: z.string().nullable(),
  ok: z.boolean().nullable(),
  tsaName: z.string().nullable(),
  tsaExpiresAt: z.string().nullable(),
  error: z.string().nullable(),
})
export type TsaStatus = z.infer<typeof TsaStatusSchema>

export const SEAL_LEVEL_KEYS = [...SEAL_LEVELS, 'none'] as const
export type SealLevelKey = (typeof SEAL_LEVEL_KEYS)[number]

export const SealingStatusSchema = z.object({
  /** Null when the certificate cannot be opened; `certificateError` then says why. */
  certificate: SealCertificateSchema.nullable(),
  certificateError: z.string().nullable(),
  /** Every certificate of the P12, the sealing certificate first. */
  chain: z.array(SealChainCertificateSchema),
  /** SIGNING_TSA_URL in order; empty: seals are B-B with no trusted timestamp. */
  tsas: z.array(TsaStatusSchema),
  /** Sealed (completed) packets per level; 'none': sealed before decision 052. */
  levels: z.object({ 'B-B': z.number().int(), 'B-T': z.number().int(), 'B-LT': z.number().int(), 'B-LTA': z.number().int(), none: z.number().int() }),
  /** Sealed packets whose archive step (DSS and document timestamp) is due now. */
  archiveDue: z.number().int(),
})
export type SealingStatus = z.infer<typeof SealingStatusSchema>
