import { rememberPasswordHashes } from '../src/auth/password-hash'
import { restartSequences } from './factories'

// Before each API test file. The files of a worker share their modules (vitest's isolate: false, in
// vitest.config.ts), so what a file must not inherit from the one before is set again here.

// scrypt's answers are remembered, so a suite that makes the same user and signs them in again pays
// the 200 ms of CPU once (src/auth/password-hash.ts).
rememberPasswordHashes()
// The factories number users and listings from 1 in each file, as on the file's new database.
restartSequences()
