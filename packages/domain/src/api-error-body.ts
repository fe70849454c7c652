// The error body's codes and a check of its shape without zod, for the browser's first script;
// api-error.ts holds the schemas the API answers with and re-exports these.

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

type MessageParams = Record<string, string | number>

/** An ApiError body as ApiErrorSchema describes it. */
export type ApiErrorBody = {
  statusCode: number
  code: ErrorCode
  key: string
  params?: MessageParams
  message: string
  errors?: { path: string; key: string; params?: MessageParams; message: string }[]
}

function isParams(value: unknown): value is MessageParams | undefined {
  if (value === undefined) return true
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number')
}

function isFieldError(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const field = value as Record<string, unknown>
  return typeof field.path === 'string' && typeof field.key === 'string' && typeof field.message === 'string' && isParams(field.params)
}

/** The body when it is an ApiError (what ApiErrorSchema accepts), else null. */
export function parseApiErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null
  const body = value as Record<string, unknown>
  if (typeof body.statusCode !== 'number' || !Number.isInteger(body.statusCode)) return null
  if (!(ERROR_CODES as readonly unknown[]).includes(body.code)) return null
  if (typeof body.key !== 'string' || typeof body.message !== 'string' || !isParams(body.params)) return null
  if (body.errors !== undefined && !(Array.isArray(body.errors) && body.errors.every(isFieldError))) return null
  return value as ApiErrorBody
}
