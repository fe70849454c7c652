import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiKeyParamsSchema, ApiKeysSchema, CreateApiKeySchema, CreatedApiKeySchema } from '@offerbook/domain/api-keys'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service'

export type ApiKeysRoutesOptions = { db: Db }

/** The auth hook's key check, for app.ts and for modules that take keys of their own (webhooks). */
export { apiKeyWait, DEFAULT_API_KEY_LIMIT, verifyApiKey } from './api-keys.service'
export type { ApiKeyCaller } from './api-keys.service'
export { keyScopeOf } from './api-keys.scopes'

/**
 * The caller's API keys (decision 078), managed from /profile with a session only: a key never
 * reaches these routes (no keyScope: the auth hook refuses it with 403).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<ApiKeysRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/me/api-keys',
    routeOptions('signed-in', 'me', "The caller's API keys that are not revoked, newest first; a key itself is never sent again", {
      response: { 200: ApiKeysSchema, ...errors(401, 403) },
    }),
    async (request) => listApiKeys(db, { actor: signedIn(request.user) }),
  )

  app.post(
    '/api/me/api-keys',
    routeOptions('signed-in', 'me', 'Creates an API key with a name, scopes and an optional expiry; the answer holds the key itself, this once', {
      body: CreateApiKeySchema,
      response: { 201: CreatedApiKeySchema, ...errors(401, 403, 409) },
    }),
    async (request, reply) => {
      const created = await createApiKey(db, { actor: signedIn(request.user), ...request.body })
      return reply.code(201).send(created)
    },
  )

  app.delete(
    '/api/me/api-keys/:id',
    routeOptions('signed-in', 'me', "Revokes one of the caller's API keys: the next request made with it is refused", {
      params: ApiKeyParamsSchema,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await revokeApiKey(db, { actor: signedIn(request.user), id: request.params.id })
      return reply.code(204).send(null)
    },
  )
}
