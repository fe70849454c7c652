import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BrokerageExportParamsSchema, BrokerageExportSchema, BrokerageExportStartSchema } from '@offerbook/domain/brokerage-export'
import type { Db } from '../../db/client'
import { errors } from '../../http/api-errors'
import { contentDisposition } from '../../http/content-disposition'
import { routeOptions } from '../../http/route-options'
import { signedIn } from '../../http/signed-in'
import type { FileStorage } from '../../storage/storage'
import { getExport, listExports, openExportDownload, startExport } from './brokerage-export.service'

const BROKERS = ['PRINCIPAL_BROKER'] as const

/** A principal broker's exports of the brokerage's files for TREC (issue #35 item 5, decision 071). */
export const brokerageExportRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  app.post(
    '/api/brokerage/exports',
    routeOptions([...BROKERS], 'brokerage', "Starts an export of the brokerage's files (all, or a period's) as one ZIP; one at a time", {
      body: BrokerageExportStartSchema,
      response: { 202: BrokerageExportSchema, ...errors(400, 409) },
    }),
    async (request, reply) => reply.code(202).header('cache-control', 'private, no-store').send(await startExport(db, { viewer: signedIn(request.user), period: request.body })),
  )

  app.get(
    '/api/brokerage/exports',
    routeOptions([...BROKERS], 'brokerage', "The broker's newest exports", {
      response: { 200: z.object({ items: z.array(BrokerageExportSchema) }) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await listExports(db, { viewer: signedIn(request.user) })),
  )

  app.get(
    '/api/brokerage/exports/:id',
    routeOptions([...BROKERS], 'brokerage', "An export's state and progress", {
      params: BrokerageExportParamsSchema,
      response: { 200: BrokerageExportSchema, ...errors(404) },
    }),
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await getExport(db, { viewer: signedIn(request.user), id: request.params.id })),
  )

  app.get(
    '/api/brokerage/exports/:id/download',
    routeOptions([...BROKERS], 'brokerage', "A finished export's ZIP", {
      params: BrokerageExportParamsSchema,
      response: { 200: z.any().describe('The ZIP, streamed'), ...errors(404, 409) },
    }),
    async (request, reply) => {
      const file = await openExportDownload(db, storage, { viewer: signedIn(request.user), id: request.params.id })
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.stream)
    },
  )
}
