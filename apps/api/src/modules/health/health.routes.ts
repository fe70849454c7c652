import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { Db } from '../../db/client'
import { checkHealth } from './health.service'
import { routeOptions } from '../../http/route-options'

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') })

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    routeOptions('public', 'health', 'Whether the API and its database answer', { response: { 200: HealthSchema, 503: ApiErrorSchema } }),
    async () => checkHealth(db),
  )
}
