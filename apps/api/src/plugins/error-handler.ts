import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiError, ErrorCode } from '@offerbook/domain/api-error'
import { ERROR_STATUS } from '@offerbook/domain/api-error'
import type { MessageKey, MessageParams } from '@offerbook/domain/messages'
import { issueMessage, messageText } from '@offerbook/domain/messages'
import { AppError } from '../app-error'
import { redactPath } from '../http/log-redaction'

/** Fastify's own request errors, told in words a user or client developer can act on. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', key: 'request.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', key: 'request.emptyJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'request.mediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', key: 'request.contentLength' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', key: 'request.bodyTooLarge' },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', key: 'request.badUrl' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', key: 'request.notRouted' },
}

type FieldError = NonNullable<ApiError['errors']>[number]

/** The body of an error: its catalogue key and parameters, and their English text. */
export function errorBody(statusCode: number, code: ErrorCode, key: MessageKey, params?: MessageParams, errors?: FieldError[]): ApiError {
  const body: ApiError = { statusCode, code, key, message: messageText(key, params) }
  if (params && Object.keys(params).length > 0) body.params = params
  if (errors) body.errors = errors
  return body
}

function fieldError(path: string, key: MessageKey, params?: MessageParams): FieldError {
  return params && Object.keys(params).length > 0 ? { path, key, params, message: messageText(key, params) } : { path, key, message: messageText(key) }
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
)

function dottedPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.')
}

function toApiError(error: unknown): { body: ApiError; log: boolean } {
  if (error instanceof AppError) {
    const errors = error.errors?.map((field) => fieldError(field.path, field.key, field.params))
    const body = errorBody(error.statusCode, error.code, error.key, error.params, errors)
    if (error.current) body.current = error.current
    return { body, log: error.statusCode >= 500 }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body'
    const errors = error.validation.map((issue) => {
      const { key, params } = issueMessage({ ...issue.params, message: issue.message })
      return fieldError(dottedPath(issue.instancePath) || context, key, params)
    })
    const first = errors[0]
    return { body: first ? errorBody(400, 'BAD_REQUEST', first.key as MessageKey, first.params, errors) : errorBody(400, 'BAD_REQUEST', 'request.invalid'), log: false }
  }
  const fastifyError = error as Partial<FastifyError>
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined
  if (known) return { body: errorBody(ERROR_STATUS[known.code], known.code, known.key), log: false }
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A client error we did not name (a stray Fastify or plugin error): keep its status, say it plainly.
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST'
    return { body: errorBody(status, code, 'request.invalid'), log: false }
  }
  return { body: errorBody(500, 'INTERNAL', 'request.internal'), log: true }
}

/** The URL's path alone: no query string, no fragment, and no token the path carries. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/)
  return redactPath(end === -1 ? url : url.slice(0, end))
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { body: answer, log } = toApiError(error)
    // A 5xx never shows its details, whatever the error was carrying.
    const body = answer.statusCode >= 500 && answer.code !== 'UNAVAILABLE' ? errorBody(answer.statusCode, answer.code, 'request.internal') : answer
    if (log) request.log.error({ err: error }, 'request failed')
    // Bad input is worth seeing without drowning the errors: one warn line, with the request id the
    // logger adds. The path goes without its query string, which may carry a link's token.
    else if (body.statusCode < 500) request.log.warn({ method: request.method, path: pathOf(request.url), statusCode: body.statusCode, code: body.code, fields: body.errors?.map((field) => field.path) }, 'request refused')
    // Serialized here rather than through the route's response schema, which may not list errors.
    return reply.code(body.statusCode).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')
    const body = errorBody(404, 'NOT_FOUND', isApi ? 'request.noSuchEndpoint' : 'request.notFound')
    return reply.code(404).type('application/json; charset=utf-8').send(body)
  })
}

export default fp(errorHandlerPlugin, { name: 'error-handler' })
