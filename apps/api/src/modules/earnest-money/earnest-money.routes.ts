import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  DisbursementRequestInputSchema,
  EarnestMoneyViewSchema,
  HolderAttestRequestSchema,
  HolderLinkInputSchema,
  HolderPageSchema,
  HolderTokenSchema,
  ReleaseInputSchema,
  TrustLogPageSchema,
  TrustLogQuerySchema,
} from '@offerbook/domain/earnest-money'
import { pageRoles } from '@offerbook/domain/roles'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { contentDisposition } from '../../http/content-disposition'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import { attestReceipt, earnestMoneyOf, openHolderPage, openReceipt, recordDisbursementRequest, recordRelease, sendHolderLink } from './earnest-money.service'
import { trustLog, trustLogCsv, trustLogFilename, trustLogPdf } from './trust-log.service'

export type EarnestMoneyRoutesOptions = { db: Db; storage: FileStorage; publicUrl: string }

const OfferParams = z.object({ id: z.string() })
/** The contract's agents act from their offer pages: the buyer side from /submitted-offers, the seller side from /my-properties. */
const PARTY_ROLES = pageRoles('submittedOffers', 'myProperties')
/** The parties, and the principal broker whose trust log holds the contract (read-only). */
const READERS = [...PARTY_ROLES, 'PRINCIPAL_BROKER'] as const
const download = (description: string) => z.any().describe(description)

/** The earnest money trust record (issue #35 item 4, decision 070). */
export const earnestMoneyRoutes: FastifyPluginAsyncZod<EarnestMoneyRoutesOptions> = async (app, { db, storage, publicUrl }) => {
  const ctx = { publicUrl, storage }

  app.get(
    '/api/offers/:id/earnest-money',
    routeOptions(READERS, 'earnest money', "The contract's earnest money: the holder it names, the links sent to the holder, the receipt, the written request to disburse with its 21-day clock, and the release", {
      params: OfferParams,
      response: { 200: EarnestMoneyViewSchema, ...errors(404) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await earnestMoneyOf(db, { actor: signedIn(request.user), offerId: request.params.id })),
  )

  app.get(
    '/api/offers/:id/earnest-money/receipt',
    routeOptions(READERS, 'earnest money', "The holder's receipt of the earnest money (PDF)", { params: OfferParams, response: { 200: download('The PDF'), ...errors(404) } }),
    async (request, reply) => {
      const { file, filename } = await openReceipt(db, storage, { actor: signedIn(request.user), offerId: request.params.id })
      return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(filename)).header('cache-control', 'private, no-store').send(file.body)
    },
  )

  app.post(
    '/api/offers/:id/earnest-money/holder-link',
    routeOptions(PARTY_ROLES, 'earnest money', 'Emails the holder named in the contract a single-use link to attest receipt of the earnest money; a newer link replaces the open one', {
      params: OfferParams,
      body: HolderLinkInputSchema,
      response: { 201: EarnestMoneyViewSchema, ...errors(400, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(await sendHolderLink(db, ctx, { actor: signedIn(request.user), offerId: request.params.id, input: request.body })),
  )

  app.post(
    '/api/offers/:id/earnest-money/request',
    routeOptions(PARTY_ROLES, 'earnest money', 'Records a written request to disburse the earnest money: its date, who made it and the payee asked for. The 21-day clock starts', {
      params: OfferParams,
      body: DisbursementRequestInputSchema,
      response: { 200: EarnestMoneyViewSchema, ...errors(400, 404, 409) },
    }),
    async (request) => recordDisbursementRequest(db, { actor: signedIn(request.user), offerId: request.params.id, input: request.body }),
  )

  app.post(
    '/api/offers/:id/earnest-money/release',
    routeOptions(PARTY_ROLES, 'earnest money', 'Records the release of the earnest money (mutual release, closing or interpleader): date, payee and amount. The clock stops', {
      params: OfferParams,
      body: ReleaseInputSchema,
      response: { 200: EarnestMoneyViewSchema, ...errors(400, 404, 409) },
    }),
    async (request) => recordRelease(db, { actor: signedIn(request.user), offerId: request.params.id, input: request.body }),
  )

  // The holder, by the token of the emailed link (public; never 401 or 403).
  app.post(
    '/api/earnest-money/holder/open',
    routeOptions('public', 'earnest money', "What the holder's link opens: the contract's address, parties, the amount due and the holder named", {
      operationId: 'openEarnestMoneyHolderLink',
      body: HolderTokenSchema,
      response: { 200: HolderPageSchema, ...errors(400, 404, 409) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await openHolderPage(db, { token: request.body.token })),
  )

  app.post(
    '/api/earnest-money/holder/attest',
    routeOptions('public', 'earnest money', 'The holder attests receipt of the earnest money (amount, date, method); the link is used up, the receipt filed and the trust log written', {
      operationId: 'attestEarnestMoneyReceipt',
      body: HolderAttestRequestSchema,
      response: { 201: z.object({ amount: z.number(), receivedOn: z.string() }), ...errors(400, 404, 409) },
    }),
    async (request, reply) => reply.code(201).send(await attestReceipt(db, ctx, { token: request.body.token, attestation: request.body.attestation })),
  )

  app.get(
    '/api/broker/trust-log',
    routeOptions(['PRINCIPAL_BROKER'], 'earnest money', "The brokerage's trust log: the earnest money of its agents' contracts (T.C.A. 62-13-321 fields) with each disbursement clock, newest deposit first", {
      querystring: TrustLogQuerySchema,
      response: { 200: TrustLogPageSchema, ...errors(400) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await trustLog(db, { actor: signedIn(request.user), query: request.query })),
  )

  app.get(
    '/api/broker/trust-log.csv',
    routeOptions(['PRINCIPAL_BROKER'], 'earnest money', "The brokerage's whole trust log as CSV", { response: { 200: download('CSV, UTF-8 with a byte-order mark') } }),
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(trustLogFilename('csv')))
        .header('cache-control', 'private, no-store')
        .send(await trustLogCsv(db, { actor: signedIn(request.user) })),
  )

  app.get(
    '/api/broker/trust-log.pdf',
    routeOptions(['PRINCIPAL_BROKER'], 'earnest money', "The brokerage's whole trust log as PDF, for an audit", { response: { 200: download('The PDF') } }),
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(trustLogFilename('pdf')))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(await trustLogPdf(db, { actor: signedIn(request.user) }))),
  )
}
