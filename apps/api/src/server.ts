import { readFileSync } from 'node:fs'
import { createSecureContext } from 'node:tls'
import type { FastifyInstance } from 'fastify'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@offerbook/domain/demo-accounts'
import { buildApp } from './app'
import { createAuth } from './modules/session/session.auth'
import { loadOrCreateAuthSecret } from './auth/secret'
import { ConfigError, parseConfig } from './config'
import { openDatabase } from './db/client'
import { seedDemoData } from './seed/seed'
import type { HubLog } from './modules/events/events.hub'
import { createEventHub } from './modules/events/events.hub'
import type { JobRunner } from './modules/jobs/job-runner'
import { createJobRunner } from './modules/jobs/job-runner'
import { backgroundJobs } from './modules/jobs/jobs.registry'
import { createSigningContext } from './modules/signing/signing-context'
import { createEmailTransport, createSmsTransport } from './modules/messaging/transports'
import { createFileStorage } from './storage/create-file-storage'

function printDemoAccounts(): void {
  const rows = DEMO_ACCOUNTS.map((demo) => [demo.email, DEMO_PASSWORD, demo.roles.join(', ')] as const)
  const header = ['email', 'password', 'roles'] as const
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()
  console.log(['', 'Demo accounts:', line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line), ''].join('\n'))
}

async function main(): Promise<void> {
  let config
  try {
    config = parseConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  // How long each step of the start took, logged once listening (decision 028).
  const phases: Record<string, number> = { loadMs: Math.round(performance.now()) }
  let mark = performance.now()
  const phase = (name: string) => {
    const now = performance.now()
    phases[name] = Math.round(now - mark)
    mark = now
  }
  const authSecret = config.authSecret ?? (await loadOrCreateAuthSecret(config.dataDir))
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  phase('openMs')
  try {
    await database.migrate()
    phase('migrateMs')
  } catch (error) {
    // The first query is where an unreachable or missing database shows; say which, without a stack.
    const reason = rootCause(error)
    const where = config.databaseUrl ? `the database of DATABASE_URL (${redactedUrl(config.databaseUrl)})` : `the embedded database in ${config.dataDir}/pglite`
    console.error(`Offerbook could not start: ${where} could not be prepared: ${reason}`)
    await database.close().catch(() => {})
    process.exit(1)
  }

  const auth = createAuth({ db: database.db, secret: authSecret, publicUrl: config.publicUrl, production: config.nodeEnv === 'production', oidc: config.oidc })
  // A finished packet nudges the signing job; the job runner starts after listen.
  let jobs: JobRunner | null = null
  const storage = createFileStorage(config.storage)
  const signing = createSigningContext({ publicUrl: config.publicUrl, storage, dataDir: config.dataDir, signingCert: config.signingCert, tsaUrls: config.signingTsaUrls, db: database.db, onCompletionQueued: () => jobs?.nudge('signing') })
  // One live event hub for the process: one LISTEN, one heartbeat timer, every stream of this server.
  const hubLog: HubLog = { warn: (details, message) => app.log.warn(details, message), error: (details, message) => app.log.error(details, message) }
  const hub = createEventHub({ db: database.db, listen: database.listen, log: hubLog })
  await hub.start()
  // Reads that may lag (the search index's load) go to a replica when DATABASE_READ_URL names one.
  const readDatabase = config.databaseReadUrl ? await openDatabase({ databaseUrl: config.databaseReadUrl, dataDir: null }) : null
  // The search index loads in the background: SQL answers searches until it is in (decision 027).
  let tls: { cert: Buffer; key: Buffer } | undefined
  try {
    tls = config.tls ? { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) } : undefined
    // A certificate that is not PEM, or a key that is not its key, is said here rather than as a stack.
    if (tls) createSecureContext(tls)
  } catch (error) {
    console.error(`Offerbook could not start: TLS_CERT_FILE and TLS_KEY_FILE must name a readable PEM certificate and its private key: ${(error as Error).message}`)
    await database.close().catch(() => {})
    process.exit(1)
  }
  const app: FastifyInstance = await buildApp({
    config: { ...config, authSecret },
    db: database.db,
    auth,
    storage,
    signing,
    hub,
    readDb: readDatabase?.db,
    searchIndexLoad: 'background',
    tls,
  })
  phase('buildMs')

  if (config.seedDemoRefused) app.log.warn('SEED_DEMO=true is ignored because NODE_ENV=production: demo accounts are never seeded in production')
  if (config.seedDemo) {
    const context = await auth.$context
    const created = await seedDemoData(database.db, { hashPassword: (password) => context.password.hash(password), storage })
    app.log.info({ created }, 'demo accounts and listings ready')
    phase('seedMs')
  }

  // The job runner starts after listen; shutdown stops it before the database closes.
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    try {
      await app.close()
      await hub.stop()
      await jobs?.stop()
      await readDatabase?.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      console.error(error)
      process.exit(1)
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    console.error(`Offerbook could not start: port ${config.port} is already in use. Stop the other server or set PORT to a free port.`)
    await database.close()
    process.exit(1)
  }
  phase('listenMs')
  const memory = process.memoryUsage()
  const mib = (bytes: number) => Math.round(bytes / 1_048_576)
  app.log.info({ ...phases, totalMs: Math.round(performance.now()), rssMiB: mib(memory.rss), heapMiB: mib(memory.heapUsed), heapTotalMiB: mib(memory.heapTotal), externalMiB: mib(memory.external) }, 'started')
  const mail = createEmailTransport(config.mail)
  const sms = createSmsTransport(config.sms, { production: config.nodeEnv === 'production' })
  if (sms.name === 'sms-not-configured') app.log.warn('SMS_ACCOUNT_SID is not set: text messages fail in the outbox until an SMS provider is configured')
  // PGlite is this process's alone: a claim or lease found at start is a killed process's (decisions 006, 045).
  const singleProcess = database.kind === 'pglite'
  const registry = backgroundJobs({ db: database.db, log: app.log, publicUrl: config.publicUrl, authSecret, mail, sms, storage, mlsGrid: config.mlsGrid, signing, singleProcess, webhooksAllowPrivate: config.webhooksAllowPrivate ?? false })
  jobs = createJobRunner({ db: database.db, log: app.log, jobs: registry, releaseLeasesOnStart: singleProcess })
  void jobs.start()

  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'
  console.log(`\nOfferbook is running at ${config.publicUrl} (database: ${where})`)
  if (config.seedDemo) printDemoAccounts()
  if (config.nodeEnv !== 'production') console.log(`Mail and SMS sent in development: ${config.publicUrl}/dev/mailbox`)
}

function rootCause(error: unknown): string {
  let current = error
  while (current instanceof Error && current.cause instanceof Error) current = current.cause
  return current instanceof Error ? current.message : String(current)
}

function redactedUrl(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

main().catch((error: unknown) => {
  console.error('Offerbook could not start:', error)
  process.exit(1)
})
