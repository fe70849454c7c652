import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventServer, SharedDatabase } from '../src/modules/events/events.test-helpers'
import { publishTo, sharedDatabase, signedInUser, startEventServer } from '../src/modules/events/events.test-helpers'

/**
 * A server given TLS_CERT_FILE and TLS_KEY_FILE speaks HTTPS itself (decision 096): HTTP/2 to a client
 * that offers it, as every browser does, so a page's many files share one connection; HTTP/1.1 to one
 * that does not. Checked with Node's own HTTP/2 and HTTPS clients, trusting the test's certificate.
 */

let folder = ''
let cert = ''
let shared: SharedDatabase | undefined
let server: EventServer | undefined

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'offerbook-tls-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem')], { stdio: 'ignore' })
  cert = readFileSync(join(folder, 'cert.pem'), 'utf8')
  shared = await sharedDatabase()
  server = await startEventServer(shared, {}, { publicUrl: 'https://127.0.0.1' }, { cert, key: readFileSync(join(folder, 'key.pem')) })
}, 120_000)

afterAll(async () => {
  await server?.close()
  await shared?.close()
  rmSync(folder, { recursive: true, force: true })
})

const started = (): EventServer => {
  if (!server) throw new Error('the server starts before the tests')
  return server
}

type Answer = { headers: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader; body: Buffer }

/** One request on an open HTTP/2 session, read to its end. */
function ask(session: http2.ClientHttp2Session, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers })
    const chunks: Buffer[] = []
    let answered: Answer['headers'] = {}
    stream.on('response', (given) => (answered = given))
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve({ headers: answered, body: Buffer.concat(chunks) }))
    stream.on('error', reject)
  })
}

function connect(): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(started().base, { ca: cert })
    session.once('connect', () => resolve(session))
    session.once('error', reject)
  })
}

describe('HTTPS served by the process itself', () => {
  it('speaks HTTP/2 to a client that offers it, answering several requests at once on one connection', async () => {
    const session = await connect()
    try {
      expect(session.alpnProtocol).toBe('h2')
      const [health, listings, missing] = await Promise.all([ask(session, '/api/health'), ask(session, '/api/properties?pageSize=1'), ask(session, '/api/no-such-route')])
      expect(health.headers[':status']).toBe(200)
      expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ status: 'ok', database: 'ok' })
      expect(listings.headers[':status']).toBe(200)
      expect(JSON.parse(listings.body.toString('utf8'))).toHaveProperty('items')
      // A refusal reads as it does over HTTP/1.1: the API's error body.
      expect(missing.headers[':status']).toBe(404)
      expect(JSON.parse(missing.body.toString('utf8'))).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    } finally {
      session.close()
    }
  })

  it('compresses as a browser asks over HTTP/2 (Brotli), with Vary', async () => {
    const session = await connect()
    try {
      // The OpenAPI document: an answer well past the compression threshold.
      const answer = await ask(session, '/api/docs/json', { 'accept-encoding': 'br, gzip' })
      expect(answer.headers[':status']).toBe(200)
      expect(answer.headers['content-encoding']).toBe('br')
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i)
      expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8'))).toHaveProperty('paths./api/health')
    } finally {
      session.close()
    }
  })

  it('answers a client that offers only HTTP/1.1 over the same port', async () => {
    const agent = new https.Agent({ ca: cert, ALPNProtocols: ['http/1.1'] })
    const answer = await new Promise<{ version: string; status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = https.get(`${started().base}/api/health`, { agent }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ version: response.httpVersion, status: response.statusCode ?? 0, headers: response.headers, body }))
      })
      request.on('error', reject)
    }).finally(() => agent.destroy())
    expect(answer.version).toBe('1.1')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok', database: 'ok' })
  })

  it('keeps a live events stream open over HTTP/2 and delivers an event published to the user', async () => {
    const user = await signedInUser(started().db, ['BUYER_SIMPLE'], 'Hana Http')
    const session = await connect()
    try {
      const stream = session.request({ ':path': '/api/events', authorization: user.headers.authorization, accept: 'text/event-stream' })
      const response = await new Promise<Answer['headers']>((resolve, reject) => {
        stream.once('response', resolve)
        stream.once('error', reject)
      })
      expect(response[':status']).toBe(200)
      expect(String(response['content-type'])).toMatch(/^text\/event-stream/)
      let text = ''
      const seen = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event within 10 s; received: ${text}`)), 10_000)
        stream.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8')
          if (text.includes('event: chat.read')) {
            clearTimeout(timer)
            resolve(text)
          }
        })
      })
      // Published once the stream is open, as a change made elsewhere would be.
      await publishTo(started().db, [user.id], { conversationId: 'c-1', readerId: 'someone' })
      expect(await seen).toMatch(/id: \d+\nevent: chat\.read\ndata: \{.*"conversationId":"c-1"/)
      stream.close()
    } finally {
      session.close()
    }
  })
})
