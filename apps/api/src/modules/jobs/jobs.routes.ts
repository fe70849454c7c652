import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { JobListSchema, JobStatusSchema } from '@offerbook/domain/jobs'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { freeText } from '@offerbook/domain/validation'
import { signedIn } from '../../http/signed-in'
import type { AdminDeps } from '../admin/admin-deps'
import { listJobs, retryJob } from './jobs.service'
import { routeOptions } from '../../http/route-options'

const access = PAGE_ROLES.superAdmin
const denied = { 401: ApiErrorSchema, 403: ApiErrorSchema }
const JobParamsSchema = z.object({ name: freeText().max(100) })

/** /api/admin/jobs: the background jobs of the job runner and their last runs (decision 045), for super admins. */
export const jobsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  app.get(
    '/api/admin/jobs',
    routeOptions(access, 'admin', 'The background jobs: lease, last run and its outcome, failures in a row, next run, and whether a job is dead-lettered', {
      response: { 200: JobListSchema, ...denied },
    }),
    async () => listJobs(db),
  )

  app.post(
    '/api/admin/jobs/:name/retry',
    routeOptions(access, 'admin', 'Run a dead-lettered job again: its failures are forgotten and it runs at once (409 when it is not dead-lettered)', {
      params: JobParamsSchema,
      response: { 200: JobStatusSchema, 400: ApiErrorSchema, ...denied, 404: ApiErrorSchema, 409: ApiErrorSchema },
    }),
    async (request) => retryJob(db, signedIn(request.user), request.params.name),
  )
}
