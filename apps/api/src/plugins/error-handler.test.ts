import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ApiError } from '@offerbook/domain/api-error'
import { AppError, fieldError } from '../app-error'
import errorHandler, { pathOf } from './error-handler'

type LogLine = { level: number; msg: string; reqId?: string; method?: string; path?: string; statusCode?: number; code?: string; fields?: string[] }

const WARN = 40
const ERROR = 50

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

/** A Fastify app with the error handler and a logger writing into `lines`, as app.ts wires them. */
async function appLoggingTo(lines: LogLine[]): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine)
      done()
    },
  })
  const built = Fastify({ logger: { level: 'info', stream } })
  built.setValidatorCompiler(validatorCompiler)
  built.setSerializerCompiler(serializerCompiler)
  await built.register(errorHandler)
  const typed = built.withTypeProvider<ZodTypeProvider>()
  typed.get('/api/things', { schema: { querystring: z.object({ minPrice: z.coerce.number().int('common.invalidValue') }) } }, async () => ({ ok: true }))
  typed.post('/api/things', { schema: { body: z.object({ name: z.string().min(1, 'common.required').max(5, 'common.tooLong'), email: z.string() }) } }, async () => ({ ok: true }))
  typed.get('/api/gone', async () => {
    throw new AppError('NOT_FOUND', 'request.notFound')
  })
  typed.get('/api/limited', async () => {
    throw new AppError('BAD_REQUEST', 'storage.sizeMismatch', { params: { size: 3, announced: 4 } })
  })
  typed.get('/api/field', async () => {
    throw fieldError('description', 'common.tooLong', { maximum: 10 })
  })
  typed.get('/api/unavailable', async () => {
    throw new AppError('UNAVAILABLE', 'request.internal', { cause: new Error('database detail') })
  })
  typed.get('/api/boom', async () => {
    throw new Error('database detail')
  })
  app = built
  return built
}

describe('the error handler logs', () => {
  it('a 400 as one warn line with the request id, the method, the path without its query string and the code', async () => {
    const lines: LogLine[] = []
    const built = await appLoggingTo(lines)
    const response = await built.inject({ method: 'GET', url: '/api/things?minPrice=1.5&token=secret-token' })
    expect(response.statusCode).toBe(400)
    const warnings = lines.filter((line) => line.level === WARN)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ msg: 'request refused', method: 'GET', path: '/api/things', statusCode: 400, code: 'BAD_REQUEST', fields: ['minPrice'] })
    expect(warnings[0]?.reqId).toEqual(expect.any(String))
    expect(JSON.stringify(warnings)).not.toContain('secret-token')
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([])
  })

  it('an AppError with a 4xx status at warn, and a 5xx at error only', async () => {
    const lines: LogLine[] = []
    const built = await appLoggingTo(lines)
    expect((await built.inject({ method: 'GET', url: '/api/gone' })).statusCode).toBe(404)
    expect(lines.filter((line) => line.level === WARN)).toMatchObject([{ path: '/api/gone', statusCode: 404, code: 'NOT_FOUND' }])
    lines.length = 0
    expect((await built.inject({ method: 'GET', url: '/api/boom' })).statusCode).toBe(500)
    expect(lines.filter((line) => line.level === WARN)).toEqual([])
    expect(lines.filter((line) => line.level === ERROR)).toMatchObject([{ msg: 'request failed' }])
  })
})

describe('the error handler answers', () => {
  it("an AppError with its key, its parameters and their English text", async () => {
    const built = await appLoggingTo([])
    expect((await built.inject({ method: 'GET', url: '/api/gone' })).json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', key: 'request.notFound', message: 'Not found' })
    expect((await built.inject({ method: 'GET', url: '/api/limited' })).json<ApiError>()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      key: 'storage.sizeMismatch',
      params: { size: 3, announced: 4 },
      message: 'The file has 3 bytes, not the 4 announced',
    })
  })

  it('a refused field with the field error beside the message', async () => {
    const built = await appLoggingTo([])
    expect((await built.inject({ method: 'GET', url: '/api/field' })).json<ApiError>()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      key: 'common.tooLong',
      params: { maximum: 10 },
      message: 'Must have at most 10 characters',
      errors: [{ path: 'description', key: 'common.tooLong', params: { maximum: 10 }, message: 'Must have at most 10 characters' }],
    })
  })

  it("a schema's refusal as one field error per issue: the schema's key, zod's bounds as parameters, and common.invalidValue for zod's own words", async () => {
    const built = await appLoggingTo([])
    const response = await built.inject({ method: 'POST', url: '/api/things', payload: { name: 'too long', email: 7 } })
    expect(response.statusCode).toBe(400)
    expect(response.json<ApiError>()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      key: 'common.tooLong',
      params: { maximum: 5 },
      message: 'Must have at most 5 characters',
      errors: [
        { path: 'name', key: 'common.tooLong', params: { maximum: 5 }, message: 'Must have at most 5 characters' },
        { path: 'email', key: 'common.invalidValue', message: 'Invalid value' },
      ],
    })
    const query = await built.inject({ method: 'GET', url: '/api/things?minPrice=1.5' })
    expect(query.json<ApiError>()).toMatchObject({ key: 'common.invalidValue', errors: [{ path: 'minPrice', key: 'common.invalidValue', message: 'Invalid value' }] })
  })

  it("Fastify's own request errors in words a client can act on", async () => {
    const built = await appLoggingTo([])
    const broken = await built.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, payload: '{"name":' })
    expect(broken.json<ApiError>()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', key: 'request.invalidJson', message: 'The request body is not valid JSON' })
    const text = await built.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/xml' }, payload: '<a/>' })
    expect(text.json<ApiError>()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', key: 'request.mediaType', message: 'Send the request body as application/json' })
  })

  it('a 5xx without its details, and an unknown path as no such endpoint', async () => {
    const built = await appLoggingTo([])
    const internal = { key: 'request.internal', message: 'Something went wrong on our side. Please try again.' }
    expect((await built.inject({ method: 'GET', url: '/api/boom' })).json<ApiError>()).toEqual({ statusCode: 500, code: 'INTERNAL', ...internal })
    expect((await built.inject({ method: 'GET', url: '/api/unavailable' })).json<ApiError>()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', ...internal })
    expect((await built.inject({ method: 'GET', url: '/api/nothing' })).json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', key: 'request.noSuchEndpoint', message: 'No such API endpoint' })
    expect((await built.inject({ method: 'GET', url: '/nothing' })).json<ApiError>()).toEqual({ statusCode: 404, code: 'NOT_FOUND', key: 'request.notFound', message: 'Not found' })
  })
})

describe('pathOf', () => {
  it('keeps the path and drops the query string and fragment', () => {
    expect(pathOf('/api/offers/1?token=abc')).toBe('/api/offers/1')
    expect(pathOf('/api/offers/1#x')).toBe('/api/offers/1')
    expect(pathOf('/api/offers')).toBe('/api/offers')
  })
})
