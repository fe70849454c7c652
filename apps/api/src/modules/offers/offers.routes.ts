import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AcceptOfferSchema, CreateOfferSchema, DeclineOfferSchema, MyOffersPageSchema, MyOffersQuerySchema, OFFER_MAKER_ROLES, OfferSummarySchema, OfferViewSchema, SaveOfferSchema, SendRevisionSchema, ShareOfferSchema } from '@offerbook/domain/offer'
import { DisputeClosingSchema, RecordClosingSchema } from '@offerbook/domain/offer-closing'
import { OptimizeResultSchema } from '@offerbook/domain/offer-scoring'
import type { Role } from '@offerbook/domain/roles'
import { hasAnyRole, PAGE_ROLES, pageRoles } from '@offerbook/domain/roles'
import { freeText } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { sendKept } from '../../http/kept-answer'
import { signedIn } from '../../http/signed-in'
import type { SimpleAction } from './offers-answers.service'
import { acceptOffer, actOnOffer } from './offers-answers.service'
import { confirmClosing, disputeClosing, recordClosing } from './offers-closing.service'
import { listListingOffers, listMyOffers, optimizeListingAnswer } from './offers-lists.service'
import { createOffer, deleteOffer, getOffer, saveOffer, sendRevision, shareOffer } from './offers.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type OffersRoutesOptions = { db: Db; storage?: FileStorage; publicUrl: string }

const OfferParamsSchema = z.object({ id: z.string() })
const TokenQuerySchema = z.object({ token: freeText().max(200).optional() })
const OfferResponseSchema = z.object({ offer: OfferViewSchema })
const ListingOffersSchema = z.object({ items: z.array(OfferSummarySchema) })
const OptimizeScreenSchema = z.object({ optimize: OptimizeResultSchema, offers: ListingOffersSchema })

/** The buyer side acts from /submitted-offers, the seller side from /my-properties; either side may terminate, and close (below). */
const ACTION_ACCESS: Record<SimpleAction, readonly Role[]> = {
  withdraw: PAGE_ROLES.submittedOffers,
  acknowledge: PAGE_ROLES.submittedOffers,
  decline: PAGE_ROLES.myProperties,
  terminate: pageRoles('submittedOffers', 'myProperties'),
}

const SIMPLE_ACTIONS: readonly { action: SimpleAction; summary: string }[] = [
  { action: 'withdraw', summary: 'The buyer side withdraws an active or back-up offer' },
  { action: 'decline', summary: 'The seller side declines an active or back-up offer' },
  { action: 'acknowledge', summary: 'The buyer side acknowledges receipt of the acceptance: stamps the Binding Agreement Date, from which the deadlines count' },
  { action: 'terminate', summary: 'Either side terminates the contract of an accepted offer' },
]

/** JSON already made (a kept answer spliced in): sent as its bytes, not serialized again; the compression plugin still applies. */
function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes)
}

