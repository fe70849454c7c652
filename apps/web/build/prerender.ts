import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

type RenderModule = {
  PRERENDERED_PATHS: readonly string[]
  renderPublicPage: (url: string) => Promise<{ html: string; title: string } | null>
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** Where the render module lands in the client build: a dot folder, which the server never serves as a file. */
export const RENDER_MODULE = join('.server', 'render.mjs')

/** Where the server finds a prerendered page: dist/prerendered/index.html for /, <path>.html for the others. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+/, '')}.html`
}

/**
 * Builds src/app/public/render.tsx for Node as one self-contained module (dist/.server/render.mjs,
 * which the API server also loads to render /property/{id} and /listings per request), renders each
 * static public page with it, and writes the page into the client build's public.html (same scripts
 * and styles) under dist/prerendered/.
 */
export async function prerenderPages(root: string, outDir: string, configFile: string | false): Promise<string[]> {
  const serverDir = join(outDir, '.server')
  await rm(serverDir, { recursive: true, force: true })
  await build({
    root,
    configFile,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/public/render.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'render.mjs', codeSplitting: false } },
    },
  })
  const render = (await import(pathToFileURL(join(outDir, RENDER_MODULE)).href)) as RenderModule
  const template = await readFile(join(outDir, 'public.html'), 'utf8')
  if (!template.includes('<div id="root"></div>')) throw new Error('public.html has no empty <div id="root"></div> to fill')
  await mkdir(join(outDir, 'prerendered'), { recursive: true })
  for (const path of render.PRERENDERED_PATHS) {
    const page = await render.renderPublicPage(path)
    if (!page) throw new Error(`${path} is not a public-shell page; it cannot be prerendered`)
    const html = template
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${page.title.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c)}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
    await writeFile(join(outDir, 'prerendered', prerenderedFile(path)), html)
  }
  return [...render.PRERENDERED_PATHS]
}
