import { createHmac, timingSafeEqual } from 'node:crypto'
import { absoluteUrl } from '../messaging/emails/layout'

/**
 * The unsubscribe links of the Send dialog's emails (their words are messaging/emails/user-message.ts):
 * stateless, `<base64url('email:' + address)>.<base64url(HMAC-SHA256)>`.
 */

function mac(secret: string, subject: string): Buffer {
  return createHmac('sha256', secret).update(subject).digest()
}

export function unsubscribeToken(secret: string, address: string): string {
  const subject = `email:${address}`
  return `${Buffer.from(subject).toString('base64url')}.${mac(secret, subject).toString('base64url')}`
}

export function unsubscribeUrl(publicUrl: string, secret: string, address: string): string {
  return absoluteUrl(publicUrl, `/unsubscribe/${unsubscribeToken(secret, address)}`)
}

/** The address a token was made for, or null when it is not one of ours. */
export function addressOfToken(secret: string, token: string): string | null {
  const [encoded, signature, ...rest] = token.split('.')
  if (!encoded || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null
  const subject = Buffer.from(encoded, 'base64url').toString('utf8')
  const expected = mac(secret, subject)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return subject.startsWith('email:') ? subject.slice('email:'.length) : null
}
