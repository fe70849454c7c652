import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { listNotifications, NotificationsPageSchema, NotificationsQuerySchema, readAllNotifications, readNotification } from './notifications.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type NotificationsRoutesOptions = { db: Db }

const UnreadSchema = z.object({ unread: z.number().int() })

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/notifications',
    routeOptions(PAGE_ROLES.notifications, 'notifications', "The caller's own notifications, newest first (unread=true for the unread only), with the unread count", {
      querystring: NotificationsQuerySchema,
      response: { 200: NotificationsPageSchema, ...errors(400, 401) },
    }),
    async (request) => listNotifications(db, { actor: signedIn(request.user), query: request.query }),
  )

  app.post(
    '/api/notifications/:id/read',
    routeOptions(PAGE_ROLES.notifications, 'notifications', "Marks one of the caller's notifications read; answers how many are left unread", {
      params: z.object({ id: z.string() }),
      response: { 200: UnreadSchema, ...errors(401, 404) },
    }),
    async (request) => readNotification(db, { actor: signedIn(request.user), id: request.params.id }),
  )

  app.post(
    '/api/notifications/read-all',
    routeOptions(PAGE_ROLES.notifications, 'notifications', "Marks all the caller's notifications read", { response: { 200: UnreadSchema, ...errors(401) } }),
    async (request) => readAllNotifications(db, { actor: signedIn(request.user) }),
  )
}
