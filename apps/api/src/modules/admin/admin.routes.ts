import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { MessageKey } from '@offerbook/domain/messages'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { UserSchema } from '@offerbook/domain/user'
import { freeText } from '@offerbook/domain/validation'
import { searchUsers } from '../users/users.service'
import type { Db } from '../../db/client'

type PositiveIntMessages = { wholeNumber: MessageKey; tooSmall: MessageKey; tooLarge: MessageKey }

const positiveInt = (max: number, messages: PositiveIntMessages) =>
  z.coerce.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.tooSmall).max(max, messages.tooLarge)

const ListUsersQuerySchema = z.object({
  page: positiveInt(1_000_000, { wholeNumber: 'admin.pageWholeNumber', tooSmall: 'admin.pageTooSmall', tooLarge: 'admin.pageTooLarge' }).default(1),
  pageSize: positiveInt(100, { wholeNumber: 'admin.pageSizeWholeNumber', tooSmall: 'admin.pageSizeTooSmall', tooLarge: 'admin.pageSizeTooLarge' }).default(20),
  search: freeText().max(200, 'admin.searchTooLong').optional(),
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
