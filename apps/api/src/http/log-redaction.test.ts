import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/build-test-app'
import { buildTestApp } from '../../test/build-test-app'
import { redactUrl } from './log-redaction'

describe('redactUrl', () => {
  it('hides the token of a calendar feed and of an unsubscribe link in the path, and keeps the rest', () => {
    expect(redactUrl('/api/calendar/abc123secret.ics')).toBe('/api/calendar/[redacted]')
    expect(redactUrl('/api/messages/unsubscribe/tok-en_1?lang=es')).toBe('/api/messages/unsubscribe/[redacted]?lang=es')
    expect(redactUrl('/unsubscribe/tok-en_1')).toBe('/unsubscribe/[redacted]')
    expect(redactUrl('/API/Calendar/abc.ics')).toBe('/API/Calendar/[redacted]')
    expect(redactUrl('/api/calendar/abc/extra?token=t')).toBe('/api/calendar/[redacted]/extra?token=[redacted]')
    expect(redactUrl('/api/listings/123?page=2')).toBe('/api/listings/123?page=2')
    expect(redactUrl('/api/calendar/')).toBe('/api/calendar/')
  })
})

describe('the request log', () => {
  let t: TestApp
  const lines: string[] = []

  beforeAll(async () => {
    const stream = new PassThrough()
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)))
    t = await buildTestApp({ config: { logLevel: 'info' }, logStream: stream })
  })
  afterAll(async () => t.close())

  it('never writes a token carried in the path', async () => {
    const secrets = ['calsecret0123456789', 'unsubsecret0123456789', 'pagesecret0123456789']
    await t.app.inject({ method: 'GET', url: `/api/calendar/${secrets[0]}.ics` })
    await t.app.inject({ method: 'GET', url: `/api/messages/unsubscribe/${secrets[1]}` })
    await t.app.inject({ method: 'GET', url: `/unsubscribe/${secrets[2]}` })
    const requests = lines.filter((line) => line.includes('[redacted]'))
    expect(requests.length).toBeGreaterThanOrEqual(3)
    for (const secret of secrets) expect(lines.filter((line) => line.includes(secret))).toEqual([])
  })
})
