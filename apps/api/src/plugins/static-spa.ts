import { readFile, stat } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { photoSrcSet, photoVariantUrl } from '@offerbook/domain/photo-variants'
import { AppError } from '../app-error'

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

/** What a shared link to a page shows (Open Graph and Twitter card tags); `image` and `url` are absolute. */
export type PageMeta = {
  title: string
  description: string
  image: string | null
  url: string
  /** The page's main photo (/api/files/{id}), preloaded at the width the page shows it; none when absent. */
  photo?: string | null
}

/** The sizes the property page's large photo is shown at (apps/web photo-gallery.tsx): the same, so the preload is the one used. */
export const MAIN_PHOTO_SIZES = '(min-width: 62em) 60vw, 100vw'

export type StaticSpaOptions = {
  webDist: string
  /** The tags of a page whose content the server knows (a property page), or null for the plain index.html. */
  renderMeta?: (path: string) => Promise<PageMeta | null>
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** index.html with the page's own title and description and the tags link previews read. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    property('og:type', 'website'),
    property('og:site_name', 'Offerbook'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    ...(meta.image ? [property('og:image', meta.image)] : []),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    ...(meta.image ? [named('twitter:image', meta.image)] : []),
    ...(meta.photo
      ? [
          `<link rel="preload" as="image" href="${escapeHtml(photoVariantUrl(meta.photo, 960))}" imagesrcset="${escapeHtml(photoSrcSet(meta.photo))}" imagesizes="${MAIN_PHOTO_SIZES}" fetchpriority="high" />`,
        ]
      : []),
  ].join('\n    ')
  const plain = html.replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '')
  if (/<title>[\s\S]*?<\/title>/i.test(plain)) return plain.replace(/<title>[\s\S]*?<\/title>/i, () => tags)
  if (/<\/head>/i.test(plain)) return plain.replace(/<\/head>/i, () => `${tags}\n  </head>`)
  return plain.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`)
}

/**
 * Serves the built SPA from WEB_DIST: files as they are (hashed /assets/* cached for a year), and
 * index.html for any other GET that asks for HTML, so client routes like /my-properties/list load.
 * A page renderMeta knows gets its title and link-preview tags in that index.html.
 */
async function staticSpaPlugin(app: FastifyInstance, { webDist, renderMeta }: StaticSpaOptions): Promise<void> {
  const root = normalize(webDist)
  // @fastify/static wants its root to exist; without a build there is nothing to serve anyway.
  const served = await isDirectory(root)
  if (served) await app.register(fastifyStatic, { root, serve: false, cacheControl: false, etag: true, lastModified: true, preCompressed: true })

  async function sendIndex(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    if (!served || !(await isFile(join(root, 'index.html')))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, then start the server again.')
    }
    const prerendered = await prerenderedPage(pathname)
    if (prerendered) return reply.header('cache-control', 'no-cache').sendFile(prerendered, root)
    const meta = await pageMeta(request, pathname)
    if (meta) {
      const html = withPageMeta(await readFile(join(root, 'index.html'), 'utf8'), meta)
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root)
  }

  /**
   * The page's HTML as the build prerendered it (dist/prerendered/: index.html for /, <path>.html for
   * the other public pages), its content there before any script runs; null for other paths.
   */
  async function prerenderedPage(pathname: string): Promise<string | null> {
    const name = pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '')
    if (!/^[a-z0-9-]+$/.test(name)) return null
    const relative = `prerendered/${name}.html`
    return (await isFile(join(root, relative))) ? relative : null
  }

  /** A failure to find the tags still serves the page, only without them. */
  async function pageMeta(request: FastifyRequest, pathname: string): Promise<PageMeta | null> {
    if (!renderMeta) return null
    try {
      return await renderMeta(pathname)
    } catch (error) {
      request.log.warn({ err: error, path: pathname }, 'could not render the page tags')
      return null
    }
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const pathname = decodeURIComponentSafe(request.url.split('?')[0] ?? '/')
    if (pathname === null) throw new AppError('BAD_REQUEST', 'request.badUrl')
    if (isApiPath(pathname)) throw new AppError('NOT_FOUND', 'request.noSuchEndpoint')

    const relative = normalize(pathname).replace(/^[/\\]+/, '')
    const full = join(root, relative)
    const inside = full === root || full.startsWith(root.endsWith(sep) ? root : root + sep)
    if (relative && relative !== 'index.html' && served && inside && !relative.includes('\0') && (await isFile(full))) {
      reply.header('cache-control', relative.startsWith(`assets${sep}`) || relative.startsWith('assets/') ? IMMUTABLE : 'no-cache')
      return reply.sendFile(relative, root)
    }
    if (relative === '' || relative === 'index.html' || acceptsHtml(request)) return sendIndex(request, reply, pathname)
    throw new AppError('NOT_FOUND', 'request.notFound')
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
