import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DeviceParamsSchema, DevicesSchema, SignedOutDevicesSchema } from '@offerbook/domain/devices'
import type { Db } from '../../db/client'
import { signedIn } from '../../http/signed-in'
import { listDevices, signOutDevice, signOutOtherDevices } from './devices.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type DevicesRoutesOptions = { db: Db }

/** app.ts hands this to the auth plugin, which sees every request's session first. */
export { recordSessionSeen } from './devices.service'

/** The signed-in devices of the caller: their sessions, named by session id; a token is never sent or taken. */
export const devicesRoutes: FastifyPluginAsyncZod<DevicesRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/sessions',
    routeOptions('signed-in', 'session', "The caller's signed-in devices (unexpired sessions), most recently active first; `current` marks this one", {
      response: { 200: DevicesSchema, ...errors(401) },
    }),
    async (request) => listDevices(db, { actor: signedIn(request.user), sessionId: request.sessionId }),
  )

  app.delete(
    '/api/sessions',
    routeOptions('signed-in', 'session', 'Sign out everywhere else: ends every session of the caller except the one making this call; answers how many ended', {
      response: { 200: SignedOutDevicesSchema, ...errors(401) },
    }),
    async (request) => signOutOtherDevices(db, { actor: signedIn(request.user), sessionId: request.sessionId }),
  )

  app.delete(
    '/api/sessions/:id',
    routeOptions('signed-in', 'session', "Signs one of the caller's devices out by its session id (the current one too, which signs this device out)", {
      params: DeviceParamsSchema,
      response: { 204: z.null(), ...errors(400, 401, 404) },
    }),
    async (request, reply) => {
      await signOutDevice(db, { actor: signedIn(request.user), sessionId: request.sessionId, id: request.params.id })
      return reply.code(204).send(null)
    },
  )
}
