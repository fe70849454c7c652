import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ADMIN_USER_SORTS,
  ADMIN_USER_STATUSES,
  AdminUserChangeSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  DeactivateUserSchema,
  PrincipalBrokerDecisionSchema,
  ReactivateUserSchema,
  SetAddListingSchema,
  SetUserRolesSchema,
} from '@offerbook/domain/admin-users'
import { PAGE_ROLES, ROLES } from '@offerbook/domain/roles'
import { freeText } from '@offerbook/domain/validation'
import { ADMIN_PAGING } from '@offerbook/domain/paging'
import { signedIn } from '../../http/signed-in'
import type { AdminDeps } from '../admin/admin-deps'
import {
  deactivateUser,
  decidePrincipalBroker,
  getAdminUser,
  listAdminUsers,
  reactivateUser,
  sendPasswordReset,
  sendVerificationCode,
  setAddListing,
  setUserRoles,
} from './admin-users.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

const ListUsersQuerySchema = z.object({
  ...ADMIN_PAGING,
  search: freeText().max(200, 'admin.searchTooLong').optional(),
  role: z.enum(ROLES, { error: 'adminUsers.unknownRole' }).optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'adminUsers.unknownStatus' }).optional(),
  sort: z.enum(ADMIN_USER_SORTS, { error: 'adminUsers.unknownSort' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'adminUsers.unknownOrder' }).default('desc'),
})

const UserParamsSchema = z.object({ id: z.string() })
const SentSchema = z.object({ sent: z.literal(true) })

const admin = PAGE_ROLES.admin

/** The users of the admin area (issue #15): list, read, and every change an admin makes to one. */
export const adminUsersRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, auth, config }) => {
  app.get(
    '/api/admin/users',
    routeOptions(admin, 'admin', 'List users: search name, e-mail or phone; filter by role or status; sort', {
      querystring: ListUsersQuerySchema,
      response: { 200: AdminUserPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => listAdminUsers(db, request.query),
  )

  app.get(
    '/api/admin/users/:id',
    routeOptions(admin, 'admin', "A user with their latest sign-ins and the admins' actions on them", {
      params: UserParamsSchema,
      response: { 200: AdminUserDetailSchema, ...errors(401, 403, 404) },
    }),
    async (request) => getAdminUser(db, request.params.id),
  )

  app.put(
    '/api/admin/users/:id/roles',
    routeOptions(admin, 'admin', "Replace a user's roles", {
      params: UserParamsSchema,
      body: SetUserRolesSchema,
      response: { 200: AdminUserChangeSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => setUserRoles(db, { actor: signedIn(request.user), userId: request.params.id, input: request.body }),
  )

  app.put(
    '/api/admin/users/:id/add-listing',
    routeOptions(admin, 'admin', 'Turn adding listings on or off for a user (isAddListingEnabled)', {
      params: UserParamsSchema,
      body: SetAddListingSchema,
      response: { 200: AdminUserChangeSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => setAddListing(db, { actor: signedIn(request.user), userId: request.params.id, input: request.body }),
  )

  app.post(
    '/api/admin/users/:id/principal-broker',
    routeOptions(admin, 'admin', "Approve or deny a user's pending principal broker request", {
      params: UserParamsSchema,
      body: PrincipalBrokerDecisionSchema,
      response: { 200: AdminUserChangeSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => decidePrincipalBroker(db, { actor: signedIn(request.user), userId: request.params.id, input: request.body, publicUrl: config.publicUrl }),
  )

  app.post(
    '/api/admin/users/:id/deactivate',
    routeOptions(admin, 'admin', 'Deactivate a user: no sign-in, every session ended, their listings out of search', {
      params: UserParamsSchema,
      body: DeactivateUserSchema,
      response: { 200: AdminUserChangeSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => deactivateUser(db, { actor: signedIn(request.user), userId: request.params.id, input: request.body }),
  )

  app.post(
    '/api/admin/users/:id/reactivate',
    routeOptions(admin, 'admin', 'Reactivate a deactivated user', {
      params: UserParamsSchema,
      body: ReactivateUserSchema,
      response: { 200: AdminUserChangeSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => reactivateUser(db, { actor: signedIn(request.user), userId: request.params.id, input: request.body }),
  )

  app.post(
    '/api/admin/users/:id/password-reset',
    routeOptions(admin, 'admin', 'E-mail the user a password reset code, as the recovery flow does', {
      params: UserParamsSchema,
      response: { 202: SentSchema, ...errors(401, 403, 404) },
    }),
    async (request, reply) => reply.code(202).send(await sendPasswordReset(db, auth, { actor: signedIn(request.user), userId: request.params.id })),
  )

  app.post(
    '/api/admin/users/:id/verification-code',
    routeOptions(admin, 'admin', 'E-mail the user a new e-mail verification code', {
      params: UserParamsSchema,
      response: { 202: SentSchema, ...errors(401, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(202).send(await sendVerificationCode(db, auth, { actor: signedIn(request.user), userId: request.params.id })),
  )
}
