import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiError, ErrorCode } from '@offerbook/domain/api-error'
import { ERROR_STATUS } from '@offerbook/domain/api-error'
import type { FieldError } from '../app-error'
import { AppError, INTERNAL_MESSAGE, NO_SUCH_ENDPOINT_MESSAGE } from '../app-error'

/** Fastify's own request errors, told in words a user or client developer can act on. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty; send a JSON object' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header does not match the body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'The request URL is not valid' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'BAD_REQUEST', message: 'The request could not be routed' },
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code as ErrorCode]),
)

function dottedPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.')
}

function toApiError(error: unknown): { body: ApiError; log: boolean } {
  if (error instanceof AppError) {
    const body: ApiError = { statusCode: error.statusCode, code: error.code, message: error.message }
    if (error.errors) body.errors = error.errors
    return { body, log: error.statusCode >= 500 }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body'
    const errors: FieldError[] = error.validation.map((issue) => ({ path: dottedPath(issue.instancePath) || context, message: issue.message ?? 'Invalid value' }))
    return { body: { statusCode: 400, code: 'BAD_REQUEST', message: errors[0]?.message ?? 'Invalid request', errors }, log: false }
  }
  const fastifyError = error as Partial<FastifyError>
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined
  if (known) return { body: { statusCode: ERROR_STATUS[known.code], code: known.code, message: known.message }, log: false }
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // A client error we did not name (a stray Fastify or plugin error): keep its status, say it plainly.
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST'
    return { body: { statusCode: status, code, message: fastifyError.message || 'Invalid request' }, log: false }
  }
  return { body: { statusCode: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE }, log: true }
}

/** The URL's path alone: no query string, no fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { body, log } = toApiError(error)
    if (log) request.log.error({ err: error }, 'request failed')
    // Bad input is worth seeing without drowning the errors: one warn line, with the request id the
    // logger adds. The path goes without its query string, which may carry a link's token.
    else if (body.statusCode < 500) request.log.warn({ method: request.method, path: pathOf(request.url), statusCode: body.statusCode, code: body.code, fields: body.errors?.map((field) => field.path) }, 'request refused')
    // A 5xx never shows its details, whatever the error was carrying.
    if (body.statusCode >= 500 && body.code !== 'UNAVAILABLE') body.message = INTERNAL_MESSAGE
    // Serialized here rather than through the route's response schema, which may not list errors.
    return reply.code(body.statusCode).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')
    const body: ApiError = { statusCode: 404, code: 'NOT_FOUND', message: isApi ? NO_SUCH_ENDPOINT_MESSAGE : 'Not found' }
    return reply.code(404).type('application/json; charset=utf-8').send(body)
  })
}

export default fp(errorHandlerPlugin, { name: 'error-handler' })
