import type { Db } from '../../db/client'
import type { AuditRow } from './admin.queries'
import { insertAudit, selectAuditOf, selectSetting, selectSettingWithAuthor, upsertSetting } from './admin.queries'

/** What an admin did to a user (issue #15): written in the same transaction as the change itself. */
export type AuditEntry = {
  actorId: string | null
  targetUserId: string | null
  /** A dotted name: 'user.roles', 'user.deactivate', 'principalBroker.approve', 'userImport.create'... */
  action: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  reason?: string | null
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(db, {
    actorId: entry.actorId,
    targetUserId: entry.targetUserId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  })
}

export type { AuditRow } from './admin.queries'

/** A user's audit rows, newest first. */
export async function auditOf(db: Db, targetUserId: string, limit = 200): Promise<AuditRow[]> {
  return selectAuditOf(db, targetUserId, limit)
}

/** An admin setting, or the fallback when it was never set. */
export async function readSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const row = await selectSetting(db, key)
  return row ? (row.value as T) : fallback
}

/** An admin setting as stored, with who last changed it and when; undefined when it was never set. */
export async function readSettingWithAuthor(db: Db, key: string): Promise<{ value: unknown; updatedAt: Date; updatedByName: string | null } | undefined> {
  return selectSettingWithAuthor(db, key)
}

export async function writeSetting(db: Db, key: string, value: unknown, updatedBy: string | null): Promise<void> {
  await upsertSetting(db, key, value, updatedBy)
}
