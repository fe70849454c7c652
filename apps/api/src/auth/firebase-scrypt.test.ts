import { describe, expect, it } from 'vitest'
import { firebaseScryptHash, verifyFirebaseScrypt } from './firebase-scrypt'

/** The published example of github.com/firebase/scrypt's README (its sample project parameters and user1). */
const PARAMETERS = {
  signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
}
const SALT = '42xEC+ixf3L2lw=='
const HASH = 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=='

describe('Firebase modified scrypt', () => {
  it('gives the published hash for the published password', async () => {
    expect(await firebaseScryptHash('user1password', SALT, PARAMETERS)).toBe(HASH)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, PARAMETERS)).toBe(true)
  })

  it('refuses a wrong password, salt, separator or signer key', async () => {
    expect(await verifyFirebaseScrypt('user1password ', HASH, SALT, PARAMETERS)).toBe(false)
    expect(await verifyFirebaseScrypt('User1password', HASH, SALT, PARAMETERS)).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, 'AAAAAAAAAA==', PARAMETERS)).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, { ...PARAMETERS, saltSeparator: 'CA==' })).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, { ...PARAMETERS, signerKey: Buffer.alloc(64, 1).toString('base64') })).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, { ...PARAMETERS, rounds: 7 })).toBe(false)
  })

  it('answers false, never throws, on malformed input or parameters out of bounds', async () => {
    expect(await verifyFirebaseScrypt('user1password', 'not base64!', SALT, PARAMETERS)).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', '', SALT, PARAMETERS)).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, '%%%', PARAMETERS)).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, { ...PARAMETERS, memCost: 40 })).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, { ...PARAMETERS, rounds: 0 })).toBe(false)
    expect(await verifyFirebaseScrypt('user1password', HASH, SALT, { ...PARAMETERS, rounds: 1.5 })).toBe(false)
  })
})
