import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

const DOCS_PREFIX = '/api/docs'

/**
 * The OpenAPI document is generated from the routes' zod schemas (app.swagger()). It and its UI are
 * served at /api/docs only when API_DOCS allows it: by default not in production.
 */
async function openapiPlugin(app: FastifyInstance, { publicUrl, serveDocs }: { publicUrl: string; serveDocs: boolean }): Promise<void> {
  // The docs are public; the routes swagger-ui registers cannot declare that themselves.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, access: 'public' }
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Offerbook API', version: '0.0.0', description: 'The JSON API the Offerbook web app uses.' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // A signer's link token (decision 016): the header, or ?token= on the links that download.
          signingToken: { type: 'apiKey', in: 'header', name: 'x-signing-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  if (serveDocs) await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
}

export default fp(openapiPlugin, { name: 'openapi' })
