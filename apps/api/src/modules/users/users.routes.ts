import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { UiModeSchema } from '@offerbook/domain/ui-mode'
import { LanguageSchema, UserSchema } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { changeLanguage, changeUiMode } from './users.service'
import { routeOptions } from '../../http/route-options'

const MeSchema = z.object({ user: UserSchema })
const ChangeLanguageSchema = z.object({ language: LanguageSchema })
const ChangeUiModeSchema = z.object({ uiMode: UiModeSchema })

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/me',
    routeOptions('signed-in', 'me', 'The signed-in user', { response: { 200: MeSchema, 401: ApiErrorSchema } }),
    async (request) => ({ user: signedIn(request.user) }),
  )

  app.put(
    '/api/me/language',
    routeOptions('signed-in', 'me', "Change the signed-in user's language", {
      body: ChangeLanguageSchema,
      response: { 200: MeSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
    }),
    async (request) => ({ user: await changeLanguage(db, { actor: signedIn(request.user), language: request.body.language }) }),
  )

  app.put(
    '/api/me/ui-mode',
    routeOptions('signed-in', 'me', "Change the signed-in user's UI mode: the interface ordered for buying or for selling", {
      operationId: 'changeUiMode',
      body: ChangeUiModeSchema,
      response: { 200: MeSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
    }),
    async (request) => ({ user: await changeUiMode(db, { actor: signedIn(request.user), uiMode: request.body.uiMode }) }),
  )
}
