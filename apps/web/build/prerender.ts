import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

type PrerenderModule = {
  PRERENDERED_PATHS: readonly string[]
  render: (path: string) => Promise<{ html: string; title: string }>
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** Where the server finds a prerendered page: dist/prerendered/index.html for /, <path>.html for the others. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+/, '')}.html`
}

/**
 * Builds src/app/prerender.tsx for Node, renders each public page with it, and writes the page into
 * the client build's index.html (same scripts and styles) under dist/prerendered/. The plain
 * index.html stays the empty shell every other route starts from.
 */
export async function prerenderPages(root: string, outDir: string, configFile: string | false): Promise<string[]> {
  // Inside the app's folder, so the server bundle finds react and the rest in node_modules.
  await mkdir(join(root, 'node_modules'), { recursive: true })
  const serverDir = await mkdtemp(join(root, 'node_modules', '.offerbook-prerender-'))
  try {
    await build({
      root,
      configFile,
      logLevel: 'warn',
      build: { ssr: 'src/app/prerender.tsx', outDir: serverDir, emptyOutDir: true, manifest: false, copyPublicDir: false, rollupOptions: { output: { entryFileNames: 'prerender.mjs' } } },
    })
    const prerender = (await import(pathToFileURL(join(serverDir, 'prerender.mjs')).href)) as PrerenderModule
    const template = await readFile(join(outDir, 'index.html'), 'utf8')
    if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to fill')
    await mkdir(join(outDir, 'prerendered'), { recursive: true })
    for (const path of prerender.PRERENDERED_PATHS) {
      const page = await prerender.render(path)
      const html = template
        .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${page.title.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c)}</title>`)
        .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
      await writeFile(join(outDir, 'prerendered', prerenderedFile(path)), html)
    }
    return [...prerender.PRERENDERED_PATHS]
  } finally {
    await rm(serverDir, { recursive: true, force: true })
  }
}