export const offersRoutes: FastifyPluginAsyncZod<OffersRoutesOptions> = async (app, { db, storage, publicUrl }) => {
  // Sending a version makes its offer form (decision 036).
  const ctx = { publicUrl, ...(storage ? { storage } : {}), log: app.log }

  app.post(
    '/api/offers',
    {
      // Public so that an anonymous visitor hears the spec's words instead of the generic sign-in message.
      config: { access: 'public' },
      preValidation: async (request) => {
        if (!request.user) throw new AppError('UNAUTHORIZED', 'offer.loginRequired')
        if (!hasAnyRole(request.user.roles, OFFER_MAKER_ROLES)) throw new AppError('FORBIDDEN', 'request.forbidden')
      },
      schema: {
        tags: ['offers'],
        summary: "Start a draft offer on a listing that takes offers, prefilled from the listing and the maker's profile",
        // Public in config only for the message above: a caller without a token is refused.
        security: [{ bearer: [] }],
        body: CreateOfferSchema,
        response: { 201: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send({ offer: await createOffer(db, ctx, { actor: signedIn(request.user), listingId: request.body.listingId }) }),
  )

  app.get(
    '/api/offers/mine',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', "The buyer side's own offers on one tab, last changed first, with every tab's count", {
      querystring: MyOffersQuerySchema,
      response: { 200: MyOffersPageSchema, ...errors(400, 401) },
    }),
    async (request) => listMyOffers(db, { actor: signedIn(request.user), query: request.query }),
  )

  app.get(
    '/api/offers/:id',
    routeOptions('public', 'offers', 'One offer: to its buyer side, to the seller side once shared, or read-only to the holder of a valid share link (token)', {
      params: OfferParamsSchema,
      querystring: TokenQuerySchema,
      response: { 200: OfferResponseSchema, ...errors(400, 403, 404) },
    }),
    async (request) => ({ offer: await getOffer(db, ctx, { viewer: request.user, id: request.params.id, token: request.query.token }) }),
  )

  app.patch(
    '/api/offers/:id',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', "Save the whole terms (buyer side): a draft's, or the working copy of a shared offer, which nobody else sees until it is sent as a revision", {
      params: OfferParamsSchema,
      body: SaveOfferSchema,
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await saveOffer(db, ctx, { actor: signedIn(request.user), id: request.params.id, terms: request.body.terms }) }),
  )

  app.post(
    '/api/offers/:id/revisions',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', "Send the buyer side's revision of a shared offer (its terms, or the saved working copy), built on the version it names: the next version, told to the seller side; an expired offer sent with a new expiration is renewed", {
      params: OfferParamsSchema,
      body: SendRevisionSchema,
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await sendRevision(db, ctx, { actor: signedIn(request.user), id: request.params.id, version: request.body.version, terms: request.body.terms, confirmed: request.body.confirmed }) }),
  )

  app.delete(
    '/api/offers/:id',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', 'Delete a draft (buyer side); a shared offer is withdrawn instead', {
      params: OfferParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errors(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      await deleteOffer(db, { actor: signedIn(request.user), id: request.params.id })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/offers/:id/share',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', 'Share a complete draft: it becomes active, the listing agent gets an email with a link, the seller side is notified. A price or earnest money out of the money bounds must be listed in `confirmed`.', {
      params: OfferParamsSchema,
      body: ShareOfferSchema.nullish(),
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await shareOffer(db, ctx, { actor: signedIn(request.user), id: request.params.id, confirmed: request.body?.confirmed ?? [] }) }),
  )

  for (const { action, summary } of SIMPLE_ACTIONS) {
    app.post(
      `/api/offers/:id/${action}`,
      {
        config: { access: ACTION_ACCESS[action] },
        schema: {
          tags: ['offers'],
          summary,
          params: OfferParamsSchema,
          // Decline answers the offer: it names the version the seller side was looking at (decision 036).
          // It may say why; the buyer side reads the reason on its offer.
          ...(action === 'decline' ? { body: DeclineOfferSchema } : {}),
          response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const body = request.body as { version?: number; reason?: string } | undefined
        return {
          offer: await actOnOffer(db, ctx, {
            actor: signedIn(request.user),
            id: request.params.id,
            action,
            version: action === 'decline' ? body?.version : undefined,
            reason: action === 'decline' ? body?.reason : undefined,
          }),
        }
      },
    )
  }

  // Closing in two steps (decision 061): either side records, the other confirms or disputes.
  const closingRoles = pageRoles('submittedOffers', 'myProperties')
  app.post(
    '/api/offers/:id/closing/record',
    routeOptions(
      closingRoles,
      'offers',
      "Either side of an accepted, binding offer records the closing date (the property's calendar, not after today nor before the Binding Agreement Date) and the final price; a price more than 20 % from the contract's needs `confirmed`. The other side is asked to confirm.",
      { params: OfferParamsSchema, body: RecordClosingSchema, response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) } },
    ),
    async (request) => ({ offer: await recordClosing(db, ctx, { actor: signedIn(request.user), id: request.params.id, ...request.body }) }),
  )
  app.post(
    '/api/offers/:id/closing/confirm',
    routeOptions(closingRoles, 'offers', 'The side that did not record the closing confirms it: the offer is closed at the recorded figures, both sides are told and the listing is Closed', {
      params: OfferParamsSchema,
      response: { 200: OfferResponseSchema, ...errors(401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await confirmClosing(db, ctx, { actor: signedIn(request.user), id: request.params.id }) }),
  )
  app.post(
    '/api/offers/:id/closing/dispute',
    routeOptions(closingRoles, 'offers', 'The side that did not record the closing disputes it with a reason: the record is cleared and the side that made it is told', {
      params: OfferParamsSchema,
      body: DisputeClosingSchema,
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await disputeClosing(db, ctx, { actor: signedIn(request.user), id: request.params.id, reason: request.body.reason }) }),
  )

  app.post(
    '/api/offers/:id/accept',
    routeOptions(PAGE_ROLES.myProperties, 'offers', "The seller side accepts an offer; the listing's other open offers are declined or kept as back-ups, every buyer side told at the same time", {
      params: OfferParamsSchema,
      body: AcceptOfferSchema,
      response: { 200: OfferResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request) => ({ offer: await acceptOffer(db, ctx, { actor: signedIn(request.user), id: request.params.id, ...request.body }) }),
  )

  app.get(
    '/api/listings/:id/offers',
    routeOptions(PAGE_ROLES.myProperties, 'offers', 'The shared offers on a listing the caller manages, newest shared first', {
      params: OfferParamsSchema,
      response: { 200: ListingOffersSchema, ...errors(401, 403, 404) },
    }),
    async (request) => ({ items: await listListingOffers(db, { actor: signedIn(request.user), listingId: request.params.id }) }),
  )

  app.get(
    '/api/listings/:id/optimize',
    routeOptions(PAGE_ROLES.myProperties, 'offers', "The open offers on a listing the caller manages, ranked by the listing's weighting with every criterion's points", {
      params: OfferParamsSchema,
      response: { 200: OptimizeResultSchema, ...errors(401, 403, 404) },
    }),
    // Sent as the bytes kept with the ranking, compressed once when the client accepts it: no answer
    // serializes, encodes or compresses 200 offers again.
    async (request, reply) => sendKept(request, reply, await optimizeListingAnswer(db, { actor: signedIn(request.user), listingId: request.params.id })),
  )

  app.get(
    '/api/listings/:id/optimize/screen',
    routeOptions(PAGE_ROLES.myProperties, 'offers', "The optimize page's first screen in one answer: the ranking /optimize answers and every shared offer /offers answers, with the same access", {
      params: OfferParamsSchema,
      response: { 200: OptimizeScreenSchema, ...errors(401, 403, 404) },
    }),
    // The ranking's kept bytes are spliced in as they are: they are not serialized again.
    async (request, reply) => {
      const actor = signedIn(request.user)
      const ranking = await optimizeListingAnswer(db, { actor, listingId: request.params.id })
      const offers = ListingOffersSchema.parse({ items: await listListingOffers(db, { actor, listingId: request.params.id }) })
      return sendJsonBytes(reply, Buffer.from(`{"optimize":${ranking.bytes.toString('utf8')},"offers":${JSON.stringify(offers)}}`, 'utf8'))
    },
  )
}
