import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FirebaseImportResultSchema, FirebaseImportSchema, IdentityCheckSchema, IdentityConfigSchema, LinkedAccountPageSchema } from '@offerbook/domain/identity'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { freeText } from '@offerbook/domain/validation'
import { ADMIN_PAGING } from '@offerbook/domain/paging'
import { signedIn } from '../../http/signed-in'
import type { AdminDeps } from '../admin/admin-deps'
import { checkProvider, identityConfig, importFirebaseUsers, listLinkedAccounts, unlinkAccount } from './identity.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

const LinkedAccountsQuerySchema = z.object({
  ...ADMIN_PAGING,
  search: freeText().max(200, 'identity.searchTooLong').optional(),
})

const AccountParamsSchema = z.object({ id: freeText().min(1).max(200) })

/** An export of 5,000 users with their hashes stays well under this. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024

/** The identity provider page (issue #15, /admin/firebase): SUPER_ADMIN only. */
export const identityRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, auth, config }) => {
  const access = PAGE_ROLES.superAdmin

  app.get(
    '/api/admin/identity',
    routeOptions(access, 'admin', 'The configured OpenID Connect provider and the callback URL to register there (never the secret)', {
      response: { 200: IdentityConfigSchema, ...errors(401, 403) },
    }),
    async () => identityConfig(config.oidc, config.publicUrl),
  )

  app.post(
    '/api/admin/identity/check',
    routeOptions(access, 'admin', "Fetch the provider's discovery document and signing keys now", { response: { 200: IdentityCheckSchema, ...errors(401, 403) } }),
    async () => checkProvider(config.oidc),
  )

  app.get(
    '/api/admin/identity/accounts',
    routeOptions(access, 'admin', 'Accounts linked to the identity provider, searching e-mail, name or subject', {
      querystring: LinkedAccountsQuerySchema,
      response: { 200: LinkedAccountPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => listLinkedAccounts(db, request.query),
  )

  app.delete(
    '/api/admin/identity/accounts/:id',
    routeOptions(access, 'admin', 'Unlink an account from the identity provider', {
      params: AccountParamsSchema,
      response: { 204: z.null().describe('Unlinked'), ...errors(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await unlinkAccount(db, { actorId: signedIn(request.user).uid, id: request.params.id })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/admin/identity/firebase-import',
    {
      config: { access },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Import the users of a Firebase Authentication export (firebase auth:export users.json)',
        body: FirebaseImportSchema,
        response: { 200: FirebaseImportResultSchema, ...errors(400, 401, 403, 413) },
      },
    },
    async (request) => importFirebaseUsers(db, auth, { actorId: signedIn(request.user).uid, input: request.body }),
  )
}
