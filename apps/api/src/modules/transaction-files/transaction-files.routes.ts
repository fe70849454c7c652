import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OFFER_LIMITS } from '@offerbook/domain/offer'
import {
  BrokerageRuleSchema,
  BrokerageRulesSchema,
  BrokerageRuleViewSchema,
  FileClosedSchema,
  FileDocumentViewSchema,
  FileReviewSchema,
  FileSideSchema,
  ReviewQueuePageSchema,
  ReviewQueueQuerySchema,
  TransactionFileViewSchema,
} from '@offerbook/domain/transaction-file-view'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { contentDisposition } from '../../http/content-disposition'
import { multipartUploadError } from '../../http/multipart-upload'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import type { UploadForm } from './transaction-files.service'
import { addRule, closeTransactionFile, getTransactionFile, listRules, openFileDocument, removeRule, reviewFileDocument, reviewQueue, uploadFileDocument } from './transaction-files.service'

export type TransactionFilesRoutesOptions = { db: Db; storage: FileStorage; publicUrl: string }

const FileParamsSchema = z.object({ offerId: z.string(), side: FileSideSchema })
const DocumentParamsSchema = FileParamsSchema.extend({ documentId: z.string() })
const RuleParamsSchema = z.object({ id: z.string() })

const UPLOAD_MESSAGES = { tooLarge: 'file.documentTooLarge', notMultipart: 'file.notMultipart', onlyOne: 'file.onlyOne' } as const
const FIELD_MAX = 200

/** The upload's form: the fields slotKey and kind, and one file in the field 'file'; anything else is refused. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: { slotKey: string | null; kind: string | null; file: UploadForm['file'] | null } = { slotKey: null, kind: null, file: null }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) throw new AppError('BAD_REQUEST', 'file.onlyOne')
        form.file = { bytes: await part.toBuffer(), filename: part.filename }
      } else if ((part.fieldname === 'slotKey' || part.fieldname === 'kind') && form[part.fieldname] === null) {
        form[part.fieldname] = String(part.value).trim().slice(0, FIELD_MAX)
      } else throw new AppError('BAD_REQUEST', 'file.onlyOne')
    }
  } catch (error) {
    throw multipartUploadError(error, UPLOAD_MESSAGES)
  }
  if (!form.file || form.file.bytes.length === 0) throw new AppError('BAD_REQUEST', 'file.documentMissing', { errors: [{ path: 'file', key: 'file.documentMissing' }] })
  return { slotKey: form.slotKey, kind: form.kind, file: form.file }
}

/**
 * The brokerage's file of a transaction (issue #35, decision 068). Any signed-in user may call; the
 * service answers 404 to whoever does not read the file, 403 to a reader whose role does not act.
 */
