import { z } from 'zod'

export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_NOT_VERIFIED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Sign-in with an address whose code was never entered; the browser offers to enter it. */
  EMAIL_NOT_VERIFIED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
}

const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]))

/** A refused field: its dotted path, the message's catalogue key and parameters, and the English text. */
export const FieldErrorSchema = z.object({ path: z.string(), key: z.string(), params: MessageParamsSchema.optional(), message: z.string() })

/**
 * Every failed API call answers with this body (spec section 8). `key` and `params` name the message
 * in the catalogue (messages.ts), which the browser translates; `message` is its English text, for
 * clients that do not translate.
 */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  key: z.string(),
  params: MessageParamsSchema.optional(),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
