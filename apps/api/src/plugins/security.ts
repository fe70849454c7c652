import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export type SecurityOptions = {
  /** Strict-Transport-Security only in production: a dev server on http://localhost must not pin HTTPS for localhost. */
  production: boolean
}

async function securityPlugin(app: FastifyInstance, { production }: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine (and the swagger UI) set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
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
}

export default fp(securityPlugin, { name: 'security' })
