import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'

/** Being built (Listings issue). */
export const listingImportRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage; mlsGrid: Config['mlsGrid'] }> = async () => {}
