import type { ErrorCode } from '@offerbook/domain/api-error'
import { ERROR_STATUS } from '@offerbook/domain/api-error'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'

/** A refused field as a service names it: the field's dotted path and a catalogue message. */
export type FieldError = { path: string; key: MessageKey; params?: MessageParams }

/** What a 409 offer.versionChanged carries besides its message: the offer's version as it now stands (decision 036). */
export type CurrentVersion = { version: number; status: string; terms: Record<string, unknown> }

type AppErrorOptions = { params?: MessageParams; errors?: FieldError[]; cause?: unknown; current?: CurrentVersion }

/**
 * The one error type services throw; the error handler turns it into the ApiError body. It carries
 * a catalogue key and its parameters (packages/domain/src/messages.ts); `message` is the English text.
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly statusCode: number
  readonly key: MessageKey
  readonly params: MessageParams | undefined
  readonly errors: FieldError[] | undefined
  readonly current: CurrentVersion | undefined

  constructor(code: ErrorCode, key: MessageKey, options: AppErrorOptions = {}) {
    super(messageText(key, options.params), options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.statusCode = ERROR_STATUS[code]
    this.key = key
    this.params = options.params
    this.errors = options.errors
    this.current = options.current
  }
}

/** A 400 on one field whose message is also the error's: the shape most refusals take. */
export function fieldError(path: string, key: MessageKey, params?: MessageParams): AppError {
  return new AppError('BAD_REQUEST', key, { params, errors: [params ? { path, key, params } : { path, key }] })
}
