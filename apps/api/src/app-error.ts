import type { ErrorCode } from '@offerbook/domain/api-error'
import { ERROR_STATUS } from '@offerbook/domain/api-error'

export type FieldError = { path: string; message: string }

/** The one error type services throw; the error handler turns it into the ApiError body. */
export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly statusCode: number
  readonly errors: FieldError[] | undefined

  constructor(code: ErrorCode, message: string, options: { errors?: FieldError[]; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.statusCode = ERROR_STATUS[code]
    this.errors = options.errors
  }
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.'
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in'
export const FORBIDDEN_MESSAGE = 'You do not have access to this page'
export const NO_SUCH_ENDPOINT_MESSAGE = 'No such API endpoint'
/** Spec section 8: what every sign-in, sign-up, code and recovery limit answers. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again later or reset your password'
