import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { notification } from '../../db/schema/offers'
import { onPage } from '../../db/paging'

export type NotificationRow = typeof notification.$inferSelect
export type NewNotificationRow = typeof notification.$inferInsert

export async function insertNotification(db: Db, values: NewNotificationRow): Promise<NotificationRow> {
  const [row] = await db.insert(notification).values(values).returning()
  if (!row) throw new Error('notification insert returned no row')
  return row
}

/** Many notifications in one insert. */
export async function insertNotifications(db: Db, values: readonly NewNotificationRow[]): Promise<NotificationRow[]> {
  if (values.length === 0) return []
  return db.insert(notification).values([...values]).returning()
}

/** One page of a user's notifications (all, or the unread only), newest first, with the unread count. */
export async function listUserNotifications(
  db: Db,
  { userId, unreadOnly, page, pageSize }: { userId: string; unreadOnly: boolean; page: number; pageSize: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(notification.userId, userId)
  const unreadWhere = and(mine, isNull(notification.readAt))
  const where = unreadOnly ? unreadWhere : mine
  const [rows, totals, unread] = await Promise.all([
    onPage(db.select().from(notification).where(where).orderBy(desc(notification.createdAt), desc(notification.id)).$dynamic(), page, pageSize),
    db.select({ total: count() }).from(notification).where(where),
    db.select({ total: count() }).from(notification).where(unreadWhere),
  ])
  return { rows, total: totals[0]?.total ?? 0, unread: unread[0]?.total ?? 0 }
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notification)
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
  return row?.total ?? 0
}

/** Marks one of the user's notifications read (a read one keeps its time); false when the user has no such notification. */
export async function markNotificationRead(db: Db, { userId, id, now }: { userId: string; id: string; now: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: notification.id, readAt: notification.readAt })
    .from(notification)
    .where(and(eq(notification.id, id), eq(notification.userId, userId)))
    .limit(1)
  if (!row) return false
  if (row.readAt === null) await db.update(notification).set({ readAt: now }).where(eq(notification.id, row.id))
  return true
}

export async function markAllNotificationsRead(db: Db, { userId, now }: { userId: string; now: Date }): Promise<void> {
  await db
    .update(notification)
    .set({ readAt: now })
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
}
