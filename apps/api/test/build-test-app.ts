import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { AppConfig } from '../src/app'
import { buildApp } from '../src/app'
import type { Auth } from '../src/modules/session/session.auth'
import { createAuth } from '../src/modules/session/session.auth'
import type { Db } from '../src/db/client'
import { openDatabase } from '../src/db/client'
import { MIGRATIONS_FOLDER } from '../src/db/migrate'
import { seedDemoAccounts } from '../src/seed/seed'
import { countDatabaseOpened } from './databases-opened'

export type TestApp = {
  app: FastifyInstance
  /** The configuration the app was built with. */
  config: AppConfig
  db: Db
  /** The database's URL on TEST_DATABASE_URL's server; undefined on PGlite. */
  databaseUrl: string | undefined
  auth: Auth
  hashPassword: (password: string) => Promise<string>
  /** Closes only the database, to see how the app answers without one. */
  closeDatabase: () => Promise<void>
  close: () => Promise<void>
}

export type TestAppOptions = {
  seed?: boolean
  config?: Partial<AppConfig>
  /** Extra routes for a test, added before the app is ready. */
  extend?: (app: FastifyInstance) => void
  /** Where the app logs (at config.logLevel); without it the app does not log. */
  logStream?: NodeJS.WritableStream
  /**
   * On PGlite, keep the database in this directory (its `pglite` folder) instead of memory, so another
   * process can open it once this one has closed it (closeDatabase). On TEST_DATABASE_URL it changes nothing.
   */
  pgliteDataDir?: string
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 3000,
    host: '127.0.0.1',
    // Per app: the sealing certificate is made here the first time a packet completes.
    dataDir: join(tmpdir(), `offerbook-test-data-${randomBytes(6).toString('hex')}`),
    databaseUrl: undefined,
    publicUrl: 'http://localhost:3000',
    seedDemo: false,
    seedDemoRefused: false,
    nodeEnv: 'test',
    authSecret: 'test-secret-test-secret-test-secret-42',
    webDist: join(tmpdir(), 'offerbook-test-no-web-dist'),
    logLevel: 'silent',
    trustProxy: false,
    apiDocs: true,
    mail: { smtpUrl: undefined, from: 'Offerbook <no-reply@offerbook.example>' },
    sms: null,
    oidc: null,
    mlsGrid: null,
    signingCert: { p12: undefined, passphrase: undefined },
    signingTsaUrls: [],
    storage: { kind: 'disk', directory: join(tmpdir(), `offerbook-test-files-${process.pid}`) },
    // Tests change users and sessions straight in the database; the ones about the kept sessions turn it on.
    sessionCacheSeconds: 0,
    ...overrides,
  }
}

/** A new, empty database on a PostgreSQL server (its name starts with `prefix`), and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix: string, { template }: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      // An autovacuum worker may still be in the database; FORCE cannot end it without pg_signal_backend
      // (which .ci/run grants), so a refused drop is tried again a moment later. A scratch database
      // left behind on the test server is not a failure of the tests that used it.
      for (let attempt = 1; ; attempt++) {
        const client = new pg.Client({ connectionString: serverUrl })
        await client.connect()
        try {
          await client.query(`drop database if exists "${name}" with (force)`)
          return
        } catch (error) {
          if (attempt >= 5) {
            console.warn(`could not drop the scratch database ${name}: ${(error as Error).message}`)
            return
          }
        } finally {
          await client.end()
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
      }
    },
  }
}

/** A fresh database of this test file's own: a PostgreSQL database on TEST_DATABASE_URL's server, or in-memory PGlite. */
async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return { url: undefined, drop: async () => {} }
  return createScratchDatabase(serverUrl, `offerbook_test_${Date.now()}`, { template: await migratedTemplate(serverUrl) })
}

/** The migrations' files hashed: a migrated database or image is made again only when they change. */
function migrationsHash(): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * A migrated, empty database on the test server, made once for this set of migrations and copied by
 * each test file (`create database … template …`) instead of migrating its own, as the PGlite image
 * is (decision 028). Made under another name and renamed when migrated, under an advisory lock, so a
 * test process never copies a half-migrated template nor two make it at once.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `offerbook_template_${migrationsHash()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`select pg_advisory_lock(hashtext('offerbook_test_template'))`)
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      const partial = `${name}_partial`
      await admin.query(`drop database if exists "${partial}" with (force)`)
      await admin.query(`create database "${partial}"`)
      const url = new URL(serverUrl)
      url.pathname = `/${partial}`
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null })
      try {
        await database.migrate()
      } finally {
        await database.close()
      }
      await admin.query(`alter database "${partial}" rename to "${name}"`)
    }
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('offerbook_test_template'))`).catch(() => {})
    await admin.end()
  }
  return name
}

/**
 * A migrated, empty PGlite data directory, dumped once for every test process of this set of
 * migrations (named by their hash) and opened by each test file in place of initdb and the
 * migrations, which took some 5 s a file on CI's machine.
 */
async function migratedPgliteImage(): Promise<Blob> {
  const path = join(tmpdir(), `offerbook-test-pglite-${migrationsHash()}.tar`)
  if (!existsSync(path)) {
    const database = await openDatabase({ dataDir: null })
    await database.migrate()
    const image = await database.dumpImage!()
    await database.close()
    // Written aside and renamed: a file another process is still writing is never read.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()))
    renameSync(partial, path)
  }
  return new Blob([readFileSync(path)])
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  countDatabaseOpened()
  const config = testConfig(options.config)
  const fresh = await freshDatabaseUrl()
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: fresh.url ? null : (options.pgliteDataDir ?? null), image: fresh.url ? undefined : await migratedPgliteImage() })
  await database.migrate()
  let databaseOpen = true
  const auth = createAuth({ db: database.db, secret: config.authSecret, publicUrl: config.publicUrl, production: config.nodeEnv === 'production', oidc: config.oidc })
  const context = await auth.$context
  const hashPassword = (password: string) => context.password.hash(password)
  if (options.seed) await seedDemoAccounts(database.db, hashPassword)
  const app = await buildApp({ config, db: database.db, auth, logger: options.logStream !== undefined, logStream: options.logStream })
  options.extend?.(app)
  await app.ready()
  return {
    app,
    config,
    db: database.db,
    databaseUrl: fresh.url,
    auth,
    hashPassword,
    closeDatabase: async () => {
      if (databaseOpen) await database.close()
      databaseOpen = false
    },
    close: async () => {
      await app.close()
      if (databaseOpen) await database.close()
      databaseOpen = false
      await fresh.drop()
    },
  }
}
