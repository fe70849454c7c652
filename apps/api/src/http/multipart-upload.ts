import type { FastifyRequest } from 'fastify'
import type { MessageKey } from '@offerbook/domain/messages'
import { AppError } from '../app-error'

/** What an upload endpoint answers, in its own words (catalogue keys), to a form it cannot take. */
export type UploadMessages = {
  /** The file is over the size the multipart parser was registered with (413). */
  tooLarge: MessageKey
  /** The body is not multipart/form-data (415), or not a readable form (400). */
  notMultipart: MessageKey
  /** Another field or a second file beside the one expected (400). */
  onlyOne: MessageKey
  /** The form has no file in the expected field, or an empty one (400). */
  missing: MessageKey
}

export type UploadedFile = { bytes: Buffer; filename: string }

/** @fastify/multipart's errors as an AppError with the endpoint's message; anything else from the parser is a malformed upload. */
export function multipartUploadError(error: unknown, messages: Omit<UploadMessages, 'missing'>): AppError {
  if (error instanceof AppError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge, { cause: error })
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE', messages.notMultipart, { cause: error })
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('BAD_REQUEST', messages.onlyOne, { cause: error })
  return new AppError('BAD_REQUEST', messages.notMultipart, { cause: error })
}

/**
 * Reads the one file of a multipart form, in the field `field`, refusing anything beside it. The
 * route registers @fastify/multipart with its size limit; an empty file counts as missing only when
 * `emptyIsMissing` is set.
 */
export async function readSingleFile(request: FastifyRequest, { field, messages, emptyIsMissing = false }: { field: string; messages: UploadMessages; emptyIsMissing?: boolean }): Promise<UploadedFile> {
  let file: UploadedFile | undefined
  try {
    for await (const part of request.parts()) {
      if (file || part.type !== 'file' || part.fieldname !== field) throw new AppError('BAD_REQUEST', messages.onlyOne)
      file = { bytes: await part.toBuffer(), filename: part.filename }
    }
  } catch (error) {
    throw multipartUploadError(error, messages)
  }
  if (!file || (emptyIsMissing && file.bytes.length === 0)) throw new AppError('BAD_REQUEST', messages.missing)
  return file
}
