import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { SealingStatusSchema } from '@offerbook/domain/sealing'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { routeOptions } from '../../http/route-options'
import { getSealingStatus } from './sealing-admin.service'
import type { SigningContext } from './signing.service'

/** /api/admin/sealing: the document seal's certificate, chain, timestamp authorities and levels reached (issue #32), for super admins. */
export const sealingAdminRoutes: FastifyPluginAsyncZod<{ db: Db; ctx: SigningContext }> = async (app, { db, ctx }) => {
  app.get(
    '/api/admin/sealing',
    routeOptions(
      PAGE_ROLES.superAdmin,
      'admin',
      'The document seal: the sealing certificate (subject, issuer, serial, SHA-256 fingerprint, validity, self-signed or not) and its chain with their CRL distribution points, each timestamp authority of SIGNING_TSA_URL with its last answer, and the sealed packets per PAdES level with those due for the archive step',
      { response: { 200: SealingStatusSchema, 401: ApiErrorSchema, 403: ApiErrorSchema } },
    ),
    async () => getSealingStatus(db, ctx),
  )
}
