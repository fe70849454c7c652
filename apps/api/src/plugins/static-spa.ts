import { stat } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, NO_SUCH_ENDPOINT_MESSAGE } from '../app-error'

const IMMUTABLE = 'public, max-age=31536000, immutable'

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/**
 * Serves the built SPA from WEB_DIST: files as they are (hashed /assets/* cached for a year), and
 * index.html for any other GET that asks for HTML, so client routes like /my-properties/list load.
 */
async function staticSpaPlugin(app: FastifyInstance, { webDist }: { webDist: string }): Promise<void> {
  const root = normalize(webDist)
  // @fastify/static wants its root to exist; without a build there is nothing to serve anyway.
  const served = await isDirectory(root)
  if (served) await app.register(fastifyStatic, { root, serve: false, cacheControl: false, etag: true, lastModified: true })

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    if (!served || !(await isFile(join(root, 'index.html')))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, then start the server again.')
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root)
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/')
    if (pathname === null) throw new AppError('BAD_REQUEST', 'The request URL is not valid')
    if (isApiPath(pathname)) throw new AppError('NOT_FOUND', NO_SUCH_ENDPOINT_MESSAGE)

    const relative = normalize(pathname).replace(/^[/\\]+/, '')
    const full = join(root, relative)
    const inside = full === root || full.startsWith(root.endsWith(sep) ? root : root + sep)
    if (relative && relative !== 'index.html' && served && inside && !relative.includes('\0') && (await isFile(full))) {
      reply.header('cache-control', relative.startsWith(`assets${sep}`) || relative.startsWith('assets/') ? IMMUTABLE : 'no-cache')
      return reply.sendFile(relative, root)
    }
    if (relative === '' || relative === 'index.html' || acceptsHtml(request)) return sendIndex(reply)
    throw new AppError('NOT_FOUND', 'Not found')
  })
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html')
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

export default fp(staticSpaPlugin, { name: 'static-spa' })
