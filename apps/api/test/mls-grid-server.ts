import type { ChildProcess } from 'node:child_process'
import { fork } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { makePng } from '../src/modules/files/files.test-helpers'

/**
 * A local HTTP server that speaks the MLS Grid v2 protocol (RESO Web API, OData) for the import's
 * tests and bench. It replays RECORDED pages: apps/api/test/fixtures/mls-grid/<recording>.page-<n>.json,
 * served byte for byte (a broken page stays broken), with the recorded hosts api.mlsgrid.com and
 * media.mlsgrid.com pointed at this server. The first Property query of a recording gets page-1;
 * the recorded @odata.nextLink carries $skiptoken=page-<n> for the next ones.
 *
 * Like MLS Grid it wants `Authorization: Bearer <token>` (401 otherwise) and `Accept-Encoding: gzip`
 * (400 otherwise), answers gzip, and serves photos only to requests with a User-Agent. It records
 * every request with its arrival time, so tests assert the client's spacing and $filter.
 *
 * It runs in a process of its own: the app under test keeps its event loop busy (PGlite), and
 * arrival times taken in that same loop would be late by however long it was busy.
 */

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/mls-grid')
const RECORDED_API = 'https://api.mlsgrid.com/v2'
const RECORDED_MEDIA = 'https://media.mlsgrid.com'

export type RecordedRequest = {
  /** Arrival time in milliseconds (the server process's clock). */
  at: number
  kind: 'property' | 'media' | 'other'
  path: string
  filter: string | null
  expand: string | null
  top: string | null
  skiptoken: string | null
  authorization: string | undefined
  acceptEncoding: string | undefined
  userAgent: string | undefined
  status: number
}

export type Failure = { status: number; retryAfter?: string; body?: string }

export type MlsGridServer = {
  /** The API root to configure (MLS_GRID_URL), e.g. http://127.0.0.1:4567/v2 */
  url: string
  origin: string
  /** The token the feed accepts at the start. */
  token: string
  /** Every request so far, in order of arrival. */
  requests: () => Promise<RecordedRequest[]>
  propertyRequests: () => Promise<RecordedRequest[]>
  mediaRequests: () => Promise<RecordedRequest[]>
  /** The recording whose pages answer Property queries from now on. */
  play: (recording: string) => Promise<void>
  /** Pages of one's own (the bench generates them): page-1, page-2, ... in order. */
  addRecording: (name: string, pages: readonly string[]) => Promise<void>
  /** The next `times` Property requests get this answer instead (a 429 with Retry-After, a 500...). */
  failNext: (failure: Failure, times?: number) => Promise<void>
  /** Another token from now on: the one the app has is refused, as a revoked token is. */
  setToken: (token: string) => Promise<void>
  /** While true, Property requests are never answered (a feed that hangs). */
  setHang: (hang: boolean) => Promise<void>
  close: () => Promise<void>
}

/** A small PNG whose colour comes from the photo's path, so each photo has bytes of its own. */
export function photoBytes(path: string, size = 16): Buffer {
  let hash = 2166136261
  for (const char of path) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return makePng(size, size, [(hash >>> 16) & 0xff, (hash >>> 8) & 0xff, hash & 0xff])
}

// ---------------------------------------------------------------------------------------------
// The server (in the child process)

/** The recordings in the fixtures folder: name -> page token -> the page's text as recorded. */
function loadRecordings(directory: string): Map<string, Map<string, string>> {
  const recordings = new Map<string, Map<string, string>>()
  for (const file of readdirSync(directory)) {
    const match = /^(.+)\.(page-\d+)\.json$/.exec(file)
    if (!match) continue
    const name = match[1]!
    if (!recordings.has(name)) recordings.set(name, new Map())
    recordings.get(name)!.set(match[2]!, readFileSync(join(directory, file), 'utf8'))
  }
  return recordings
}

type Command =
  | { type: 'requests' }
  | { type: 'play'; recording: string }
  | { type: 'addRecording'; name: string; pages: string[] }
  | { type: 'failNext'; failure: Failure; times: number }
  | { type: 'setToken'; token: string }
  | { type: 'setHang'; hang: boolean }
  | { type: 'close' }

