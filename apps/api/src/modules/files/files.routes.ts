import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { openPublicFile } from './files.service'

const FileParamsSchema = z.object({ id: z.string() })

export const filesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  app.get(
    '/api/files/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A stored file, e.g. a profile photo (a photoURL points here)',
        params: FileParamsSchema,
        // A stream is sent as it is; the schema only documents the answer.
        response: { 200: z.any().describe('The bytes of the file, with its Content-Type'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await openPublicFile(db, storage, { id: request.params.id })
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        // A new upload gets a new id, so the bytes under one id never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.body)
    },
  )
}
