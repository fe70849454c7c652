import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { FIRST_ANSWERS_SCRIPT_SOURCE } from './first-answers'

export type SecurityOptions = {
  /** Strict-Transport-Security only in production: a dev server on http://localhost must not pin HTTPS for localhost. */
  production: boolean
}

/**
 * The security headers of every answer. Helmet's middleware is made once here: @fastify/helmet made
 * it again for every request (parsing the policy each time), a tenth of a cached search's time.
 */
async function securityPlugin(app: FastifyInstance, { production }: SecurityOptions): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // A signed-in page's first script, by its hash (first-answers.ts): never 'unsafe-inline'.
        scriptSrc: ["'self'", FIRST_ANSWERS_SCRIPT_SOURCE],
        // Mantine (and the swagger UI) set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // A PDF the page fetched with the session (an agreement's preview) is shown in a frame of its own.
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // TLS is the proxy's job; upgrading would break plain-http localhost runs.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The same as frame-ancestors 'none', for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
    // Signing and share links carry their token in the query string; no Referer takes it elsewhere.
    referrerPolicy: { policy: 'no-referrer' },
    xContentTypeOptions: true,
  })
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet's middleware only sets headers; it calls back at once, and throws what fails.
    applyHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) throw error
    })
    done()
  })
}

export default fp(securityPlugin, { name: 'security' })
