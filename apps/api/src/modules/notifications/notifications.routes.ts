import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { listNotifications, NotificationsPageSchema, NotificationsQuerySchema, readAllNotifications, readNotification } from './notifications.service'
import { errors } from '../../http/api-errors'

export type NotificationsRoutesOptions = { db: Db }

const UnreadSchema = z.object({ unread: z.number().int() })

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/notifications',
    {
      config: { access: PAGE_ROLES.notifications },
      schema: {
        tags: ['notifications'],
        summary: "The caller's own notifications, newest first (unread=true for the unread only), with the unread count",
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => listNotifications(db, { actor: signedIn(request.user), query: request.query }),
  )

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: PAGE_ROLES.notifications },
      schema: {
        tags: ['notifications'],
        summary: "Marks one of the caller's notifications read; answers how many are left unread",
        params: z.object({ id: z.string() }),
        response: { 200: UnreadSchema, ...errors(401, 404) },
      },
    },
    async (request) => readNotification(db, { actor: signedIn(request.user), id: request.params.id }),
  )

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: PAGE_ROLES.notifications },
      schema: {
        tags: ['notifications'],
        summary: "Marks all the caller's notifications read",
        response: { 200: UnreadSchema, ...errors(401) },
      },
    },
    async (request) => readAllNotifications(db, { actor: signedIn(request.user) }),
  )
}
