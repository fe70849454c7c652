import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DashboardSchema, PipelineSchema } from '@offerbook/domain/dashboard'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { getDashboard, getPipeline } from './dashboard.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

/** The two dashboards of issue #16: /dashboard (next actions) and /pbDashboard (the pipeline). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/dashboard',
    routeOptions(PAGE_ROLES.signedIn, 'dashboard', 'What the signed-in user should do next: drafts to finish, offers to answer, documents to sign and the deadlines of the next 14 days', {
      operationId: 'getDashboard',
      response: { 200: DashboardSchema, ...errors(401, 403) },
    }),
    async (request) => getDashboard(db, { actor: signedIn(request.user) }),
  )

  app.get(
    '/api/dashboard/pipeline',
    routeOptions(PAGE_ROLES.pbDashboard, 'dashboard', "The user's transactions by stage, over the listings they manage (also through a team) and the offers they made; the deadlines of the next 14 days; what needs attention; their brokerage", {
      operationId: 'getPipeline',
      response: { 200: PipelineSchema, ...errors(401, 403) },
    }),
    async (request) => getPipeline(db, { actor: signedIn(request.user) }),
  )
}
