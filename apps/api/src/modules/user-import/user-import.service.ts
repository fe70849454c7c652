import { randomUUID } from 'node:crypto'
import type { MessageKey } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import type { Role } from '@offerbook/domain/roles'
import { LISTING_KINDS } from '@offerbook/domain/profile'
import type { UserImportColumn, UserImportJob, UserImportOnExisting, UserImportPreview, UserImportRow } from '@offerbook/domain/user-import'
import { USER_IMPORT_COLUMNS, USER_IMPORT_LIMITS } from '@offerbook/domain/user-import'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { kindOf } from '../../db/client'
import { recordAudit } from '../admin/admin-audit'
import { emailKind, renderEmail } from '../messaging/emails/registry'
import { csvLine } from '@offerbook/domain/csv'
import { announceAuthChange } from '../../auth/session-cache'
import {
  claimInterruptedJobs,
  commitBatch,
  countDone,
  deleteJob,
  findJob,
  finishJob,
  insertJobRows,
  insertOutboxEmails,
  insertPreviewJob,
  insertUserRoles,
  insertUsers,
  jobOutcomes,
  nextRowsToImport,
  noteResumed,
  releaseJob,
  replaceUserRoles,
  rowsPage,
  selectPhoneHolders,
  selectUsersByEmail,
  startJob,
  updateImportedUser,
} from './user-import.queries'
import type { JobRow, StoredOutcome } from './user-import.queries'
import { revokeLiveStreams } from '../events/events.publish'

import type { StoredRow } from './user-import-file'
import { checkFile, chunks } from './user-import-file'

export type { StoredRow } from './user-import-file'
export type { StoredOutcome } from './user-import.queries'

const BATCH_SIZE = 250
/** On PGlite a batch holds the one connection every request needs: 20 rows keep that hold short (issue #29, < 500 ms). */
const PGLITE_BATCH_SIZE = 20

/** Rows kept or read per statement outside a run: the preview's and the report's. */
const ROWS_PAGE = 1_000

function toJob(row: JobRow): UserImportJob {
  // Once started, the invalid rows are counted as processed at the start and have no other count.
  const invalid = row.status === 'preview' ? row.invalid : Math.max(0, row.processed - row.created - row.updated - row.skipped - row.failed)
  return {
    id: row.id,
    status: row.status as UserImportJob['status'],
    filename: row.filename,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    invalid,
    onExisting: row.onExisting as UserImportOnExisting,
    resumedAt: row.resumedAt,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  }
}

function publicRow(row: StoredRow): UserImportRow {
  return {
    line: row.line,
    email: row.email,
    name: row.name,
    phone: row.phone,
    roles: row.roles,
    language: row.language,
    principalBrokerEmail: row.principalBrokerEmail,
    // Rows kept before the column existed have none.
    addListing: row.addListing ?? null,
    valid: row.problems.length === 0,
  }
}

/** POST /api/admin/user-imports: checks the file and keeps it as a job in 'preview'. */
export async function previewImport(db: Db, { actorId, bytes, filename }: { actorId: string; bytes: Buffer; filename: string }): Promise<UserImportPreview> {
  const rows = await checkFile(db, bytes)
  const name = (filename || 'users.csv').slice(0, 200)
  const columns = USER_IMPORT_COLUMNS.map((_, index) => rows[0]?.cells[index] !== null && rows[0]?.cells[index] !== undefined)
  const invalid = rows.filter((row) => row.problems.length > 0).length
  const job = await insertPreviewJob(db, { createdBy: actorId, filename: name, columns, total: rows.length, invalid })
  if (!job) throw new AppError('INTERNAL', 'request.internal')
  try {
    // A page at a time, the requests that came meanwhile served between pages (PGlite runs in this event loop).
    for (const page of chunks(rows, ROWS_PAGE)) {
      await insertJobRows(db, job.id, page.map((row) => ({ line: row.line, valid: row.problems.length === 0, data: row })))
      await yieldToRequests()
    }
  } catch (error) {
    await deleteJob(db, job.id).catch(() => undefined)
    throw error
  }
  const valid = rows.filter((row) => row.problems.length === 0).length
  return {
    id: job.id,
    filename: name,
    total: rows.length,
    valid,
    problems: rows.flatMap((row) => row.problems),
    rows: rows.slice(0, USER_IMPORT_LIMITS.previewRows).map(publicRow),
  }
}

