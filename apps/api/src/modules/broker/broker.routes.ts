import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { BrokerContractsPageSchema, BrokerContractsQuerySchema } from '@offerbook/domain/broker-contracts'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import { brokerContracts } from './broker.service'

/** A principal broker's read-only view of the brokerage's contracts (issue #34 item 6, decision 067). */
export const brokerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/broker/contracts',
    routeOptions(['PRINCIPAL_BROKER'], 'broker', "The brokerage's open contracts (accepted and bound) where one of its agents is the buyer agent or the listing agent, at-risk first, each with its missed and due-soon timeline items and its next one; read-only", {
      querystring: BrokerContractsQuerySchema,
      response: { 200: BrokerContractsPageSchema, ...errors(400) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await brokerContracts(db, { actor: signedIn(request.user), query: request.query })),
  )
}
