import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Database, Listen } from './database'
import { schema } from './database'
import { migratePostgres } from './migrate'

// PostgreSQL by DATABASE_URL, loaded by client.ts only then: node-postgres stays out of an embedded server.

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const db = drizzleNodePg({ client: pool, schema })
  const listen: Listen = (channel, onPayload, onResubscribed) => listenPostgres(databaseUrl, channel, onPayload, onResubscribed)
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db),
    close: () => pool.end(),
    listen,
  }
}

const LISTEN_RETRY_FIRST_MS = 250
const LISTEN_RETRY_MAX_MS = 10_000

/**
 * A connection of its own (a pooled one would be handed to queries and lose the LISTEN): connects,
 * LISTENs, and after an error or a lost connection tries again with backoff and LISTENs again.
 * Resolves once the first LISTEN is in place.
 */
async function listenPostgres(databaseUrl: string, channel: string, onPayload: (payload: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>> {
  let stopped = false
  let client: pg.Client | null = null
  let timer: NodeJS.Timeout | null = null
  let retryMs = LISTEN_RETRY_FIRST_MS

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl })
    const lost = () => {
      if (client !== next) return
      client = null
      next.end().catch(() => {})
      if (stopped) return
      timer = setTimeout(() => {
        timer = null
        retry(true)
      }, retryMs)
      timer.unref()
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS)
    }
    next.on('error', lost)
    next.on('end', lost)
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    client = next
    try {
      await next.connect()
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      lost()
      throw error
    }
    retryMs = LISTEN_RETRY_FIRST_MS
    if (stopped) await next.end().catch(() => {})
  }
  const retry = (again: boolean) => {
    if (stopped) return
    connect().then(
      () => {
        if (again && !stopped) onResubscribed?.()
      },
      () => {},
    )
  }

  try {
    await connect()
  } catch (error) {
    stopped = true
    if (timer) clearTimeout(timer)
    throw error
  }
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    const current = client
    client = null
    await current?.end().catch(() => {})
  }
}
