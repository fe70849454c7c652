import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { MlsGridStatusSchema, MlsReplicaPageSchema, MlsReplicaQuerySchema, MlsRunSchema, MlsScheduleSchema, UpdateMlsScheduleSchema } from '@offerbook/domain/mls-replication'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { signedIn } from '../../http/signed-in'
import type { AdminDeps } from '../admin/admin-deps'
import { createRunKeeper, getStatus, listReplicas, setSchedule } from './mls-replication.service'
import { routeOptions } from '../../http/route-options'

const access = PAGE_ROLES.superAdmin
const denied = { 401: ApiErrorSchema, 403: ApiErrorSchema }

/** /api/admin/mls-grid: the MLS Grid feed replication (issue #15), for super admins. */
export const mlsReplicationRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, config, storage }) => {
  const deps = { db, storage, mlsGrid: config.mlsGrid, log: app.log }
  const keeper = createRunKeeper(deps)
  // Shutdown stops a run this process started between two records, and waits for it.
  app.addHook('onClose', async () => keeper.stop())

  app.get(
    '/api/admin/mls-grid',
    routeOptions(access, 'admin', 'The MLS Grid replication: its settings (never the token), high-water mark, schedule and latest runs', {
      response: { 200: MlsGridStatusSchema, ...denied },
    }),
    async () => getStatus(deps),
  )

  app.put(
    '/api/admin/mls-grid/schedule',
    routeOptions(access, 'admin', 'Run the replication every N minutes (5 to 1440), or never (null)', {
      body: UpdateMlsScheduleSchema,
      response: { 200: MlsScheduleSchema, 400: ApiErrorSchema, ...denied },
    }),
    async (request) => setSchedule(db, { minutes: request.body.minutes, actorId: signedIn(request.user).uid }),
  )

  app.post(
    '/api/admin/mls-grid/runs',
    routeOptions(access, 'admin', 'Start a replication run now; it runs in the background (409 when one is running or the feed is not configured)', {
      response: { 202: z.object({ run: MlsRunSchema }), ...denied, 409: ApiErrorSchema },
    }),
    async (request, reply) => {
      const { run } = await keeper.start({ trigger: 'manual', actorId: signedIn(request.user).uid })
      return reply.code(202).send({ run })
    },
  )

  app.get(
    '/api/admin/mls-grid/listings',
    routeOptions(access, 'admin', 'The replicated listings, searching MLS number, address or agent MLS ID', {
      querystring: MlsReplicaQuerySchema,
      response: { 200: MlsReplicaPageSchema, 400: ApiErrorSchema, ...denied },
    }),
    async (request) => listReplicas(db, request.query),
  )
}