export const transactionFilesRoutes: FastifyPluginAsyncZod<TransactionFilesRoutesOptions> = async (app, { db, storage, publicUrl }) => {
  app.get(
    '/api/offers/:offerId/file/:side',
    routeOptions('signed-in', 'transaction-files', "A side's brokerage file of a transaction: its required documents (slots) with the documents filed in each, the automatic audit, and what the viewer may do. The side's agent, the principal broker of that agent's brokerage, and the agent's team leader", {
      params: FileParamsSchema,
      response: { 200: TransactionFileViewSchema, ...errors(400, 404) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await getTransactionFile(db, { viewer: signedIn(request.user), offerId: request.params.offerId, side: request.params.side })),
  )

  app.get(
    '/api/offers/:offerId/file/:side/documents/:documentId',
    routeOptions('signed-in', 'transaction-files', 'One document of the file, as an attachment, for whoever reads the file', {
      params: DocumentParamsSchema,
      response: { 200: z.any().describe('The bytes of the document, with its Content-Type and its name'), ...errors(400, 404) },
    }),
    async (request, reply) => {
      const file = await openFileDocument(db, storage, { viewer: signedIn(request.user), offerId: request.params.offerId, side: request.params.side, documentId: request.params.documentId })
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body)
    },
  )

  app.post(
    '/api/offers/:offerId/file/:side/documents/:documentId/review',
    routeOptions('signed-in', 'transaction-files', "The principal broker's (or team leader's) decision on a document: approve, or return with a note (required, at most 1,000 characters). The agent is told; the decision is on the offer record", {
      params: DocumentParamsSchema,
      body: FileReviewSchema,
      response: { 200: FileDocumentViewSchema, ...errors(400, 403, 404, 409) },
    }),
    async (request) => reviewFileDocument(db, { actor: signedIn(request.user), offerId: request.params.offerId, side: request.params.side, documentId: request.params.documentId, review: request.body, publicUrl }),
  )

  app.post(
    '/api/offers/:offerId/file/:side/close',
    routeOptions('signed-in', 'transaction-files', 'Closes the file in the brokerage: only when its audit is clean and every document is approved (409 file.notClean lists what stands in the way). On the offer record', {
      params: FileParamsSchema,
      response: { 200: FileClosedSchema, ...errors(403, 404, 409) },
    }),
    async (request) => closeTransactionFile(db, { actor: signedIn(request.user), offerId: request.params.offerId, side: request.params.side }),
  )

  app.get(
    '/api/review',
    routeOptions('signed-in', 'transaction-files', "The review queue: the files of the principal broker's agents (a team leader: his team's), contracts bound or closed, with their audit state; filtered by state and paged", {
      querystring: ReviewQueueQuerySchema,
      response: { 200: ReviewQueuePageSchema, ...errors(400, 403) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await reviewQueue(db, { actor: signedIn(request.user), query: request.query })),
  )

  app.get(
    '/api/brokerage/file-rules',
    routeOptions('signed-in', 'transaction-files', "The brokerage's own required documents (principal broker only)", { response: { 200: BrokerageRulesSchema, ...errors(403) } }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await listRules(db, { actor: signedIn(request.user) })),
  )

  app.post(
    '/api/brokerage/file-rules',
    routeOptions('signed-in', 'transaction-files', 'Adds a required document of the brokerage: for a side, some property types and a price range, each left open applying to all (principal broker only)', {
      body: BrokerageRuleSchema,
      response: { 201: BrokerageRuleViewSchema, ...errors(400, 403) },
    }),
    async (request, reply) => reply.code(201).send(await addRule(db, { actor: signedIn(request.user), rule: request.body })),
  )

  app.delete(
    '/api/brokerage/file-rules/:id',
    routeOptions('signed-in', 'transaction-files', 'Removes one of the brokerage’s required documents (principal broker only); the documents filed for it stay', {
      params: RuleParamsSchema,
      response: { 204: z.null().describe('Removed'), ...errors(403, 404) },
    }),
    async (request, reply) => {
      await removeRule(db, { actor: signedIn(request.user), id: request.params.id })
      return reply.code(204).send(null)
    },
  )

  // Multipart is parsed in this scope only, so every other route still takes JSON alone.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: OFFER_LIMITS.attachmentMaxBytes, files: 1, fields: 2 } })
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/offers/:offerId/file/:side/documents',
      routeOptions('signed-in', 'transaction-files', "The side's agent files a document in a slot of the file (multipart/form-data: fields slotKey and kind, one of the slot's accepts, and one file field 'file': PDF, PNG or JPEG, at most 20 MB). The same bytes already in the file: 409 file.duplicate. A returned document in the slot is superseded", {
        consumes: ['multipart/form-data'],
        params: FileParamsSchema,
        response: { 201: FileDocumentViewSchema, ...errors(400, 403, 404, 409, 413, 415) },
      }),
      async (request, reply) =>
        reply.code(201).send(await uploadFileDocument(db, storage, { actor: signedIn(request.user), offerId: request.params.offerId, side: request.params.side, readForm: () => readUploadForm(request) })),
    )
  })
}
