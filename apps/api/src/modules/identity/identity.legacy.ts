import { hashPassword, verifyPassword } from '../../auth/password-hash'
import { verifyFirebaseScrypt } from '../../auth/firebase-scrypt'
import type { Db } from '../../db/client'
import { deleteLegacyPassword, findLegacyPassword, replaceCredentialPassword } from './identity.queries'

/**
 * An imported user's credential account holds this marker instead of a hash; the real hash waits in
 * legacy_password. The marker can never be one of our own hashes (they are salt:key in hex).
 */
const LEGACY_MARKER_PREFIX = 'legacy:firebase-scrypt:'

export function legacyPasswordMarker(userId: string): string {
  return `${LEGACY_MARKER_PREFIX}${userId}`
}

function parametersOf(value: Record<string, unknown>) {
  const { signerKey, saltSeparator, rounds, memCost } = value
  if (typeof signerKey !== 'string' || typeof saltSeparator !== 'string' || typeof rounds !== 'number' || typeof memCost !== 'number') return null
  return { signerKey, saltSeparator, rounds, memCost }
}

/**
 * better-auth's password check (emailAndPassword.password.verify): our own hashes as before; a legacy
 * marker is checked against the imported Firebase hash and, when it matches, replaced by our hash and
 * the legacy row deleted, so the next sign-in uses ours. A wrong password changes nothing.
 */
export function passwordVerifier(db: Db) {
  return async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    if (!hash.startsWith(LEGACY_MARKER_PREFIX)) return verifyPassword({ hash, password })
    const userId = hash.slice(LEGACY_MARKER_PREFIX.length)
    const legacy = await findLegacyPassword(db, userId)
    const parameters = legacy && parametersOf(legacy.parameters)
    if (!legacy || !parameters) return false
    if (!(await verifyFirebaseScrypt(password, legacy.passwordHash, legacy.salt, parameters))) return false
    const rehashed = await hashPassword(password)
    await db.transaction(async (tx) => {
      await replaceCredentialPassword(tx, { userId, from: hash, to: rehashed })
      await deleteLegacyPassword(tx, userId)
    })
    return true
  }
}
