import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AdminDeps } from '../admin/admin-deps'

export const adminUsersRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {}
