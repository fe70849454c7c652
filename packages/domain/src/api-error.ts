import { z } from 'zod'
import { ERROR_CODES } from './api-error-body'
import { CATALOGUE } from './messages'
import type { MessageKey } from './messages'

export type { ApiErrorBody, ErrorCode } from './api-error-body'
export { ERROR_CODES, ERROR_STATUS, parseApiErrorBody } from './api-error-body'

/** A key of the message catalogue (messages.ts): the OpenAPI document lists them all (decision 081). */
export const MessageKeySchema = z.enum(Object.keys(CATALOGUE) as [MessageKey, ...MessageKey[]])

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
  key: MessageKeySchema,
  params: MessageParamsSchema.optional(),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
  /** offer.versionChanged (decision 036): the offer's version as it now stands, for the difference the page shows. */
  current: z.object({ version: z.number().int(), status: z.string(), terms: z.record(z.string(), z.unknown()) }).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
