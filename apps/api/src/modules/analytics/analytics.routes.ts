import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AnalyticsQuerySchema, AnalyticsReportSchema } from '@offerbook/domain/analytics'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { getAnalytics } from './analytics.service'
import { errors } from '../../http/api-errors'

/** /analytics (issue #16): the figures of a period for the caller's scope, behind the page's roles. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/analytics',
    {
      config: { access: PAGE_ROLES.analytics },
      schema: {
        tags: ['analytics'],
        operationId: 'getAnalytics',
        summary: "A period's figures: a principal broker's brokerage and each agent (or one), an agent's own, a buyer's offers",
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsReportSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => getAnalytics(db, { actor: signedIn(request.user), query: request.query }),
  )
}
