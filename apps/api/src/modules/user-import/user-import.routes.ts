import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { StartUserImportSchema, USER_IMPORT_LIMITS, UserImportJobSchema, UserImportParamsSchema, UserImportPreviewSchema, UserImportStatusSchema } from '@offerbook/domain/user-import'
import { contentDisposition } from '../../http/content-disposition'
import type { UploadMessages } from '../../http/multipart-upload'
import { readSingleFile } from '../../http/multipart-upload'
import { signedIn } from '../../http/signed-in'
import type { AdminDeps } from '../admin/admin-deps'
import type { RunContext } from './user-import.service'
import { buildReport, DEFAULT_LEASE_MS, getJob, previewImport, resumeInterruptedImports, startImport } from './user-import.service'
import { kindOf } from '../../db/client'
import { errors } from '../../http/api-errors'
import { routeOptions } from '../../http/route-options'

const access = PAGE_ROLES.superAdmin

const UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'userImport.fileTooLarge',
  notMultipart: 'userImport.fileNotMultipart',
  onlyOne: 'userImport.fileOnlyOne',
  missing: 'userImport.fileMissing',
}

/** /api/admin/user-imports: the CSV user import of /admin/import-users (issue #15), SUPER_ADMIN only. */
export const userImportRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, config }) => {
  let closing = false
  const ctx: RunContext = { db, publicUrl: config.publicUrl, log: app.log, stopping: () => closing }
  // Jobs run in this process after the answer. Closing the app stops them between two batches (each
  // gives its job back, and the next start goes on with it) and waits for that.
  const running = new Set<Promise<void>>()
  const track = (task: Promise<void>) => {
    running.add(task)
    void task.finally(() => running.delete(task))
  }
  // A job a killed process left running goes on: at start (on PGlite, where this process owns the
  // database, whatever its lease says), and on PostgreSQL whenever a lease runs out unrenewed.
  const resume = () =>
    resumeInterruptedImports(ctx).then(
      (runs) => runs.forEach(track),
      (error: unknown) => app.log.error({ err: error }, 'could not resume interrupted user imports'),
    )
  let sweep: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    track(resume())
    if (kindOf(db) !== 'pglite') {
      sweep = setInterval(() => track(resume()), DEFAULT_LEASE_MS / 2)
      sweep.unref()
    }
  })
  app.addHook('onClose', async () => {
    closing = true
    if (sweep) clearInterval(sweep)
    await Promise.allSettled([...running])
  })

  app.get(
    '/api/admin/user-imports/:id',
    routeOptions(access, 'admin', "A user import's progress and counts (poll it while the status is running)", {
      params: UserImportParamsSchema,
      response: { 200: UserImportJobSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      signedIn(request.user)
      return getJob(db, request.params.id)
    },
  )

  app.post(
    '/api/admin/user-imports/:id/start',
    routeOptions(access, 'admin', 'Import the valid rows of a previewed file as one background job; rows whose email exists update that user or are skipped', {
      params: UserImportParamsSchema,
      body: StartUserImportSchema,
      response: { 202: z.object({ id: z.uuid(), status: UserImportStatusSchema }), ...errors(400, 401, 403, 404, 409) },
    }),
    async (request, reply) => {
      const actor = signedIn(request.user)
      const { job, run } = await startImport(ctx, { actorId: actor.uid, id: request.params.id, onExisting: request.body.onExisting })
      reply.code(202).send({ id: job.id, status: job.status })
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(run))
      return reply
    },
  )

  app.get(
    '/api/admin/user-imports/:id/report',
    routeOptions(access, 'admin', "The file's rows as CSV with each row's outcome (created, updated, skipped, failed or invalid) and message", {
      params: UserImportParamsSchema,
      produces: ['text/csv'],
      response: { 200: z.any().describe('The report, text/csv'), ...errors(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      signedIn(request.user)
      const { filename, csv } = await buildReport(db, request.params.id)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(`\uFEFF${csv}`, 'utf8'))
    },
  )

  // Multipart is parsed in this scope only, so every other route still takes JSON alone.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: USER_IMPORT_LIMITS.fileMaxBytes, files: 1, fields: 0 } })
    upload.post(
      '/api/admin/user-imports',
      routeOptions(access, 'admin', 'Upload a CSV of users (multipart/form-data, one file field "file", at most 10 MB and 50,000 rows) and get its preview: counts, problems by line and column, the first 50 rows', {
        consumes: ['multipart/form-data'],
        response: { 201: UserImportPreviewSchema, ...errors(400, 401, 403, 413, 415) },
      }),
      async (request, reply) => {
        const actor = signedIn(request.user)
        const file = await readSingleFile(request, { field: 'file', messages: UPLOAD_MESSAGES, emptyIsMissing: true })
        return reply.code(201).send(await previewImport(db, { actorId: actor.uid, bytes: file.bytes, filename: file.filename }))
      },
    )
  })
}
