import type { FastifyRequest } from 'fastify'

/**
 * Query parameters that carry a secret: an OAuth authorization code, state and tokens, one-time
 * codes, and the id of a pending single sign-on (it stands for a half-finished sign-in).
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'code',
  'state',
  'token',
  'otp',
  'id_token',
  'access_token',
  'refresh_token',
  'id_token_hint',
  'client_secret',
  'code_verifier',
  'pending',
  'sso_verify',
]

const SECRETS = new Set(SECRET_QUERY_PARAMETERS)
const REDACTED = '[redacted]'

/**
 * Paths whose next segment is a secret: a calendar feed's `<token>.ics`, and an unsubscribe link's
 * token (the API's and the page's). Compared in lower case, so `/API/Calendar/...` is caught too.
 */
export const SECRET_PATH_PREFIXES: readonly string[] = ['/api/calendar/', '/api/messages/unsubscribe/', '/unsubscribe/']

/** The path with the segment after a secret prefix replaced (the rest of the path is kept). */
export function redactPath(path: string): string {
  const lower = path.toLowerCase()
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (!lower.startsWith(prefix) || path.length === prefix.length) continue
    const next = path.indexOf('/', prefix.length)
    return `${path.slice(0, prefix.length)}${REDACTED}${next < 0 ? '' : path.slice(next)}`
  }
  return path
}

/** The URL with secret path segments and the value of every secret query parameter replaced; the rest is kept as sent. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?')
  if (question < 0) return redactPath(url)
  const hash = url.indexOf('#', question)
  const query = url.slice(question + 1, hash < 0 ? undefined : hash)
  const redacted = query
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=')
      const rawName = separator < 0 ? pair : pair.slice(0, separator)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // A malformed escape is compared as written.
      }
      return SECRETS.has(name.toLowerCase()) && separator >= 0 ? `${rawName}=${REDACTED}` : pair
    })
    .join('&')
  return `${redactPath(url.slice(0, question))}?${redacted}`
}

/** Fastify's request log line, as its default serializer writes it, with secrets out of the URL. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
