import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import {
  CreatedWebhookSchema,
  CreateWebhookSchema,
  UpdateWebhookSchema,
  WebhookDeliveriesSchema,
  WebhookDeliveryParamsSchema,
  WebhookParamsSchema,
  WebhookSchema,
  WebhookSettingsInputSchema,
  WebhookSettingsSchema,
  WebhooksSchema,
} from '@offerbook/domain/webhooks'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import type { WebhooksContext } from './webhooks.service'
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliverWebhook, updateWebhook } from './webhooks.service'
import { readWebhookSettings, setWebhookSettings } from './webhooks.settings'

export type WebhooksRoutesOptions = { db: Db; ctx: WebhooksContext }

export { webhooksJob } from './webhooks-delivery'

/** Taken with a session, or with an API key of scope `webhooks` (decision 078). */
const KEY = { keyScope: 'webhooks' } as const

/** The caller's webhook endpoints and their delivery log (decision 079); the super admins' private-address setting (decision 082). */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, { db, ctx }) => {
  app.get(
    '/api/me/webhooks',
    routeOptions('signed-in', 'me', "The caller's webhook endpoints, newest first; a secret is never sent again", { response: { 200: WebhooksSchema, ...errors(401, 403) } }, KEY),
    async (request) => listWebhooks(db, { actor: signedIn(request.user) }),
  )

  app.post(
    '/api/me/webhooks',
    routeOptions(
      'signed-in',
      'me',
      'Creates a webhook endpoint for the events it names; the answer holds its signing secret (whsec_...), this once',
      { body: CreateWebhookSchema, response: { 201: CreatedWebhookSchema, ...errors(400, 401, 403, 409) } },
      KEY,
    ),
    async (request, reply) => reply.code(201).send(await createWebhook(db, ctx, { actor: signedIn(request.user), ...request.body })),
  )

  app.patch(
    '/api/me/webhooks/:id',
    routeOptions('signed-in', 'me', "Changes an endpoint's events or turns it on or off", { params: WebhookParamsSchema, body: UpdateWebhookSchema, response: { 200: WebhookSchema, ...errors(400, 401, 403, 404) } }, KEY),
    async (request) => updateWebhook(db, { actor: signedIn(request.user), id: request.params.id, ...request.body }),
  )

  app.delete(
    '/api/me/webhooks/:id',
    routeOptions('signed-in', 'me', 'Deletes an endpoint and its delivery log', { params: WebhookParamsSchema, response: { 204: z.null(), ...errors(400, 401, 403, 404) } }, KEY),
    async (request, reply) => {
      await deleteWebhook(db, { actor: signedIn(request.user), id: request.params.id })
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/me/webhooks/:id/deliveries',
    routeOptions('signed-in', 'me', "An endpoint's latest 50 deliveries, newest first, each with its attempts' time and status", { params: WebhookParamsSchema, response: { 200: WebhookDeliveriesSchema, ...errors(400, 401, 403, 404) } }, KEY),
    async (request) => listDeliveries(db, { actor: signedIn(request.user), id: request.params.id }),
  )

  app.post(
    '/api/me/webhooks/:id/deliveries/:deliveryId/redeliver',
    routeOptions('signed-in', 'me', 'Sends a delivery again, with the same webhook-id', { params: WebhookDeliveryParamsSchema, response: { 202: z.null(), ...errors(400, 401, 403, 404) } }, KEY),
    async (request, reply) => {
      await redeliverWebhook(db, { actor: signedIn(request.user), id: request.params.id, deliveryId: request.params.deliveryId })
      return reply.code(202).send(null)
    },
  )

  app.get(
    '/api/admin/settings/webhooks',
    routeOptions(PAGE_ROLES.superAdmin, 'admin', 'Whether webhooks may go to loopback and private addresses, and what the deployment gives while no admin has chosen', {
      response: { 200: WebhookSettingsSchema, ...errors(401, 403) },
    }),
    async () => readWebhookSettings(db, ctx.allowPrivateByDefault),
  )

  app.put(
    '/api/admin/settings/webhooks',
    routeOptions(PAGE_ROLES.superAdmin, 'admin', 'Allow or refuse webhooks to loopback and private addresses (an on-premises back office); holds from the next webhook created and the next delivery', {
      body: WebhookSettingsInputSchema,
      response: { 200: WebhookSettingsSchema, ...errors(400, 401, 403) },
    }),
    async (request) => setWebhookSettings(db, { actorId: signedIn(request.user).uid, allowPrivate: request.body.allowPrivate, deploymentDefault: ctx.allowPrivateByDefault }),
  )
}
