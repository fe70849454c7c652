import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { LISTING_IMPORTER_ROLES } from '@offerbook/domain/listing'
import { ImportJobParamsSchema, ImportJobSchema, ImportPreviewSchema, ImportSourcesSchema, LISTING_IMPORT_LIMITS, StartImportSchema } from '@offerbook/domain/listing-import'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { UploadMessages } from '../../http/multipart-upload'
import { readSingleFile } from '../../http/multipart-upload'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import type { ImportContext } from './import-context'
import { checkFeed, getImportJob, getImportPreview, getImportSources, refuseUnlessAddListingEnabled, startImport, uploadResoFile } from './listing-import.service'
import type { MlsGridClient } from './mls-grid-client'
import { createMlsGridClient } from './mls-grid-client'
import { routeOptions } from '../../http/route-options'

export type ListingImportRoutesOptions = {
  db: Db
  storage: FileStorage
  mlsGrid: Config['mlsGrid']
  /** A client of one's own (another rate limit); by default one is made from `mlsGrid`. */
  feedClient?: MlsGridClient
  /** Let uploaded files name photos on private addresses (tests with a local photo server). */
  filePhotosFromPrivateHosts?: boolean
}

const FILE_FIELD = 'file'
const access = LISTING_IMPORTER_ROLES
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema }

const FILE_UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'listingImport.fileTooLarge',
  notMultipart: 'listingImport.fileNotMultipart',
  onlyOne: 'listingImport.fileOnlyOne',
  missing: 'listingImport.fileMissing',
}

/** /api/listing-import: importing an agent's listings from the MLS Grid feed or a RESO JSON file. */
export const listingImportRoutes: FastifyPluginAsyncZod<ListingImportRoutesOptions> = async (app, { db, storage, mlsGrid, feedClient, filePhotosFromPrivateHosts }) => {
  const client = feedClient ?? (mlsGrid ? createMlsGridClient({ url: mlsGrid.url, token: mlsGrid.token, originatingSystem: mlsGrid.originatingSystem }) : null)
  const ctx: ImportContext = {
    db,
    storage,
    feed: client ? { client, originatingSystem: mlsGrid?.originatingSystem ?? null } : null,
    log: app.log,
    filePhotosFromPrivateHosts: filePhotosFromPrivateHosts ?? false,
  }

  app.get(
    '/api/listing-import/sources',
    routeOptions(access, 'listing import', 'What the import can read from: the MLS feed (when configured, for your MLS ID) and RESO JSON files', {
      response: { 200: ImportSourcesSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
    }),
    async (request) => getImportSources(ctx, { actor: signedIn(request.user) }),
  )

  app.post(
    '/api/listing-import/jobs/from-feed',
    routeOptions(access, 'listing import', 'Ask the MLS feed for your listings (changed since your last import) and keep them in a new pending import', {
      response: { 200: ImportPreviewSchema, ...errors, 503: ApiErrorSchema },
    }),
    async (request) => checkFeed(ctx, { actor: signedIn(request.user) }),
  )

  app.get(
    '/api/listing-import/jobs/:id',
    routeOptions(access, 'listing import', "An import's progress and, once done, its report", {
      params: ImportJobParamsSchema,
      response: { 200: z.object({ job: ImportJobSchema }), ...errors },
    }),
    async (request) => ({ job: await getImportJob(ctx, { actor: signedIn(request.user), id: request.params.id }) }),
  )

  app.get(
    '/api/listing-import/jobs/:id/preview',
    routeOptions(access, 'listing import', 'The records of a pending import: what each would create, update, delete or skip, and how its fields map', {
      params: ImportJobParamsSchema,
      response: { 200: ImportPreviewSchema, ...errors },
    }),
    async (request) => getImportPreview(ctx, { actor: signedIn(request.user), id: request.params.id }),
  )

  app.post(
    '/api/listing-import/jobs/:id/start',
    routeOptions(access, 'listing import', 'Import the picked listings with the chosen visibility; the import runs in the background (poll GET /api/listing-import/jobs/{id})', {
      params: ImportJobParamsSchema,
      body: StartImportSchema,
      response: { 202: z.object({ job: ImportJobSchema }), ...errors },
    }),
    async (request, reply) => {
      const { job } = await startImport(ctx, { actor: signedIn(request.user), id: request.params.id, input: request.body })
      return reply.code(202).send({ job })
    },
  )

  // Multipart is parsed in this scope only, so every other route still takes JSON alone.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: LISTING_IMPORT_LIMITS.fileMaxBytes, files: 1, fields: 0 } })
    upload.post(
      '/api/listing-import/jobs/from-file',
      routeOptions(access, 'listing import', 'Upload a RESO JSON file (multipart/form-data, one file field "file", at most 10 MB): { "value": [ Property records ] } or an array', {
        consumes: ['multipart/form-data'],
        response: { 200: ImportPreviewSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
      }),
      async (request) => {
        const actor = signedIn(request.user)
        // Refused before the file is read.
        refuseUnlessAddListingEnabled(actor)
        return uploadResoFile(ctx, { actor, file: await readSingleFile(request, { field: FILE_FIELD, messages: FILE_UPLOAD_MESSAGES, emptyIsMissing: true }) })
      },
    )
  })
}
