import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Outside production AUTH_SECRET may be left unset: one is generated once and kept in
 * DATA_DIR/auth-secret, so sessions survive a restart.
 */
export async function loadOrCreateAuthSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'auth-secret')
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