async function loadJob(db: Db, id: string): Promise<JobRow> {
  const row = await findJob(db, id)
  if (!row) throw new AppError('NOT_FOUND', 'userImport.notFound')
  return row
}

export async function getJob(db: Db, id: string): Promise<UserImportJob> {
  const row = await loadJob(db, id)
  return toJob(row)
}

// ---------------------------------------------------------------------------------------------
// The import

export type RunContext = {
  db: Db
  publicUrl: string
  log: { error: (obj: unknown, msg?: string) => void; info?: (obj: unknown, msg?: string) => void }
  /** True once the process is closing: a run stops between batches and gives its job back. */
  stopping?: () => boolean
  /** How long a run holds its job without renewing (each batch renews it). */
  leaseMs?: number
}

/** This process's runs: a job whose lease names another owner is another process's (or a dead one's). */
const OWNER = randomUUID()
export const DEFAULT_LEASE_MS = 60_000

/** Between batches, the requests that came meanwhile are served (PGlite runs in this event loop). */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/** POST .../start: moves the job from preview to running (once), and runs it after the answer. */
export async function startImport(ctx: RunContext, { actorId, id, onExisting }: { actorId: string; id: string; onExisting: UserImportOnExisting }): Promise<{ job: UserImportJob; run: () => Promise<void> }> {
  const previewed = await loadJob(ctx.db, id)
  const started = await startJob(ctx.db, { id, owner: OWNER, leaseMs: ctx.leaseMs ?? DEFAULT_LEASE_MS, onExisting, invalid: previewed.invalid })
  if (!started) throw new AppError('CONFLICT', 'userImport.alreadyStarted')
  return { job: toJob(started), run: () => runImport(ctx, started, actorId, false) }
}

/**
 * Picks up the running jobs no live run holds (a process killed mid-import), each going on from its
 * last committed batch; on PGlite every running job of another process (this one owns the database).
 * Answers the runs, which the caller awaits at its close.
 */
export async function resumeInterruptedImports(ctx: RunContext): Promise<Promise<void>[]> {
  const claimed = await claimInterruptedJobs(ctx.db, { owner: OWNER, leaseMs: ctx.leaseMs ?? DEFAULT_LEASE_MS, ownedHere: kindOf(ctx.db) === 'pglite' })
  return claimed.map((job) => {
    ctx.log.info?.({ jobId: job.id, processed: job.processed, total: job.total }, 'resuming an interrupted user import')
    return runImport(ctx, job, job.createdBy, true)
  })
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === '23505') return true
  return false
}

type Existing = { id: string; email: string; name: string; phone: string | null; language: string; isAddListingEnabled: boolean; roles: Role[] }

async function existingUsers(db: Db, emails: readonly string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>()
  if (emails.length === 0) return found
  const { rows, roles } = await selectUsersByEmail(db, [...emails])
  for (const row of rows) found.set(row.email.toLowerCase(), { ...row, roles: roles.filter((role) => role.userId === row.id).map((role) => role.role as Role) })
  return found
}

/** Who holds each of the phones, among those asked. */
async function phoneHolders(db: Db, phones: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(phones.filter(Boolean))]
  if (wanted.length === 0) return new Map()
  const rows = await selectPhoneHolders(db, wanted)
  return new Map(rows.map((row) => [row.phone ?? '', row.id]))
}

const KEPT_ROLES: readonly Role[] = ['ADMIN', 'SUPER_ADMIN']

