import type { FastifySchema } from 'fastify'
import type { RouteAccess } from '../plugins/auth'

/**
 * The options most routes are registered with: who may call the route (config.access, which the auth
 * hook enforces and from which the OpenAPI document takes the route's security and its 401/403
 * answers, plugins/openapi.ts), its tag and summary, and the rest of its schema. The schema keeps its
 * own type, so the route's request.params, querystring and body stay typed from its zod schemas.
 */
export function routeOptions<S extends FastifySchema>(access: RouteAccess, tag: string, summary: string, schema: S) {
  return { config: { access }, schema: { tags: [tag], summary, ...schema } }
}
