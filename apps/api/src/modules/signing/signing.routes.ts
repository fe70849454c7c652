import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageRoles } from '@offerbook/domain/roles'
import {
  ConsentSchema,
  FinishSigningSchema,
  OfferSigningSchema,
  PacketViewSchema,
  ReasonSchema,
  SendFormPacketSchema,
  SendOfferPacketSchema,
  SignerViewSchema,
  SIGNING_LIMITS,
  VerifyCodeSchema,
  VerifyHashSchema,
  VerifyResultSchema,
} from '@offerbook/domain/signing'
import { freeText } from '@offerbook/domain/validation'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { UploadMessages } from '../../http/multipart-upload'
import { readSingleFile } from '../../http/multipart-upload'
import { signedIn } from '../../http/signed-in'
import { requestedRange, sendPdfFile } from '../../http/byte-range'
import { consent, declineSigning, finishSigning, openSignerFile, openSignerView, sendCode, verifyCode } from './signer.service'
import type { RequestInfo, SigningContext } from './signing.service'
import { getOfferSigning, getPacket, openPacketFile, remindPacket, voidPacket } from './signing.service'
import { deleteDraftPacket, sendFormPacket, sendOfferPacket, uploadFormDocument } from './signing-send.service'
import { verifyFile, verifyHash } from './verify.service'
import type { AddressLimits } from '../../plugins/rate-limit-store'
import { addressLimit, DEFAULT_ADDRESS_LIMITS } from '../../plugins/rate-limit-store'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type SigningRoutesOptions = { db: Db; ctx: SigningContext; addressLimits?: Pick<AddressLimits, 'verifyUploads' | 'verifyLookups'> }

const OfferParams = z.object({ id: z.string() })
const PacketParams = z.object({ packetId: z.string() })
const SignerParams = z.object({ signerId: z.string() })
// No length limit here: any token that opens nothing is the link's 404 (signerByToken), never a 400.
const TokenQuery = z.object({ token: freeText().optional() })
const PacketResponse = z.object({ packet: PacketViewSchema })

/** The signing panel is on both offer pages: /submitted-offers/update/{id} and /my-properties/{id}/offers/{offerId}. */
const OFFER_PARTY_ROLES = pageRoles('submittedOffers', 'myProperties')

const UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'signing.fileTooLarge',
  notMultipart: 'signing.fileNotMultipart',
  onlyOne: 'signing.fileOnlyOne',
  missing: 'signing.fileMissing',
}

function requestInfo(request: FastifyRequest): RequestInfo {
  const agent = request.headers['user-agent']
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null }
}

/** A signer's token: the x-signing-token header, or ?token= on links that download. */
function tokenOf(request: Pick<FastifyRequest, 'headers'> & { query: { token?: string | undefined } }): string | null {
  const header = request.headers['x-signing-token']
  if (typeof header === 'string' && header) return header
  return request.query.token ?? null
}

const PDF_ANSWER = {
  200: z.any().describe('The PDF'),
  206: z.any().describe('The bytes of the PDF that the Range header asked for (bytes=start-end), with Content-Range'),
  416: z.null().describe('The Range asked for starts past the end of the PDF'),
}
/** The signer's link token; /api/verify needs none (security: []). */
const SIGNER_SECURITY = [{ signingToken: [] }]

