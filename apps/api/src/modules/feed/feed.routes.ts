import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FeedPageSchema, FeedQuerySchema } from '@offerbook/domain/integrations'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import { readFeed } from './feed.service'

export type FeedRoutesOptions = { db: Db }

/** The event feed (decision 080): API keys only, scope offers:read (signing entries also need records:read, listing entries listings:read). */
export const feedRoutes: FastifyPluginAsyncZod<FeedRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/feed',
    routeOptions(
      'signed-in',
      'integrations',
      "The key owner's events after a sequence, in the shape of RESO EntityEvent, oldest first; replaying from any sequence gives the same entries in the same order",
      { querystring: FeedQuerySchema, response: { 200: FeedPageSchema, ...errors(400, 401, 403, 429) } },
      { auth: 'key-only', keyScope: 'offers:read' },
    ),
    async (request) => readFeed(db, { userId: signedIn(request.user).uid, scopes: request.apiKey?.scopes ?? [], query: request.query }),
  )
}
