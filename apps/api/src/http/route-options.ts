import type { FastifyContextConfig, FastifySchema } from 'fastify'
import type { RouteAccess } from '../plugins/auth'

/**
 * The options most routes are registered with: who may call the route (config.access, which the auth
 * hook enforces and from which the OpenAPI document takes the route's security and its 401/403
 * answers, plugins/openapi.ts), its tag and summary, the rest of its schema, and any other config
 * (a rate limit, publicCache). The schema keeps its own type, so the route's request.params,
 * querystring and body stay typed from its zod schemas.
 */
export function routeOptions<S extends FastifySchema>(access: RouteAccess, tag: string, summary: string, schema: S, config: Omit<FastifyContextConfig, 'access'> = {}) {
  return { config: { access, ...config }, schema: { tags: [tag], summary, ...schema } }
}
