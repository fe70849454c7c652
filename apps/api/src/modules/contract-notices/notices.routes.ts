import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ContractNoticesSchema, DraftNoticeSchema, NoticeViewSchema } from '@offerbook/domain/contract-notices'
import { pageRoles } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import type { SigningContext } from '../signing/signing.service'
import { draftNotice, listNotices } from './notices.service'

export type NoticeRoutesOptions = { db: Db; ctx: SigningContext }

const OfferParams = z.object({ id: z.string() })
/** The parties of a contract act from their offer pages: the buyer side from /submitted-offers, the seller side from /my-properties. */
const PARTY_ROLES = pageRoles('submittedOffers', 'myProperties')

export const noticeRoutes: FastifyPluginAsyncZod<NoticeRoutesOptions> = async (app, { db, ctx }) => {
  app.get(
    '/api/offers/:id/notices',
    routeOptions(PARTY_ROLES, 'notices', "The contract's notices with their signing packets' states, the grounds the viewer's side may end it on, and who signs for that side", {
      params: OfferParams,
      response: { 200: ContractNoticesSchema, ...errors(401, 404) },
    }),
    async (request) => listNotices(db, { actor: signedIn(request.user), offerId: request.params.id }),
  )

  app.post(
    '/api/offers/:id/notices',
    routeOptions(PARTY_ROLES, 'notices', "Drafts a notice of the contract from a timeline item (or a termination) and sends it for signature to the sending side's signers only; delivered to the other side once signed", {
      params: OfferParams,
      body: DraftNoticeSchema,
      response: { 201: z.object({ notice: NoticeViewSchema }), ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const notice = await draftNotice(db, ctx, { actor: signedIn(request.user), offerId: request.params.id, notice: request.body, request: { ip: request.ip, userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null } })
      return reply.code(201).send({ notice })
    },
  )
}