type RowPlan = { done: StoredOutcome } | { update: Existing } | { create: string }
type RowArgs = { row: StoredRow; existing: Existing | undefined; phones: Map<string, string>; onExisting: UserImportOnExisting; actorId: string }

/** What a row will do, from what the batch read; rows that write nothing are decided here. */
function planRow({ row, existing, phones, onExisting, actorId }: RowArgs, hasColumn: (column: UserImportColumn) => boolean): RowPlan {
  const done = (outcome: StoredOutcome['outcome'], key: MessageKey): RowPlan => ({ done: { line: row.line, outcome, key } })
  const taken = (userId: string | null) => Boolean(row.phone) && phones.has(row.phone) && phones.get(row.phone) !== userId
  if (existing) {
    if (onExisting === 'skip') return done('skipped', 'userImport.existingSkipped')
    if (existing.id === actorId) return done('failed', 'userImport.ownAccount')
    if (hasColumn('phone') && taken(existing.id)) return done('failed', 'userImport.phoneInUse')
    if (row.phone) phones.set(row.phone, existing.id)
    return { update: existing }
  }
  if (taken(null)) return done('failed', 'userImport.phoneInUse')
  const id = randomUUID()
  if (row.phone) phones.set(row.phone, id)
  return { create: id }
}

async function updateRow(tx: Db, row: StoredRow, existing: Existing, actorId: string, hasColumn: (column: UserImportColumn) => boolean): Promise<void> {
  // An import never takes away ADMIN or SUPER_ADMIN: only an admin changes those, one user at a time.
  const roles = hasColumn('roles') ? [...new Set([...row.roles, ...existing.roles.filter((role) => KEPT_ROLES.includes(role))])] : existing.roles
  const changes: Parameters<typeof updateImportedUser>[2] = { name: row.name }
  if (hasColumn('phone')) changes.phone = row.phone || null
  if (hasColumn('language')) changes.language = row.language
  if (hasColumn('roles')) changes.isPrincipalBroker = roles.includes('PRINCIPAL_BROKER')
  const addListing = hasColumn('add_listing') ? (row.addListing ?? null) : null
  if (addListing !== null) changes.isAddListingEnabled = addListing
  await tx.transaction(async (sp) => {
    await updateImportedUser(sp, existing.id, changes)
    if (hasColumn('roles')) await replaceUserRoles(sp, existing.id, roles)
    await announceAuthChange(sp, [existing.id])
    if (hasColumn('roles')) await revokeLiveStreams(sp, { users: [existing.id] })
    await recordAudit(sp, {
      actorId,
      targetUserId: existing.id,
      action: 'userImport.update',
      before: { name: existing.name, phone: existing.phone, language: existing.language, roles: existing.roles, isAddListingEnabled: existing.isAddListingEnabled },
      after: {
        name: row.name,
        phone: changes.phone === undefined ? existing.phone : changes.phone,
        language: changes.language ?? existing.language,
        roles,
        isAddListingEnabled: changes.isAddListingEnabled ?? existing.isAddListingEnabled,
      },
    })
  })
}

/** New users, their roles and their invitations, written together (one statement each) in a savepoint. */
async function createRows(tx: Db, ctx: RunContext, rows: readonly { row: StoredRow; id: string }[]): Promise<void> {
  if (rows.length === 0) return
  await tx.transaction(async (sp) => {
    await insertUsers(
      sp,
      rows.map(({ row, id }) => ({
        id,
        name: row.name,
        email: row.email,
        emailVerified: false,
        onboarded: row.roles.length > 0,
        phone: row.phone || null,
        language: row.language,
        isPrincipalBroker: row.roles.includes('PRINCIPAL_BROKER'),
        // As onboarding sets it for the roles, unless the file says.
        isAddListingEnabled: row.addListing ?? row.roles.some((role) => (LISTING_KINDS as readonly Role[]).includes(role)),
      })),
    )
    const roles = rows.flatMap(({ row, id }) => row.roles.map((role) => ({ userId: id, role })))
    await insertUserRoles(sp, roles)
    // The outbox row as enqueueEmail writes it, many at once; the worker finds them at its next poll.
    await insertOutboxEmails(
      sp,
      rows.map(({ row }) => {
        const data = { name: row.name, email: row.email }
        const mail = renderEmail('user-invitation', row.language, data, ctx.publicUrl)
        return { channel: 'email' as const, recipient: row.email, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: emailKind('user-invitation', data), locale: row.language }
      }),
    )
  })
}

