import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COMPRESSION_THRESHOLD_BYTES } from '../plugins/compression'
import { preferredEncoding } from './accept-encoding'

/**
 * An answer kept between requests (a search page, an optimize ranking) with its compressed bytes,
 * each made at the first ask and kept with it: a cached answer is never compressed again per request
 * (issue #36, item 2). Made once per answer, so a better level than the per-request compression's
 * quality 4 can be afforded.
 */

export type AnswerEncoding = 'br' | 'gzip'

export type KeptAnswer = {
  bytes: Buffer
  /** The bytes in `encoding`, made the first time and kept. */
  encoded: (encoding: AnswerEncoding) => Buffer
}

const BROTLI_QUALITY = 6
const GZIP_LEVEL = 6

/** `grew` hears the size of each encoding when it is made, for a cache that counts its bytes. */
export function keptAnswer(bytes: Buffer, grew: (extra: number) => void = () => {}): KeptAnswer {
  const kept: Partial<Record<AnswerEncoding, Buffer>> = {}
  return {
    bytes,
    encoded: (encoding) => {
      const found = kept[encoding]
      if (found) return found
      const made =
        encoding === 'br'
          ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
          : gzipSync(bytes, { level: GZIP_LEVEL })
      kept[encoding] = made
      grew(made.length)
      return made
    },
  }
}

/**
 * Sends a kept JSON answer in the encoding the client takes (Brotli first, then gzip), or as it is
 * below the compression threshold or for a client that takes neither. Vary names Accept-Encoding
 * either way, so a shared cache keeps each coding apart. The compression plugin leaves an answer that
 * already has its Content-Encoding alone.
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
  const encoding = answer.bytes.length >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null
  if (!encoding) return reply.send(answer.bytes)
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding))
}
