import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AdminDeps } from '../admin/admin-deps'

export const userImportRoutes: FastifyPluginAsyncZod<AdminDeps> = async () => {}
