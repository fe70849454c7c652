import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { UserSchema } from '@offerbook/domain/user'
import { freeText } from '@offerbook/domain/validation'
import { searchUsers } from '../users/users.service'
import type { Db } from '../../db/client'

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)

const ListUsersQuerySchema = z.object({
  page: positiveInt('page', 1_000_000).default(1),
  pageSize: positiveInt('pageSize', 100).default(20),
  search: freeText().max(200, 'search must have at most 200 characters').optional(),
})

const UserPageSchema = z.object({
  items: z.array(UserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})

export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/users',
    {
      config: { access: PAGE_ROLES.admin },
      schema: {
        tags: ['admin'],
        summary: 'List users, searching name or e-mail',
        security: [{ bearer: [] }],
        querystring: ListUsersQuerySchema,
        response: { 200: UserPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => searchUsers(db, request.query),
  )
}
