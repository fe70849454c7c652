import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { WEBHOOK_SECRET_PREFIX } from '@offerbook/domain/webhooks'

/**
 * An endpoint's signing secret (decision 079): `whsec_` and the base64 of 32 random bytes, shown once.
 * The server must sign with it, so it cannot keep only a hash: it is sealed with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server's AUTH_SECRET, and opened at delivery time.
 */

const SEALED_PREFIX = 'enc1:'

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`
}

function sealingKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'offerbook webhook secrets', 32))
}

export function sealSecret(secret: string, serverSecret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverSecret), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return `${SEALED_PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${sealed.toString('base64')}`
}

export function openSecret(stored: string, serverSecret: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored
  const [iv, tag, sealed] = stored.slice(SEALED_PREFIX.length).split(':')
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(serverSecret), Buffer.from(iv ?? '', 'base64'))
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64')), decipher.final()]).toString('utf8')
}

/** The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256, keyed by the secret's decoded bytes, of `id.timestamp.body`. */
export function signWebhook(secret: string, { id, timestamp, body }: { id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}
