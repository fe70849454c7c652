import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { InactiveUsersPageSchema, InactiveUsersQuerySchema, InactivitySettingSchema, ReminderResultSchema } from '@offerbook/domain/inactive-users'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { freeText } from '@offerbook/domain/validation'
import { signedIn } from '../../http/signed-in'
import type { AdminDeps } from '../admin/admin-deps'
import { eraseUser, inactivityDays, listInactiveUsers, sendReminder, setInactivityDays } from './inactive-users.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

const UserParamsSchema = z.object({ id: freeText().max(200) })
const DaysSchema = z.object({ days: z.number().int() })

/** /admin/inactiveusers (issue #15): accounts that are deactivated, dormant, unverified or not onboarded. */
export const inactiveUsersRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, config }) => {
  app.get(
    '/api/admin/inactive-users',
    routeOptions(PAGE_ROLES.admin, 'admin', 'List inactive accounts: deactivated, dormant (no sign-in for the set number of days), never verified, or never onboarded', {
      querystring: InactiveUsersQuerySchema,
      response: { 200: InactiveUsersPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => listInactiveUsers(db, request.query),
  )

  app.get(
    '/api/admin/settings/inactivity',
    routeOptions(PAGE_ROLES.admin, 'admin', 'The number of days without a sign-in after which an account is dormant', {
      response: { 200: DaysSchema, ...errors(401, 403) },
    }),
    async () => ({ days: await inactivityDays(db) }),
  )

  app.put(
    '/api/admin/settings/inactivity',
    routeOptions(PAGE_ROLES.admin, 'admin', 'Set the number of days without a sign-in after which an account is dormant (1 to 3650)', {
      body: InactivitySettingSchema,
      response: { 200: DaysSchema, ...errors(400, 401, 403) },
    }),
    async (request) => ({ days: await setInactivityDays(db, signedIn(request.user), request.body.days) }),
  )

  app.post(
    '/api/admin/inactive-users/:id/reminder',
    routeOptions(PAGE_ROLES.admin, 'admin', "Email the user, in their language, a reminder that fits why the account is inactive (verify, finish onboarding, come back)", {
      params: UserParamsSchema,
      response: { 202: ReminderResultSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      await sendReminder(db, signedIn(request.user), request.params.id, config.publicUrl)
      return reply.code(202).send({ sent: true as const })
    },
  )

  app.delete(
    '/api/admin/inactive-users/:id',
    routeOptions(PAGE_ROLES.admin, 'admin', 'Erase an account that never verified its email; offers, listings and signing records that name it are kept and the account is scrubbed instead', {
      params: UserParamsSchema,
      response: { 204: z.null().describe('Erased'), ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      await eraseUser(db, signedIn(request.user), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