export const signingRoutes: FastifyPluginAsyncZod<SigningRoutesOptions> = async (app, { db, ctx, addressLimits = DEFAULT_ADDRESS_LIMITS }) => {
  // -------------------------------------------------------------------------------------------
  // The parties of the offer

  app.get(
    '/api/offers/:id/signing',
    routeOptions(OFFER_PARTY_ROLES, 'signing', "The offer's signing packets, and whether the viewer may send the offer for signature", { params: OfferParams, response: { 200: OfferSigningSchema, ...errors(401, 404) } }),
    async (request) => getOfferSigning(db, ctx, { actor: signedIn(request.user), offerId: request.params.id }),
  )

  app.post(
    '/api/offers/:id/signing',
    routeOptions(OFFER_PARTY_ROLES, 'signing', "'Send for signature': the accepted offer's purchase and sale agreement (with its RF707 pages) and the chosen attachments, to the signers given; fields placed automatically", {
      params: OfferParams,
      body: SendOfferPacketSchema,
      response: { 201: PacketResponse, ...errors(400, 401, 404, 409) },
    }),
    async (request, reply) => {
      const packet = await sendOfferPacket(db, ctx, { actor: signedIn(request.user), offerId: request.params.id, input: request.body, request: requestInfo(request) })
      return reply.code(201).send({ packet })
    },
  )

  app.get(
    '/api/signing/packets/:packetId',
    { config: { access: OFFER_PARTY_ROLES }, schema: { tags: ['signing'], summary: 'One packet, for the parties of its offer', params: PacketParams, response: { 200: PacketResponse, ...errors(401, 404) } } },
    async (request) => ({ packet: await getPacket(db, { actor: signedIn(request.user), packetId: request.params.packetId }) }),
  )

  for (const which of ['original', 'signed'] as const) {
    app.get(
      `/api/signing/packets/:packetId/${which}`,
      routeOptions(OFFER_PARTY_ROLES, 'signing', which === 'original' ? "The packet's PDF before signing (the preview fields are placed on)" : 'The signed, sealed PDF with its Certificate of Completion (completed packets)', {
        params: PacketParams,
        response: { ...PDF_ANSWER, ...errors(401, 404, 409) },
      }),
      async (request, reply) => {
        const range = requestedRange(request.headers.range)
        return sendPdfFile(reply, await openPacketFile(db, ctx.storage, { actor: signedIn(request.user), packetId: request.params.packetId, which, range }), range)
      },
    )
  }

  app.post(
    '/api/signing/packets/:packetId/send',
    routeOptions(OFFER_PARTY_ROLES, 'signing', 'Send a draft form document to its signers with the fields placed on its pages', { params: PacketParams, body: SendFormPacketSchema, response: { 200: PacketResponse, ...errors(400, 401, 404, 409) } }),
    async (request) => ({ packet: await sendFormPacket(db, ctx, { actor: signedIn(request.user), packetId: request.params.packetId, input: request.body, request: requestInfo(request) }) }),
  )

  app.delete(
    '/api/signing/packets/:packetId',
    { config: { access: OFFER_PARTY_ROLES }, schema: { tags: ['signing'], summary: 'Delete a form document that was never sent', params: PacketParams, response: { 204: z.null().describe('Deleted'), ...errors(401, 404, 409) } } },
    async (request, reply) => {
      await deleteDraftPacket(db, ctx, { actor: signedIn(request.user), packetId: request.params.packetId })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/signing/packets/:packetId/remind',
    routeOptions(OFFER_PARTY_ROLES, 'signing', 'Remind the signers whose turn it is (email, and SMS with a phone); once an hour', { params: PacketParams, response: { 200: PacketResponse, ...errors(401, 404, 409, 429) } }),
    async (request) => ({ packet: await remindPacket(db, ctx, { actor: signedIn(request.user), packetId: request.params.packetId, request: requestInfo(request) }) }),
  )

  app.post(
    '/api/signing/packets/:packetId/void',
    routeOptions(OFFER_PARTY_ROLES, 'signing', 'Void a packet out for signature, with a reason; everyone is told', { params: PacketParams, body: ReasonSchema, response: { 200: PacketResponse, ...errors(400, 401, 404, 409) } }),
    async (request) => ({ packet: await voidPacket(db, ctx, { actor: signedIn(request.user), packetId: request.params.packetId, reason: request.body.reason, request: requestInfo(request) }) }),
  )

  // -------------------------------------------------------------------------------------------
  // Signers, by the token of their link (public; never 401 or 403)

  const signerRoute = { config: { access: 'public' as const } }

  app.get(
    '/api/signing/signers/:signerId',
    { ...signerRoute, schema: { tags: ['signing'], summary: "What a signer's link opens (token in x-signing-token or ?token=)", security: SIGNER_SECURITY, params: SignerParams, querystring: TokenQuery, response: { 200: SignerViewSchema, ...errors(404) } } },
    async (request) => openSignerView(db, { signerId: request.params.signerId, token: tokenOf(request), request: requestInfo(request) }),
  )

  for (const which of ['document', 'signed'] as const) {
    app.get(
      `/api/signing/signers/:signerId/${which}`,
      {
        ...signerRoute,
        schema: {
          tags: ['signing'],
          summary: which === 'document' ? "The packet's PDF as sent, for the signer's pages" : 'The signed, sealed PDF, once every signer signed',
          security: SIGNER_SECURITY,
          params: SignerParams,
          querystring: TokenQuery,
          response: { ...PDF_ANSWER, ...errors(404, 409) },
        },
      },
      async (request, reply) => {
        const range = requestedRange(request.headers.range)
        return sendPdfFile(reply, await openSignerFile(db, ctx.storage, { signerId: request.params.signerId, token: tokenOf(request), which: which === 'document' ? 'original' : 'signed', range }), range)
      },
    )
  }

  app.post(
    '/api/signing/signers/:signerId/code',
    { ...signerRoute, schema: { tags: ['signing'], summary: "Text a signing code to the signer's phone (packets that require one)", security: SIGNER_SECURITY, params: SignerParams, querystring: TokenQuery, response: { 204: z.null(), ...errors(400, 404, 409, 429) } } },
    async (request, reply) => {
      await sendCode(db, { signerId: request.params.signerId, token: tokenOf(request), request: requestInfo(request) })
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/signing/signers/:signerId/code/verify',
    { ...signerRoute, schema: { tags: ['signing'], summary: 'Check the texted code', security: SIGNER_SECURITY, params: SignerParams, querystring: TokenQuery, body: VerifyCodeSchema, response: { 200: SignerViewSchema, ...errors(400, 404, 409, 429) } } },
    async (request) => verifyCode(db, { signerId: request.params.signerId, token: tokenOf(request), code: request.body.code, request: requestInfo(request) }),
  )

  app.post(
    '/api/signing/signers/:signerId/consent',
    { ...signerRoute, schema: { tags: ['signing'], summary: 'Consent to electronic records and signatures (ESIGN disclosure)', security: SIGNER_SECURITY, params: SignerParams, querystring: TokenQuery, body: ConsentSchema, response: { 200: SignerViewSchema, ...errors(400, 404, 409) } } },
    async (request) => consent(db, { signerId: request.params.signerId, token: tokenOf(request), version: request.body.version, request: requestInfo(request) }),
  )

  // Two PNG data URLs of up to 1 MB each, and the text values: more than the app's 1 MB default.
  app.post(
    '/api/signing/signers/:signerId/finish',
    {
      ...signerRoute,
      bodyLimit: 3 * 1024 * 1024 + 64 * 1024,
      schema: { tags: ['signing'], summary: "Sign: the adopted signature and initials fill the signer's fields; text fields take the values given", security: SIGNER_SECURITY, params: SignerParams, querystring: TokenQuery, body: FinishSigningSchema, response: { 200: SignerViewSchema, ...errors(400, 404, 409, 413) } },
    },
    async (request) => finishSigning(db, ctx, { signerId: request.params.signerId, token: tokenOf(request), input: request.body, request: requestInfo(request) }),
  )

  app.post(
    '/api/signing/signers/:signerId/decline',
    { ...signerRoute, schema: { tags: ['signing'], summary: 'Decline to sign, with a reason; the sender and the other signers are told', security: SIGNER_SECURITY, params: SignerParams, querystring: TokenQuery, body: ReasonSchema, response: { 200: SignerViewSchema, ...errors(400, 404, 409) } } },
    async (request) => declineSigning(db, ctx, { signerId: request.params.signerId, token: tokenOf(request), reason: request.body.reason, request: requestInfo(request) }),
  )

  // -------------------------------------------------------------------------------------------
  // Uploads: multipart in this scope only

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SIGNING_LIMITS.documentMaxBytes, files: 1, fields: 0 } })
    const typed = scope.withTypeProvider<ZodTypeProvider>()

    typed.post(
      '/api/offers/:id/signing/documents',
      routeOptions(OFFER_PARTY_ROLES, 'signing', 'Upload a form document (multipart/form-data, field "file": a PDF of at most 25 MB) to the accepted offer: a draft packet whose fields are placed next', {
        consumes: ['multipart/form-data'],
        params: OfferParams,
        response: { 201: PacketResponse, ...errors(400, 401, 404, 409, 413, 415) },
      }),
      async (request, reply) => {
        const packet = await uploadFormDocument(db, ctx, {
          actor: signedIn(request.user),
          offerId: request.params.id,
          readFile: () => readSingleFile(request, { field: 'file', messages: UPLOAD_MESSAGES, emptyIsMissing: true }),
          request: requestInfo(request),
        })
        return reply.code(201).send({ packet })
      },
    )

    typed.post(
      '/api/verify',
      {
        config: { access: 'public' },
        schema: {
          tags: ['signing'],
          summary:
            'Check a PDF against the documents signed here: multipart/form-data with a field "file" (at most 25 MB), or JSON {"sha256": "<64 hex>"}. intact: an exact match, with who signed and when; changed: it carries our seal but was changed after signing; unknown: nothing more is said',
          security: [],
          consumes: ['application/json', 'multipart/form-data'],
          response: { 200: VerifyResultSchema, ...errors(400, 413, 415, 429) },
        },
        // Per client address, before a file is read: uploads and look-ups each have their own limit.
        preHandler: async (request) => {
          const upload = request.isMultipart()
          await addressLimit(db, upload ? 'verifyUploads' : 'verifyLookups', upload ? addressLimits.verifyUploads : addressLimits.verifyLookups, upload ? 'signing.verifyTooManyUploads' : 'signing.verifyTooManyLookups')(request)
        },
      },
      async (request) => {
        if (request.isMultipart()) {
          const file = await readSingleFile(request, { field: 'file', messages: UPLOAD_MESSAGES, emptyIsMissing: true })
          return verifyFile(db, file.bytes)
        }
        const parsed = VerifyHashSchema.safeParse(request.body)
        if (!parsed.success) {
          const key = request.body && typeof request.body === 'object' && 'sha256' in request.body ? 'signing.sha256Invalid' : 'signing.verifyNeedsInput'
          throw new AppError('BAD_REQUEST', key, { errors: [{ path: 'sha256', key }] })
        }
        return verifyHash(db, parsed.data.sha256)
      },
    )
  })
}
