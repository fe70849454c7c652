import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'

/** Being built (Listings issue). */
export const listingsRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage; publicUrl: string }> = async () => {}
