import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@offerbook/domain/api-error'
import { RenderRf707PdfSchema } from '@offerbook/domain/clauses/rf707-pdf-request'
import { PAGE_ROLES } from '@offerbook/domain/roles'
import { renderRf707Document } from './contracts.service'

export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contracts/rf707/pdf',
    {
      // The addendum is written in the offer editor (/submitted-offers/update/{id}).
      config: { access: PAGE_ROLES.submittedOffers },
      schema: {
        tags: ['contracts'],
        summary: 'The RF707 addendum (ADDITIONAL CONTRACT LANGUAGE) for the given choices and parties, as a PDF',
        security: [{ bearer: [] }],
        body: RenderRf707PdfSchema,
        // The bytes are sent as they are; the schema only documents the answer.
        response: { 200: z.any().describe('The PDF (application/pdf), 6 pages, 287 numbered lines'), 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await renderRf707Document({ formData: request.body.formData, parties: request.body.parties })
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
    },
  )
}
