import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AnswerOfferSchema, OfferViewSchema } from '@offerbook/domain/offer'
import { CounterOfferSchema, HighestBestRequestSchema, HighestBestResultSchema, OpenBestRequestAnswerSchema } from '@offerbook/domain/offer-negotiation'
import { PAGE_ROLES, pageRoles } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { signedIn } from '../../http/signed-in'
import { openBestRequest } from './offers-best-request'
import { acceptCounter, askHighestAndBest, counterOffer, declineCounter, verifyPreApproval } from './offers-negotiation.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

/** Negotiation (decision 029): counter-offers, the buyer side's answers, highest and best, the pre-approval's verification. */

export type NegotiationRoutesOptions = { db: Db; storage?: FileStorage; publicUrl: string }

const OfferParamsSchema = z.object({ id: z.string() })
const OfferResponseSchema = z.object({ offer: OfferViewSchema })

export const negotiationRoutes: FastifyPluginAsyncZod<NegotiationRoutesOptions> = async (app, { db, storage, publicUrl }) => {
  // Sending a version makes its offer form (decision 036).
  const ctx = { publicUrl, ...(storage ? { storage } : {}), log: app.log }

  app.post(
    '/api/offers/:id/counter',
    {
      // The seller side counters from /my-properties, the buyer side counters back from /submitted-offers.
      config: { access: pageRoles('submittedOffers', 'myProperties') },
      schema: {
        tags: ['offers'],
        summary: "Send a counter-offer: the seller side on an open offer, or the buyer side on the seller side's counter; the changed terms become the next version",
        params: OfferParamsSchema,
        body: CounterOfferSchema,
        response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ offer: await counterOffer(db, ctx, { actor: signedIn(request.user), id: request.params.id, counter: request.body }) }),
  )

  app.post(
    '/api/offers/:id/counter/accept',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', "The buyer side accepts the seller side's counter-offer: the offer is accepted at that version's terms", {
      params: OfferParamsSchema,
      body: AnswerOfferSchema,
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await acceptCounter(db, ctx, { actor: signedIn(request.user), id: request.params.id, version: request.body.version }) }),
  )

  app.post(
    '/api/offers/:id/counter/decline',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', "The buyer side declines the seller side's counter-offer: the offer is declined", {
      params: OfferParamsSchema,
      body: AnswerOfferSchema,
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await declineCounter(db, ctx, { actor: signedIn(request.user), id: request.params.id, version: request.body.version }) }),
  )

  app.post(
    '/api/offers/:id/pre-approval/verify',
    routeOptions(PAGE_ROLES.myProperties, 'offers', "The seller side marks the offer's pre-approval letter verified", {
      params: OfferParamsSchema,
      response: { 200: OfferResponseSchema, ...errors(401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await verifyPreApproval(db, ctx, { actor: signedIn(request.user), id: request.params.id }) }),
  )

  app.post(
    '/api/listings/:id/highest-and-best',
    routeOptions(PAGE_ROLES.myProperties, 'offers', "The seller side asks the listing's open offers (all, or the chosen ones) for their highest and best by a deadline; every buyer side is told the same words at the same instant", {
      params: OfferParamsSchema,
      body: HighestBestRequestSchema,
      response: { 200: HighestBestResultSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => askHighestAndBest(db, ctx, { actor: signedIn(request.user), listingId: request.params.id, request: request.body }),
  )

  app.get(
    '/api/listings/:id/highest-and-best',
    routeOptions(PAGE_ROLES.myProperties, 'offers', "The seller side's highest-and-best request still open on the listing (deadline ahead), with which asked offers have answered since; null when none is open", {
      params: OfferParamsSchema,
      response: { 200: OpenBestRequestAnswerSchema, ...errors(401, 403, 404) },
    }),
    async (request) => ({ request: await openBestRequest(db, { actor: signedIn(request.user), listingId: request.params.id }) }),
  )
}
