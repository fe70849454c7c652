import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { isPhotoVariantWidth, PHOTO_VARIANT_WIDTHS } from '@offerbook/domain/photo-variants'
import type { Db } from '../../db/client'
import type { FileStorage } from '../../storage/storage'
import { openPublicFile } from './files.service'

const FileParamsSchema = z.object({ id: z.string() })
const FileQuerySchema = z.object({
  w: z
    .enum(
      PHOTO_VARIANT_WIDTHS.map((width) => String(width)),
      { error: 'files.badWidth' },
    )
    .optional()
    .describe("A listing photo's WebP copy at this width"),
})

export const filesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  app.get(
    '/api/files/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A stored file, e.g. a profile photo (a photoURL points here)',
        params: FileParamsSchema,
        querystring: FileQuerySchema,
        // A stream is sent as it is; the schema only documents the answer.
        response: { 200: z.any().describe('The bytes of the file, with its Content-Type'), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const width = request.query.w === undefined ? undefined : Number(request.query.w)
      const file = await openPublicFile(db, storage, { id: request.params.id, width: width !== undefined && isPhotoVariantWidth(width) ? width : undefined })
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