/** One batch in one transaction: rows that fail write nothing of theirs, the others go on. */
async function importBatch(tx: Db, ctx: RunContext, args: Omit<RowArgs, 'row' | 'existing'> & { batch: StoredRow[]; found: Map<string, Existing>; hasColumn: (column: UserImportColumn) => boolean }): Promise<StoredOutcome[]> {
  const outcomes = new Map<number, StoredOutcome>()
  const creates: { row: StoredRow; id: string }[] = []
  const failed = (row: StoredRow, error: unknown): StoredOutcome => {
    if (!isUniqueViolation(error)) ctx.log.error({ err: error, line: row.line }, 'user import row failed')
    return { line: row.line, outcome: 'failed', key: isUniqueViolation(error) ? 'userImport.phoneInUse' : 'userImport.rowFailed' }
  }
  for (const row of args.batch) {
    const plan = planRow({ ...args, row, existing: args.found.get(row.email) }, args.hasColumn)
    if ('done' in plan) outcomes.set(row.line, plan.done)
    else if ('create' in plan) creates.push({ row, id: plan.create })
    else {
      try {
        await updateRow(tx, row, plan.update, args.actorId, args.hasColumn)
        outcomes.set(row.line, { line: row.line, outcome: 'updated', key: null })
      } catch (error) {
        outcomes.set(row.line, failed(row, error))
      }
    }
  }
  try {
    await createRows(tx, ctx, creates)
    for (const { row } of creates) outcomes.set(row.line, { line: row.line, outcome: 'created', key: null })
  } catch {
    // Someone took an email or a phone meanwhile: the rows one at a time, to fail only those.
    for (const create of creates) {
      try {
        await createRows(tx, ctx, [create])
        outcomes.set(create.row.line, { line: create.row.line, outcome: 'created', key: null })
      } catch (error) {
        outcomes.set(create.row.line, failed(create.row, error))
      }
    }
  }
  return args.batch.map((row) => outcomes.get(row.line) ?? { line: row.line, outcome: 'failed', key: 'userImport.rowFailed' })
}

/** Another run took the job over (this one stopped renewing its lease): the batch rolls back. */
class LeaseLost extends Error {}

