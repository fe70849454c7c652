import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto'

/**
 * The one password hash: better-auth's scrypt (salt:key in hex). Each hash and check costs about
 * 200 ms of CPU by design. A test process may remember results (rememberPasswordHashes): the same
 * password then gets the hash made the first time, and a (hash, password) pair the answer given the
 * first time. Both are what scrypt would say again; only the cost is gone. The server never turns it on.
 */
let remembered: { hashes: Map<string, Promise<string>>; checks: Map<string, Promise<boolean>> } | null = null

/** For test processes only (the API suite's setup file): see above. */
export function rememberPasswordHashes(): void {
  remembered ??= { hashes: new Map(), checks: new Map() }
}

export function hashPassword(password: string): Promise<string> {
  if (!remembered) return scryptHash(password)
  let hash = remembered.hashes.get(password)
  if (!hash) remembered.hashes.set(password, (hash = scryptHash(password)))
  return hash
}

export function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!remembered) return scryptVerify({ hash, password })
  const key = `${hash}\u0000${password}`
  let check = remembered.checks.get(key)
  if (!check) remembered.checks.set(key, (check = scryptVerify({ hash, password })))
  return check
}
