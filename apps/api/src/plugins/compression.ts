import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

/**
 * Compresses answers the client accepts compressed (Brotli first, then gzip) once they pass the
 * threshold: API JSON, and the HTML the server writes. Built assets already have their .br and .gz
 * beside them (made at build) and go out as those, untouched here. The live event stream is written
 * on the raw response and never reaches this hook, so each event leaves at once.
 */
async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps per-request Brotli about as cheap as gzip; the build uses 11 for its files.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay plain JSON or multipart; nothing asks the API to inflate them.
    globalDecompression: false,
  })
}

export default fp(compressionPlugin, { name: 'compression' })
