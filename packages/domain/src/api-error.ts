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

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() })

/** Every failed API call answers with this body; `message` is what the user is shown (spec section 8). */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
