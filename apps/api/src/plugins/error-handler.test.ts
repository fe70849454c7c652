import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '../app-error'
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
  typed.get('/api/things', { schema: { querystring: z.object({ minPrice: z.coerce.number().int('Minimum price must be a whole number') }) } }, async () => ({ ok: true }))
  typed.get('/api/gone', async () => {
    throw new AppError('NOT_FOUND', 'Offer not found')
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

describe('pathOf', () => {
  it('keeps the path and drops the query string and fragment', () => {
    expect(pathOf('/api/offers/1?token=abc')).toBe('/api/offers/1')
    expect(pathOf('/api/offers/1#x')).toBe('/api/offers/1')
    expect(pathOf('/api/offers')).toBe('/api/offers')
  })
})
