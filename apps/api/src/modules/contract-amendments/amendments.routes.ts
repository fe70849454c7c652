import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AnswerRepairsSchema, ContractAmendmentsSchema, DraftAmendmentSchema, ProposeRepairsSchema } from '@offerbook/domain/contract-amendments'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import type { RequestInfo, SigningContext } from '../signing/signing.service'
import { answerRepairs, draftAmendment, getAmendments, proposeRepairs } from './amendments.service'

export type AmendmentRoutesOptions = { db: Db; ctx: SigningContext }

const OfferParamsSchema = z.object({ id: z.string() })
const ProposalParamsSchema = z.object({ id: z.string(), proposalId: z.string() })

const requestInfo = (request: FastifyRequest): RequestInfo => {
  const agent = request.headers['user-agent']
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null }
}

/** Who may call: any signed-in user; the service answers 404 to anyone who does not read the contract, 403 to a reader who is not a party (decision 066). */
const PARTIES = PAGE_ROLES.signedIn

export const amendmentRoutes: FastifyPluginAsyncZod<AmendmentRoutesOptions> = async (app, { db, ctx }) => {
  app.get(
    '/api/offers/:id/amendments',
    routeOptions(PARTIES, 'amendments', "The bound contract's amendments, newest first, each with its state (signing, signed, declined, expired, voided), its repair proposals, and what the viewer may do. The contract's parties and their teams", {
      params: OfferParamsSchema,
      response: { 200: ContractAmendmentsSchema, ...errors(404) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await getAmendments(db, { viewer: signedIn(request.user), offerId: request.params.id })),
  )

  app.post(
    '/api/offers/:id/amendments',
    routeOptions(PARTIES, 'amendments', "Drafts an amendment of the bound contract (a difference on its current terms), drawn as our own document and sent for both sides' signatures. Only the contract's buyer side or the listing's seller side; one amendment out for signature at a time", {
      params: OfferParamsSchema,
      body: DraftAmendmentSchema,
      response: { 201: ContractAmendmentsSchema, ...errors(400, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(await draftAmendment(db, ctx, { actor: signedIn(request.user), offerId: request.params.id, input: request.body, request: requestInfo(request) })),
  )

  app.post(
    '/api/offers/:id/repairs',
    routeOptions(PARTIES, 'amendments', "The buyer side's repair or replacement proposal during the resolution period; the seller side is asked to accept, counter or decline it", {
      params: OfferParamsSchema,
      body: ProposeRepairsSchema,
      response: { 201: ContractAmendmentsSchema, ...errors(400, 403, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(await proposeRepairs(db, ctx, { actor: signedIn(request.user), offerId: request.params.id, input: request.body })),
  )

  app.post(
    '/api/offers/:id/repairs/:proposalId/answer',
    routeOptions(PARTIES, 'amendments', 'The answer to a repair proposal by the side whose turn it is: accepted (the amendment with those repairs is drafted and sent for signature), countered (its own list back) or declined', {
      params: ProposalParamsSchema,
      body: AnswerRepairsSchema,
      response: { 200: ContractAmendmentsSchema, ...errors(400, 403, 404, 409) },
    }),
    async (request) => answerRepairs(db, ctx, { actor: signedIn(request.user), offerId: request.params.id, proposalId: request.params.proposalId, input: request.body, request: requestInfo(request) }),
  )
}
