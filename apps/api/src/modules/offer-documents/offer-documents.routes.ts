import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { OFFER_LIMITS, OfferAttachmentSchema } from '@offerbook/domain/offer'
import { freeText } from '@offerbook/domain/validation'
import type { Db } from '../../db/client'
import type { UploadMessages } from '../../http/multipart-upload'
import { readSingleFile } from '../../http/multipart-upload'
import { contentDisposition } from '../../http/content-disposition'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import type { CleanupLog } from '../files/files.service'
import { generateOfferForms, openOfferAttachment, previewAgreement, removeOfferAttachment, UPLOAD_KINDS, uploadOfferAttachment } from './offer-documents.service'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

export type OfferDocumentsRoutesOptions = { db: Db; storage: FileStorage }

const OfferParamsSchema = z.object({ id: z.string() })
const AttachmentParamsSchema = z.object({ id: z.string(), attachmentId: z.string() })
const UploadQuerySchema = z.object({ kind: z.enum(UPLOAD_KINDS).default('attachment') })
const TokenQuerySchema = z.object({ token: freeText().max(200).optional() })
const AttachmentResponseSchema = z.object({ attachment: OfferAttachmentSchema })
const AgreementQuerySchema = TokenQuerySchema.extend({
  version: z.coerce.number({ error: 'offer.versionRequired' }).int('offer.versionRequired').min(1, 'offer.versionRequired').max(1_000_000, 'offer.versionRequired').optional(),
})

const FILE_FIELD = 'file'
const UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'offer.attachmentTooLarge',
  notMultipart: 'offer.attachmentNotMultipart',
  onlyOne: 'offer.attachmentOnlyOne',
  missing: 'offer.attachmentMissing',
}

function cleanupLog(request: FastifyRequest): CleanupLog {
  return (error, key) => request.log.warn({ err: error, key }, 'could not remove an offer file from the file storage')
}

export const offerDocumentsRoutes: FastifyPluginAsyncZod<OfferDocumentsRoutesOptions> = async (app, { db, storage }) => {
  app.delete(
    '/api/offers/:id/attachments/:attachmentId',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', "Remove one of an offer's files (buyer side; draft or active; not the offer form once the offer was shared)", {
      params: AttachmentParamsSchema,
      response: { 204: z.null().describe('Removed'), ...errors(401, 403, 404, 409) },
    }),
    async (request, reply) => {
      await removeOfferAttachment(db, storage, { actor: signedIn(request.user), offerId: request.params.id, attachmentId: request.params.attachmentId, onCleanupError: cleanupLog(request) })
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/offers/:id/attachments/:attachmentId',
    routeOptions('public', 'offers', "One of an offer's files, for its buyer side, its seller side once shared, or the holder of a valid share link (?token=)", {
      params: AttachmentParamsSchema,
      querystring: TokenQuerySchema,
      // A stream is sent as it is; the schema only documents the answer.
      response: { 200: z.any().describe('The bytes of the file, with its Content-Type and its name'), ...errors(403, 404) },
    }),
    async (request, reply) => {
      const file = await openOfferAttachment(db, storage, { viewer: request.user, offerId: request.params.id, attachmentId: request.params.attachmentId, token: request.query.token ?? null })
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body)
    },
  )

  app.get(
    '/api/offers/:id/agreement',
    routeOptions('public', 'offers', "The purchase and sale agreement of one version of an offer (PDF, the one 'Send for signature' sends for it), for its buyer side, its seller side once shared, or the holder of a valid share link (?token=); without ?version=, the offer as it is now", {
      params: OfferParamsSchema,
      querystring: AgreementQuerySchema,
      response: { 200: z.any().describe('The PDF, shown in the browser'), ...errors(400, 403, 404) },
    }),
    async (request, reply) => {
      const { version, token } = request.query
      const file = await previewAgreement(db, { viewer: request.user, offerId: request.params.id, version, token: token ?? null })
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(file.filename, 'inline'))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.pdf)
    },
  )

  app.post(
    '/api/offers/:id/forms',
    routeOptions(PAGE_ROLES.submittedOffers, 'offers', 'Generate the offer form (the purchase and sale agreement PDF, with the RF707 addendum when there is one) from the saved terms; it replaces the previous one', {
      params: OfferParamsSchema,
      response: { 201: AttachmentResponseSchema, ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const attachment = await generateOfferForms(db, storage, { actor: signedIn(request.user), offerId: request.params.id, onCleanupError: cleanupLog(request) })
      return reply.code(201).send({ attachment })
    },
  )

  // Multipart is parsed in this scope only, so every other route still takes JSON alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: OFFER_LIMITS.attachmentMaxBytes, files: 1, fields: 0 } })
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/offers/:id/attachments',
      routeOptions(PAGE_ROLES.submittedOffers, 'offers', 'Attach a file to an offer (multipart/form-data, one file field "file": PDF, JPEG or PNG, at most 20 MB; at most 20 per offer). kind=pre-approval replaces the previous pre-approval letter', {
        consumes: ['multipart/form-data'],
        params: OfferParamsSchema,
        querystring: UploadQuerySchema,
        response: { 201: AttachmentResponseSchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
      }),
      async (request, reply) => {
        const attachment = await uploadOfferAttachment(db, storage, {
          actor: signedIn(request.user),
          offerId: request.params.id,
          kind: request.query.kind,
          readFile: () => readSingleFile(request, { field: FILE_FIELD, messages: UPLOAD_MESSAGES, emptyIsMissing: true }),
          onCleanupError: cleanupLog(request),
        })
        return reply.code(201).send({ attachment })
      },
    )
  })
}
