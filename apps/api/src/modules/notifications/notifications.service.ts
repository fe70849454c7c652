import { z } from 'zod'
import type { Language } from '@offerbook/domain/user'
import type { User } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { publishEvent, publishEvents } from '../events/events.publish'
import type { EmailMessage } from '../messaging/emails/registry'
import { enqueueEmailMessage, enqueueRenderedMessages, renderedEmailMessage } from '../messaging/messaging.service'
import type { NotificationRow } from './notifications.queries'
import { countUnread, insertNotification, insertNotifications, listUserNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.queries'

/**
 * A notification is a row for the bell and /notifications plus an email, both written in the
 * transaction of the change they tell about (docs/decisions/006-outbox.md): if the change rolls back,
 * nobody hears of it; if sending fails, the change does not happen either.
 */

export const NOTIFICATIONS_PAGE_SIZE = 20

export type NotificationData = Record<string, string | number | null>

export const NotificationSchema = z.object({
  id: z.string(),
  /** e.g. 'offer.shared', 'offer.accepted'. */
  type: z.string(),
  offerId: z.string().nullable(),
  listingId: z.string().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  readAt: z.string().nullable(),
  createdAt: z.string(),
})
export type AppNotification = z.infer<typeof NotificationSchema>

export const NotificationsPageSchema = z.object({
  items: z.array(NotificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unread: z.number().int(),
})
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>

export const NotificationsQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1').max(10_000).default(1),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
})
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>

/** The email a notification sends, by name with its data (messaging/emails), and who gets it in which language. */
export type NotificationEmail = { to: string; locale: Language; publicUrl: string; message: EmailMessage }

export type Notify = {
  userId: string
  type: string
  offerId?: string | null
  listingId?: string | null
  data: NotificationData
  /** Null when the recipient has already been written to about this (the share link email, say). */
  email: NotificationEmail | null
  /** The same instant for everybody a change tells about. */
  at?: Date
}

/** Writes the notification row, puts its email in the outbox and tells the user's live streams; pass the transaction of the change. */
export async function notify(tx: Db, input: Notify): Promise<void> {
  const row = await insertNotification(tx, {
    userId: input.userId,
    type: input.type,
    offerId: input.offerId ?? null,
    listingId: input.listingId ?? null,
    data: input.data,
    ...(input.at ? { createdAt: input.at } : {}),
  })
  if (input.email) {
    const { message, ...envelope } = input.email
    await enqueueEmailMessage(tx, message, { ...envelope, kind: `notification:${input.type}` })
  }
  // The bell follows live (decision 021), in the same transaction: a rolled-back change tells nobody.
  await publishEvent(tx, { recipients: [input.userId], type: 'notification.created', data: { notificationId: row.id, type: row.type, offerId: row.offerId, listingId: row.listingId } })
}

/** The same for many notifications at once (a job's batch): one insert of the rows, one of the emails, and their live events. */
export async function notifyAll(tx: Db, inputs: readonly Notify[]): Promise<void> {
  const rows = await insertNotifications(
    tx,
    inputs.map((input) => ({ userId: input.userId, type: input.type, offerId: input.offerId ?? null, listingId: input.listingId ?? null, data: input.data, ...(input.at ? { createdAt: input.at } : {}) })),
  )
  const emails = inputs.flatMap((input) => {
    if (!input.email) return []
    const { message, ...envelope } = input.email
    return [renderedEmailMessage(message, { ...envelope, kind: `notification:${input.type}` })]
  })
  await enqueueRenderedMessages(tx, { emails })
  await publishEvents(
    tx,
    rows.map((row) => ({ recipient: row.userId, type: 'notification.created' as const, data: { notificationId: row.id, type: row.type, offerId: row.offerId, listingId: row.listingId } })),
  )
}

function toNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    offerId: row.offerId,
    listingId: row.listingId,
    data: row.data,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listNotifications(db: Db, { actor, query }: { actor: User; query: NotificationsQuery }): Promise<NotificationsPage> {
  const { rows, total, unread } = await listUserNotifications(db, { userId: actor.uid, unreadOnly: query.unread, page: query.page, pageSize: NOTIFICATIONS_PAGE_SIZE })
  return { items: rows.map(toNotification), total, page: query.page, pageSize: NOTIFICATIONS_PAGE_SIZE, unread }
}

/** Marks one of the actor's notifications read; someone else's is not found. */
export async function readNotification(db: Db, { actor, id }: { actor: User; id: string }): Promise<{ unread: number }> {
  if (!isUuid(id) || !(await markNotificationRead(db, { userId: actor.uid, id: id.toLowerCase(), now: new Date() }))) {
    throw new AppError('NOT_FOUND', 'notification.notFound')
  }
  return { unread: await countUnread(db, actor.uid) }
}

export async function readAllNotifications(db: Db, { actor }: { actor: User }): Promise<{ unread: number }> {
  await markAllNotificationsRead(db, { userId: actor.uid, now: new Date() })
  return { unread: 0 }
}
