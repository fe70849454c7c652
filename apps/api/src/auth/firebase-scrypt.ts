import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Firebase Authentication's modified scrypt (github.com/firebase/scrypt), with node:crypto only:
 * key = scrypt(password, salt ‖ saltSeparator, N = 2^memCost, r = rounds, p = 1), then the project's
 * signer key encrypted with AES-256-CTR under the key's first 32 bytes and an all-zero IV; the base64
 * of that is the exported passwordHash.
 */
export type FirebaseScryptParameters = {
  /** base64, from the project's password hash parameters. */
  signerKey: string
  /** base64. */
  saltSeparator: string
  rounds: number
  memCost: number
}

/** The bounds Firebase's parameters stay in; anything outside is refused before any work is done. */
export const FIREBASE_SCRYPT_LIMITS = { rounds: { min: 1, max: 16 }, memCost: { min: 1, max: 15 } } as const

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

function decode(value: string): Buffer | null {
  return BASE64.test(value) && value.length % 4 === 0 ? Buffer.from(value, 'base64') : null
}

function validParameters(parameters: FirebaseScryptParameters): boolean {
  const { rounds, memCost } = parameters
  return (
    Number.isInteger(rounds) &&
    Number.isInteger(memCost) &&
    rounds >= FIREBASE_SCRYPT_LIMITS.rounds.min &&
    rounds <= FIREBASE_SCRYPT_LIMITS.rounds.max &&
    memCost >= FIREBASE_SCRYPT_LIMITS.memCost.min &&
    memCost <= FIREBASE_SCRYPT_LIMITS.memCost.max
  )
}

function derive(password: string, salt: Buffer, rounds: number, memCost: number): Promise<Buffer> {
  const N = 2 ** memCost
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, { N, r: rounds, p: 1, maxmem: 256 * N * rounds + 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** The base64 passwordHash Firebase stores for this password, salt (base64) and parameters; null on malformed input. */
export async function firebaseScryptHash(password: string, salt: string, parameters: FirebaseScryptParameters): Promise<string | null> {
  const saltBytes = decode(salt)
  const separator = decode(parameters.saltSeparator)
  const signerKey = decode(parameters.signerKey)
  if (!saltBytes || !separator || !signerKey || signerKey.length === 0 || !validParameters(parameters)) return null
  const key = await derive(password, Buffer.concat([saltBytes, separator]), parameters.rounds, parameters.memCost)
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0))
  return Buffer.concat([cipher.update(signerKey), cipher.final()]).toString('base64')
}

/** Whether the password gives the stored hash; compared in constant time. Malformed input: false. */
export async function verifyFirebaseScrypt(password: string, passwordHash: string, salt: string, parameters: FirebaseScryptParameters): Promise<boolean> {
  const expected = decode(passwordHash)
  if (!expected || expected.length === 0) return false
  const computed = await firebaseScryptHash(password, salt, parameters)
  if (computed === null) return false
  const actual = Buffer.from(computed, 'base64')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
