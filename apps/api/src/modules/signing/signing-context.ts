import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import type { SealingIdentity } from './signing-certificate'
import { loadSealingIdentity } from './signing-certificate'
import type { SigningContext } from './signing.service'
import { recordTsaAnswer } from './sealing-admin.queries'
import type { TsaAnswer } from './signing-tsa'

/**
 * The signing module's context: the file storage, and the sealing certificate loaded (or made under
 * DATA_DIR) once, the first time a packet completes, so start-up does not wait for it; and the
 * timestamp authorities the seal asks for a B-T timestamp.
 */
export function createSigningContext({
  publicUrl,
  storage,
  dataDir,
  signingCert,
  tsaUrls = [],
  db,
  onCompletionQueued,
}: {
  publicUrl: string
  storage: FileStorage
  dataDir: string
  signingCert: { p12: string | undefined; passphrase: string | undefined }
  /** SIGNING_TSA_URL: the timestamp authorities that make the seal B-T (decision 052); none, B-B. */
  tsaUrls?: string[]
  /** Where each TSA's last answer is kept for the seal page (signing_tsa_status); without it, nowhere. */
  db?: Db
  onCompletionQueued?: () => void
}): SigningContext {
  let identity: Promise<SealingIdentity> | null = null
  const sealing = () => {
    identity ??= loadSealingIdentity({ p12: signingCert.p12, passphrase: signingCert.passphrase, dataDir }).catch((error: unknown) => {
      // A failed load is tried again next time (the file may be fixed without a restart).
      identity = null
      throw error
    })
    return identity
  }
  // Not awaited, and on the pool rather than the sealing transaction: the seal neither waits for the
  // record nor fails with it, and a packet that rolls back still leaves the TSA's failure on record.
  const onAnswer = db ? (answer: TsaAnswer) => void recordTsaAnswer(db, answer).catch(() => {}) : undefined
  return { publicUrl, storage, sealing, timestamps: tsaUrls.length > 0 ? { urls: tsaUrls, ...(onAnswer ? { onAnswer } : {}) } : null, ...(onCompletionQueued ? { onCompletionQueued } : {}) }
}
