import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventServer, SharedDatabase } from '../src/modules/events/events.test-helpers'
import { openStream, sharedDatabase, signedInUser, startEventServer } from '../src/modules/events/events.test-helpers'
import type { TestApp } from './build-test-app'
import { buildTestApp } from './build-test-app'

/**
 * How answers travel: a built asset goes out as the .br or .gz the build wrote beside it, cached for
 * a year; pages are never cached; API JSON past the threshold is compressed; the live event stream is not.
 */

let webDist: string
let t: TestApp
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))}\n`

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'offerbook-delivery-'))
  await mkdir(join(webDist, 'assets'))
  const html = `<!doctype html><html><head><title>Offerbook</title></head><body><div id="root">${'<p>Offers, ranked.</p>'.repeat(80)}</div></body></html>`
  await writeFile(join(webDist, 'index.html'), html)
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), script)
  // As the build writes them: the same bytes, compressed, beside the file.
  await writeFile(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script))
  await writeFile(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script))
  t = await buildTestApp({ config: { webDist } })
})

afterAll(async () => {
  await t?.close()
  await rm(webDist, { recursive: true, force: true })
})

describe('built assets', () => {
  it('go out as the Brotli file when the browser takes br, cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(response.headers.vary)).toContain('accept-encoding')
    expect(response.headers['content-type']).toContain('javascript')
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script)
  })

  it('go out as the gzip file for a browser without Brotli, and as they are for one that takes neither', async () => {
    const gzipped = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script)
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('leave pages uncached, and compressed for a browser that takes it', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/how-it-works', headers: { accept: 'text/html', 'accept-encoding': 'br' } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('Offers, ranked.')
  })
})

describe('API JSON', () => {
  it('is compressed past the threshold in the encoding the client takes', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    const document = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { openapi: string }
    expect(document.openapi).toMatch(/^3\./)
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(document)) / 3)

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(document)
  })

  it('below the threshold, or for a client that takes no encoding, goes out as it is', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toMatchObject({ status: 'ok' })
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toHaveProperty('openapi')
  })
})

describe('the live event stream', () => {
  let shared: SharedDatabase
  let server: EventServer

  beforeAll(async () => {
    shared = await sharedDatabase()
    server = await startEventServer(shared)
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    await shared?.close()
  })

  it('is never compressed, so each event reaches the browser at once', async () => {
    const user = await signedInUser(server.db, ['BUYER_SIMPLE'], 'Ben Buyer')
    const stream = await openStream(server.base, { ...user.headers, 'accept-encoding': 'br, gzip' })
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers.get('content-encoding')).toBeNull()
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      await stream.waitFor('the stream to open', () => stream.text().includes(': connected'))
    } finally {
      stream.close()
    }
  })
})
