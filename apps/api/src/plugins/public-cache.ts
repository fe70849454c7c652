import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose answer a CDN may keep (ETag, 304, Cache-Control): decision 027. */
    publicCache?: boolean
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** What an anonymous answer may be kept and served stale for, in seconds. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60'
/** A signed-in visitor's answer may differ (the agent's contact details) and is theirs alone. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache'

/** A weak validator of a body: equal bodies get equal tags in every process. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '')

/** If-None-Match against an ETag, by the weak comparison (RFC 9110 13.1.2): `*` or any listed tag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const wanted = opaque(etag)
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted)
}

/** Whether the request carries credentials: its answer is private. */
const signedInRequest = (request: FastifyRequest) => request.headers.authorization !== undefined || request.headers.cookie !== undefined

async function publicCachePlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.routeOptions.config.publicCache || (request.method !== 'GET' && request.method !== 'HEAD')) return payload
    // Added to what Vary already names (Accept-Encoding, for an answer sent compressed).
    const vary = reply.getHeader('vary')
    reply.header('vary', vary === undefined || vary === '' ? 'Authorization' : `${String(vary)}, Authorization`)
    if (reply.statusCode !== 200) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    let etag = reply.getHeader('etag')
    if (typeof etag !== 'string') {
      etag = weakEtag(payload)
      reply.header('etag', etag)
    }
    reply.header('cache-control', signedInRequest(request) ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL)
    if (!etagMatches(request.headers['if-none-match'], etag)) return payload
    reply.code(304)
    reply.removeHeader('content-type')
    reply.removeHeader('content-length')
    reply.removeHeader('content-encoding')
    return ''
  })
}

export default fp(publicCachePlugin, { name: 'public-cache' })