async function runImport(ctx: RunContext, job: JobRow, actorId: string | null, resumed: boolean): Promise<void> {
  const { db } = ctx
  const leaseMs = ctx.leaseMs ?? DEFAULT_LEASE_MS
  const present = new Set(USER_IMPORT_COLUMNS.filter((_, index) => job.columns[index] === true))
  const hasColumn = (column: UserImportColumn) => present.has(column)
  const onExisting = job.onExisting as UserImportOnExisting
  // PGlite answers requests in this event loop: smaller batches keep each of its transactions short.
  const batchSize = kindOf(db) === 'pglite' ? PGLITE_BATCH_SIZE : BATCH_SIZE
  try {
    // Each batch commits its rows with their outcomes: what has an outcome is done, the rest is to do.
    // The rows are read a batch at a time, each batch after the last one's line.
    let batch = (await nextRowsToImport(db, { jobId: job.id, after: 0, limit: batchSize })) as StoredRow[]
    if (resumed && batch.length > 0) await noteResumed(db, { id: job.id, owner: OWNER, row: (await countDone(db, job.id)) + 1 })
    for (; batch.length > 0; batch = (await nextRowsToImport(db, { jobId: job.id, after: batch.at(-1)?.line ?? 0, limit: batchSize })) as StoredRow[]) {
      await yieldToRequests()
      if (ctx.stopping?.()) {
        await releaseJob(db, { id: job.id, owner: OWNER })
        return
      }
      const found = await existingUsers(db, batch.map((row) => row.email))
      const phones = await phoneHolders(db, batch.map((row) => row.phone))
      await db.transaction(async (tx) => {
        const outcomes = await importBatch(tx, ctx, { batch, found, phones, onExisting, actorId: actorId ?? '', hasColumn })
        const counts = { created: 0, updated: 0, skipped: 0, failed: 0 }
        for (const outcome of outcomes) counts[outcome.outcome]++
        if (!(await commitBatch(tx, { id: job.id, owner: OWNER, leaseMs, outcomes, counts }))) throw new LeaseLost()
      })
    }
    await db.transaction(async (tx) => {
      const ended = await finishJob(tx, { id: job.id, owner: OWNER, status: 'done' })
      if (!ended) throw new LeaseLost()
      const counts = { created: ended.created, updated: ended.updated, skipped: ended.skipped, failed: ended.failed }
      await recordAudit(tx, { actorId, targetUserId: null, action: 'userImport.run', after: { jobId: job.id, filename: job.filename, total: job.total, onExisting, ...counts, resumedAt: ended.resumedAt } })
    })
  } catch (error) {
    if (error instanceof LeaseLost) {
      ctx.log.info?.({ jobId: job.id }, 'a user import was taken over by another run')
      return
    }
    ctx.log.error({ err: error, jobId: job.id }, 'user import failed')
    await finishJob(db, { id: job.id, owner: OWNER, status: 'failed', error: String(error instanceof Error ? error.message : error).slice(0, 1000) }).catch(() => undefined)
  }
}

// ---------------------------------------------------------------------------------------------
// The report

/** The file's columns (canonical names) plus outcome and message, one line per row of the file. */
export async function buildReport(db: Db, id: string): Promise<{ filename: string; csv: string }> {
  const job = await loadJob(db, id)
  const present = USER_IMPORT_COLUMNS.map((_, index) => index).filter((index) => job.columns[index] === true)
  const outcomes = new Map((await jobOutcomes(db, id)).map((outcome) => [outcome.line, outcome]))
  // Where a run went on after a restart, the row it began with (its place among the valid rows) says so.
  const resumedAt = new Set(job.resumedAt)
  let validIndex = 0
  const lines = [csvLine([...present.map((index) => USER_IMPORT_COLUMNS[index] ?? ''), 'outcome', 'message'])]
  for (let page = (await rowsPage(db, { jobId: id, after: 0, limit: ROWS_PAGE })) as StoredRow[]; page.length > 0; page = (await rowsPage(db, { jobId: id, after: page.at(-1)?.line ?? 0, limit: ROWS_PAGE })) as StoredRow[]) {
    for (const row of page) {
      const cells = present.map((index) => row.cells[index] ?? '')
      if (row.problems.length > 0) {
        const message = row.problems.map((problem) => `${problem.column ?? 'row'}: ${messageText(problem.message.key as MessageKey, problem.message.params)}`).join('; ')
        lines.push(csvLine([...cells, 'invalid', message]))
        continue
      }
      validIndex++
      const outcome = outcomes.get(row.line)
      const notes = [outcome?.key ? messageText(outcome.key, outcome.params) : '', resumedAt.has(validIndex) ? messageText('userImport.resumed', { row: validIndex.toLocaleString('en-US') }) : ''].filter(Boolean)
      lines.push(csvLine([...cells, outcome?.outcome ?? '', notes.join('; ')]))
    }
    await yieldToRequests()
  }
  const base = job.filename.replace(/\.csv$/i, '') || 'users'
  return { filename: `${base}-report.csv`, csv: `${lines.join('\r\n')}\r\n` }
}
