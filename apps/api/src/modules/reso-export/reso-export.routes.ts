import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ResoPropertyPageSchema, ResoPropertyQuerySchema } from '@offerbook/domain/integrations'
import { LISTING_MANAGER_ROLES } from '@offerbook/domain/listing'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import { readResoProperties } from './reso-export.service'

export type ResoExportRoutesOptions = { db: Db; publicUrl: string }

/** Listings in RESO shape (decision 080): API keys only, scope listings:read. */
export const resoExportRoutes: FastifyPluginAsyncZod<ResoExportRoutesOptions> = async (app, { db, publicUrl }) => {
  app.get(
    '/api/reso/Property',
    routeOptions(
      LISTING_MANAGER_ROLES,
      'integrations',
      "The key owner's listings as RESO Data Dictionary 2.0 Property records with Media expanded; $filter on ModificationTimestamp and StandardStatus, $top, $skip, $select. Compensation fields are never exported",
      { querystring: ResoPropertyQuerySchema, response: { 200: ResoPropertyPageSchema, ...errors(400, 401, 403, 429) } },
      { auth: 'key-only', keyScope: 'listings:read' },
    ),
    async (request) => readResoProperties(db, { actor: signedIn(request.user), query: request.query, publicUrl }),
  )
}
