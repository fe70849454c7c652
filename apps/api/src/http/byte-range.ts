import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import type { ByteRange } from '../storage/storage'
import { contentDisposition } from './content-disposition'

/**
 * The one range of a `Range: bytes=start-end` (or `bytes=start-`) header, as a PDF viewer asks for the
 * parts of a document it needs; null for no header, and for what this server does not serve in part
 * (several ranges, a suffix `bytes=-500`, another unit, a malformed one): RFC 9110 lets a server
 * ignore a Range it does not take and send the whole file.
 */
export function requestedRange(header: string | string[] | undefined): ByteRange | null {
  if (typeof header !== 'string') return null
  const found = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim())
  if (!found) return null
  const start = Number(found[1])
  const end = found[2] === '' ? Number.MAX_SAFE_INTEGER : Number(found[2])
  return end >= start ? { start, end } : null
}

/** A stored file as the reply sends it: the whole of it, or the range it was opened with. */
export type SentFile = { body: Readable; size: number; filename: string; range?: ByteRange }

/**
 * Sends a stored PDF: 200 with the whole file, or 206 with the range asked for (Content-Range), or
 * 416 when the range starts past its end. Either way it says that ranges are served (Accept-Ranges).
 */
export function sendPdfFile(reply: FastifyReply, file: SentFile, asked: ByteRange | null) {
  reply
    .header('content-type', 'application/pdf')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
  if (asked && !file.range) {
    file.body.destroy()
    return reply.code(416).header('content-range', `bytes */${file.size}`).send()
  }
  if (file.range) {
    const { start, end } = file.range
    return reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`).header('content-length', end - start + 1).send(file.body)
  }
  return reply.header('content-length', file.size).send(file.body)
}
