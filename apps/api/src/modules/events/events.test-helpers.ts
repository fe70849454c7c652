import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { buildApp } from '../../app'
import { createAuth } from '../session/session.auth'
import type { Database, Db } from '../../db/client'
import { openDatabase } from '../../db/client'
import { session } from '../../db/schema/auth'
import type { AppConfig } from '../../app'
import { createScratchDatabase, testConfig } from '../../../test/build-test-app'
import { countDatabaseOpened } from '../../../test/databases-opened'
import { lazy, perFile } from '../../../test/per-file'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createUser } from '../../../test/factories'
import type { EventHub, EventLimits } from './events.hub'
import { createEventHub } from './events.hub'
import type { LiveEventData, LiveEventType } from './events.publish'
import { publishEvent } from './events.publish'

/**
 * Real listening servers for the live event tests, each with its own hub, on one database: a
 * scratch PostgreSQL database when TEST_DATABASE_URL is set (each server with its own pool and
 * listener, as two processes have), else one in-memory PGlite they share.
 */

export type SharedDatabase = { open: () => Promise<Database>; close: () => Promise<void> }

export async function sharedDatabase(): Promise<SharedDatabase> {
  countDatabaseOpened()
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null })
    await database.migrate()
    return { open: async () => database, close: () => database.close() }
  }
  const scratch = await createScratchDatabase(serverUrl, `offerbook_events_${Date.now()}`)
  const opened: Database[] = []
  return {
    open: async () => {
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null })
      if (opened.length === 0) await database.migrate()
      opened.push(database)
      return database
    },
    close: async () => {
      for (const database of opened) await database.close()
      await scratch.drop()
    },
  }
}

export type EventServer = { app: FastifyInstance; hub: EventHub; db: Db; base: string; port: number; close: () => Promise<void> }

