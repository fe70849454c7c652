import { readFile, stat } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { firstAnswerPaths } from '@offerbook/domain/first-answers'
import { photoSrcSet, photoVariantUrl } from '@offerbook/domain/photo-variants'
import { inPublicShell, matchRoute } from '@offerbook/domain/route-access'
import { SIGNED_IN_HINT_COOKIE } from '@offerbook/domain/stored-session'
import { AppError } from '../app-error'
import { redactUrl } from '../http/log-redaction'
import { withFirstAnswers } from './first-answers'
import { preloadLinks, readRoutePreloads, startLanguage } from './route-preloads'

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

/** An API GET made inside the server for a page it renders: its status and parsed body. */
type FetchApi = (path: string) => Promise<{ status: number; body: unknown }>

/** The web build's render module (apps/web/src/app/public/render.tsx, built to dist/.server/render.mjs). */
type PublicRenderer = {
  renderPublicPage: (url: string, fetchApi: FetchApi) => Promise<{ html: string; title: string; dataScript: string } | null>
  /** The pages that show listings (home, search, a property): rendered per request, not served prerendered. */
  rendersPerRequest: (url: string) => boolean
}

const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`)

/** Whether the browser says it holds a session (a hint, not a credential): it gets the whole app. */
function signedInHint(request: FastifyRequest): boolean {
  return SIGNED_IN_HINT.test(request.headers.cookie ?? '')
}

/** The web build's own files under dot folders (the render module, Vite's manifest) are never served. */
function isHiddenPath(relative: string): boolean {
  return relative.split(/[/\\]+/).some((segment) => segment.startsWith('.'))
}

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
 * Serves the built SPA from WEB_DIST: files as they are (hashed /assets/* cached for a year), and an
 * HTML page for any other GET that asks for HTML, so client routes like /my-properties/list load:
 * - the first-visit pages of the public shell (decision 034) get public.html: prerendered at build
 *   for the static ones, and rendered here per request for /property/{id} and /listings, with the
 *   answers the page shows sent along;
 * - every other route gets index.html, which starts the whole app.
 * A page renderMeta knows gets its title and link-preview tags.
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
    // The answer depends on the signed-in hint for these paths: a cache keeps one per cookie.
    if (inPublicShell(pathname)) void reply.header('vary', 'cookie')
    const publicShell = inPublicShell(pathname) && !signedInHint(request) && (await isFile(join(root, 'public.html')))
    const renderer = publicShell ? await loadRenderer(request) : null
    const live = renderer?.rendersPerRequest(request.url) ?? false
    const prerendered = publicShell ? await prerenderedPage(pathname) : null
    if (prerendered && !live) return reply.header('cache-control', 'no-cache').sendFile(prerendered, root)
    const template = publicShell ? 'public.html' : 'index.html'
    const [meta, rendered, preloads] = await Promise.all([pageMeta(request, pathname), live && renderer ? renderPage(request, renderer) : null, publicShell ? null : readRoutePreloads(root)])
    // A live page that could not be rendered here: its prerendered copy (the home page's), else the browser renders it.
    if (!rendered && prerendered && !meta) return reply.header('cache-control', 'no-cache').sendFile(prerendered, root)
    const match = matchRoute(pathname)
    // A page the visitor will see: a public one, or a signed-in one with the hint (without it, it goes to sign-in).
    const shown = !match.route.redirectTo && (match.route.access === 'public' || signedInHint(request))
    // A signed-in page the visitor will see asks its first answers from the HTML.
    const signedInPage = shown && !publicShell && match.route.access !== 'public'
    if (!meta && !rendered && !preloads && !signedInPage) return reply.header('cache-control', 'no-cache').sendFile(template, root)
    let html = await readFile(join(root, template), 'utf8')
    if (signedInPage) {
      html = withFirstAnswers(html, firstAnswerPaths(match, new URLSearchParams(request.url.split('?')[1] ?? '')))
      void reply.header('vary', 'cookie')
    }
    if (preloads) {
      // The page's own files only for a page the visitor will see.
      const links = preloadLinks(preloads, shown ? match.route.name : null, startLanguage(request.headers.cookie, request.headers['accept-language']))
      if (links) html = html.replace(/<\/head>/i, () => `  ${links}\n  </head>`)
      void reply.header('vary', 'cookie, accept-language')
    }
    if (rendered) {
      html = html.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${rendered.dataScript}`)
      if (!meta) html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(rendered.title)}</title>`)
    }
    if (meta) html = withPageMeta(html, meta)
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
  }

  let renderer: Promise<PublicRenderer | null> | undefined
  /** The render module, loaded on the first page it renders; null without one (a build without it). */
  function loadRenderer(request: FastifyRequest): Promise<PublicRenderer | null> {
    renderer ??= (async () => {
      const file = join(root, '.server', 'render.mjs')
      if (!(await isFile(file))) return null
      return (await import(pathToFileURL(file).href)) as PublicRenderer
    })().catch((error: unknown) => {
      request.log.error({ err: error }, 'could not load the web build render module; public pages render in the browser')
      return null
    })
    return renderer
  }

  /** The public page rendered with what it shows (through the API itself, as anonymous), or null: the browser then renders it. */
  async function renderPage(request: FastifyRequest, render: PublicRenderer): Promise<Awaited<ReturnType<PublicRenderer['renderPublicPage']>>> {
    try {
      return await render.renderPublicPage(request.url, async (path) => {
        const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } })
        return { status: answer.statusCode, body: answer.statusCode === 200 ? (answer.json() as unknown) : null }
      })
    } catch (error) {
      request.log.warn({ err: error, url: redactUrl(request.url) }, 'could not render the page on the server; the browser renders it')
      return null
    }
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
    if (relative && relative !== 'index.html' && relative !== 'public.html' && !isHiddenPath(relative) && served && inside && !relative.includes('\0') && (await isFile(full))) {
      reply.header('cache-control', relative.startsWith(`assets${sep}`) || relative.startsWith('assets/') ? IMMUTABLE : 'no-cache')
      return reply.sendFile(relative, root)
    }
    const shell = relative === '' || relative === 'index.html' || relative === 'public.html'
    if (!shell && !acceptsHtml(request)) throw new AppError('NOT_FOUND', 'request.notFound')
    // A path no route of the app has still gets the app, which shows its not-found page, but answers
    // 404, so a search engine drops it and a link checker reports it.
    if (!shell && matchRoute(pathname).route.name === 'not-found') void reply.code(404)
    return sendIndex(request, reply, pathname)
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