async function serve({ token: firstToken, fixturesDir }: { token: string; fixturesDir: string }): Promise<{ origin: string; handle: (command: Command) => Promise<unknown> }> {
  const recordings = loadRecordings(fixturesDir)
  const failures: Failure[] = []
  const requests: RecordedRequest[] = []
  let playing: string | null = null
  let token = firstToken
  let hang = false
  let origin = ''

  function record(request: IncomingMessage, url: URL, kind: RecordedRequest['kind'], status: number): void {
    requests.push({
      at: performance.timeOrigin + performance.now(),
      kind,
      path: url.pathname,
      filter: url.searchParams.get('$filter'),
      expand: url.searchParams.get('$expand'),
      top: url.searchParams.get('$top'),
      skiptoken: url.searchParams.get('$skiptoken'),
      authorization: request.headers.authorization,
      acceptEncoding: request.headers['accept-encoding'],
      userAgent: request.headers['user-agent'],
      status,
    })
  }

  function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }

  function property(request: IncomingMessage, response: ServerResponse, url: URL): void {
    if (hang) return
    const failure = failures.shift()
    if (failure) {
      record(request, url, 'property', failure.status)
      return json(response, failure.status, { error: failure.body ?? `HTTP ${failure.status}` }, failure.retryAfter === undefined ? {} : { 'Retry-After': failure.retryAfter })
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      record(request, url, 'property', 401)
      return json(response, 401, { error: { code: '401', message: 'Invalid or missing access token' } })
    }
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      record(request, url, 'property', 400)
      return json(response, 400, { error: { code: '400', message: 'The Accept-Encoding: gzip header is required' } })
    }
    const page = (playing ? recordings.get(playing) : undefined)?.get(url.searchParams.get('$skiptoken') ?? 'page-1')
    if (!page) {
      record(request, url, 'property', 404)
      return json(response, 404, { error: { code: '404', message: 'No such page' } })
    }
    record(request, url, 'property', 200)
    const body = page.replaceAll(RECORDED_API, `${origin}/v2`).replaceAll(RECORDED_MEDIA, `${origin}/media`)
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip' })
    response.end(gzipSync(body))
  }

  function media(request: IncomingMessage, response: ServerResponse, url: URL): void {
    if (!request.headers['user-agent']) {
      record(request, url, 'media', 403)
      response.writeHead(403, { 'Content-Type': 'text/plain' })
      return void response.end('A User-Agent header is required')
    }
    if (url.pathname.includes('missing')) {
      record(request, url, 'media', 404)
      response.writeHead(404, { 'Content-Type': 'text/plain' })
      return void response.end('Not found')
    }
    record(request, url, 'media', 200)
    if (url.pathname.includes('not-an-image')) {
      response.writeHead(200, { 'Content-Type': 'text/html' })
      return void response.end('<html>this is not a photo</html>')
    }
    const bytes = photoBytes(url.pathname)
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(bytes.length) })
    response.end(bytes)
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'GET' && url.pathname === '/v2/Property') return property(request, response, url)
    if (request.method === 'GET' && url.pathname.startsWith('/media/')) return media(request, response, url)
    record(request, url, 'other', 404)
    json(response, 404, { error: { code: '404', message: 'Not found' } })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const handle = async (command: Command): Promise<unknown> => {
    switch (command.type) {
      case 'requests':
        return requests
      case 'play':
        if (!recordings.has(command.recording)) throw new Error(`no recording ${command.recording} in ${fixturesDir}`)
        playing = command.recording
        return null
      case 'addRecording':
        recordings.set(command.name, new Map(command.pages.map((page, index) => [`page-${index + 1}`, page])))
        return null
      case 'failNext':
        for (let count = 0; count < command.times; count++) failures.push(command.failure)
        return null
      case 'setToken':
        token = command.token
        return null
      case 'setHang':
        hang = command.hang
        return null
      case 'close':
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        return null
    }
  }
  return { origin, handle }
}

type Message = { id: number; command: Command }
type Reply = { id: number; result?: unknown; error?: string }

// Started by startMlsGridServer: serve, then answer the parent's commands.
if (process.env.MLS_GRID_SERVER_CHILD === '1' && process.send) {
  const send = process.send.bind(process)
  const { origin, handle } = await serve({ token: process.env.MLS_GRID_TOKEN ?? 'test-token', fixturesDir: process.env.MLS_GRID_FIXTURES ?? FIXTURES_DIR })
  process.on('message', (message: Message) => {
    handle(message.command).then(
      (result) => {
        send({ id: message.id, result } satisfies Reply)
        if (message.command.type === 'close') process.disconnect()
      },
      (error: unknown) => send({ id: message.id, error: (error as Error).message } satisfies Reply),
    )
  })
  // The parent is gone (a test run that stopped without closing): nothing is left to serve.
  process.on('disconnect', () => process.exit(0))
  send({ id: 0, result: origin } satisfies Reply)
}

// ---------------------------------------------------------------------------------------------
// The handle the tests and the bench hold

export async function startMlsGridServer({ token = 'test-token', fixturesDir = FIXTURES_DIR }: { token?: string; fixturesDir?: string } = {}): Promise<MlsGridServer> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    cwd: join(dirname(fileURLToPath(import.meta.url)), '..'),
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, MLS_GRID_SERVER_CHILD: '1', MLS_GRID_TOKEN: token, MLS_GRID_FIXTURES: fixturesDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the MLS Grid test server exited with code ${code}`)))
    child.on('message', (reply: Reply) => {
      if (reply.id === 0) return resolve(reply.result as string)
      const waiting = pending.get(reply.id)
      pending.delete(reply.id)
      if (reply.error) waiting?.reject(new Error(reply.error))
      else waiting?.resolve(reply.result)
    })
  })
  const ask = <T>(command: Command): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      child.send({ id, command } satisfies Message)
    })
  const requests = () => ask<RecordedRequest[]>({ type: 'requests' })
  return {
    url: `${origin}/v2`,
    origin,
    token,
    requests,
    propertyRequests: async () => (await requests()).filter((request) => request.kind === 'property'),
    mediaRequests: async () => (await requests()).filter((request) => request.kind === 'media'),
    play: (recording) => ask({ type: 'play', recording }),
    addRecording: (name, pages) => ask({ type: 'addRecording', name, pages: [...pages] }),
    failNext: (failure, times = 1) => ask({ type: 'failNext', failure, times }),
    setToken: (newToken) => ask({ type: 'setToken', token: newToken }),
    setHang: (hang) => ask({ type: 'setHang', hang }),
    close: async () => {
      if (child.exitCode !== null || !child.connected) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      await ask({ type: 'close' })
      await exited
    },
  }
}