/** A server on the shared database, listening on a free port of 127.0.0.1; with `tls`, HTTPS with HTTP/2 (base is https://). */
export async function startEventServer(
  shared: SharedDatabase,
  limits: Partial<EventLimits> = {},
  configured: Partial<AppConfig> = {},
  tls?: { cert: string | Buffer; key: string | Buffer },
): Promise<EventServer> {
  const database = await shared.open()
  const config = testConfig(configured)
  const auth = createAuth({ db: database.db, secret: config.authSecret, publicUrl: config.publicUrl, production: false, oidc: null })
  const hub = createEventHub({ db: database.db, listen: database.listen, limits })
  await hub.start()
  const app = await buildApp({ config, db: database.db, auth, hub, logger: false, ...(tls ? { tls } : {}) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    app,
    hub,
    db: database.db,
    base: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    close: async () => {
      const closing = app.close()
      // On a machine shared with other test runs, a stray connection that never sends a request
      // would hold server.close() until headersTimeout (an HTTP/2 server's sessions Fastify closes itself).
      if ('closeAllConnections' in app.server) app.server.closeAllConnections()
      await closing
      await hub.stop()
    },
  }
}

/**
 * One server on a database of its own for a test file, started before its tests. After them the
 * streams opened with `stream(headers)` are closed, then the server and the database.
 */
export function useEventServer(limits: Partial<EventLimits> = {}): { server: EventServer; stream: (headers: Record<string, string>) => Promise<StreamClient> } {
  const streams: StreamClient[] = []
  const started = perFile(
    async () => {
      const shared = await sharedDatabase()
      return { shared, server: await startEventServer(shared, limits) }
    },
    async ({ shared, server }) => {
      for (const opened of streams) opened.close()
      await server.close()
      await shared.close()
    },
    120_000,
  )
  return {
    server: lazy(() => started.server),
    stream: async (headers) => {
      const opened = await openStream(started.server.base, headers)
      streams.push(opened)
      return opened
    },
  }
}

/**
 * Two servers on one database for a test file, started before its tests and closed after them.
 * Read them inside a test (`const { one, two } = servers`): they exist once the file has started.
 */
export function twoServersOnOneDatabase(): { readonly one: EventServer; readonly two: EventServer } {
  let shared: SharedDatabase | undefined
  const started: EventServer[] = []
  beforeAll(async () => {
    shared = await sharedDatabase()
    // Each keeps checked sessions as a server process does (testConfig keeps none).
    const asServed = { sessionCacheSeconds: 15 }
    started.push(await startEventServer(shared, {}, asServed), await startEventServer(shared, {}, asServed))
  }, 120_000)
  afterAll(async () => {
    for (const server of started) await server.close()
    await shared?.close()
  })
  const at = (index: number): EventServer => {
    const server = started[index]
    if (!server) throw new Error('The two servers start before the tests of the file')
    return server
  }
  return {
    get one() {
      return at(0)
    },
    get two() {
      return at(1)
    },
  }
}

export type SignedInUser = CreatedUser & { token: string; headers: { authorization: string } }

/** A user with a session made directly (no password hashing: these tests never sign in by password). */
export async function signedInUser(db: Db, roles: Role[], name?: string): Promise<SignedInUser> {
  const created = await createUser({ db, hashPassword: async () => 'not-a-usable-hash' }, { roles, ...(name ? { name } : {}) })
  const token = randomBytes(24).toString('base64url')
  await db.insert(session).values({ id: randomUUID(), token, userId: created.id, expiresAt: new Date(Date.now() + 3_600_000) })
  return { ...created, token, headers: bearer(token) }
}

/** Publishes one event in a transaction of its own, as a change would. */
export async function publishTo(db: Db, recipients: string[], data: LiveEventData, type: LiveEventType = 'chat.read'): Promise<void> {
  await db.transaction(async (tx) => publishEvent(tx, { recipients, type, data }))
}

export type StreamEvent = { id: string; type: string; data: Record<string, unknown> }

export type StreamClient = {
  status: number
  headers: Headers
  /** The whole text received so far. */
  text: () => string
  events: StreamEvent[]
  ended: () => boolean
  /** Resolves with check's first truthy answer, tried at every chunk; rejects after timeoutMs. */
  waitFor: <T>(what: string, check: () => T | null | undefined | false, timeoutMs?: number) => Promise<T>
  close: () => void
}

function parseBlock(block: string): StreamEvent | null {
  let id = ''
  let type = 'message'
  let data = ''
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4)
    else if (line.startsWith('event: ')) type = line.slice(7)
    else if (line.startsWith('data: ')) data += line.slice(6)
  }
  return data ? { id, type, data: JSON.parse(data) as Record<string, unknown> } : null
}

/** GET /api/events with fetch, read as it comes. */
export async function openStream(base: string, headers: Record<string, string>): Promise<StreamClient> {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/events`, { headers, signal: controller.signal })
  let text = ''
  let pending = ''
  let ended = false
  const events: StreamEvent[] = []
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const waiter of [...waiters]) waiter()
  }
  void (async () => {
    try {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        text += value
        pending += value
        let end = pending.indexOf('\n\n')
        while (end !== -1) {
          const event = parseBlock(pending.slice(0, end))
          if (event) events.push(event)
          pending = pending.slice(end + 2)
          end = pending.indexOf('\n\n')
        }
        wake()
      }
    } catch {
      // aborted, or the server dropped the connection
    }
    ended = true
    wake()
  })()
  return {
    status: response.status,
    headers: response.headers,
    text: () => text,
    events,
    ended: () => ended,
    waitFor: (what, check, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(attempt)
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received: ${text.slice(-600)}`))
        }, timeoutMs)
        function attempt() {
          const answer = check()
          if (!answer) return
          clearTimeout(timer)
          waiters.delete(attempt)
          resolve(answer)
        }
        waiters.add(attempt)
        attempt()
      }),
    close: () => controller.abort(),
  }
}

/** Waits for a condition that no stream chunk announces (the hub's own state), checking every few ms. */
export async function eventually<T>(what: string, check: () => T | null | undefined | false | Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await check()
    if (answer) return answer
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
