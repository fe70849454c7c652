import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import type { Plugin } from 'vite'
import { prerenderPages } from './prerender.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text the server sends; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this the server sends the file as it is (the same threshold as the API's). */
const MIN_BYTES = 1024

async function filesUnder(dir: string): Promise<string[]> {
  // Dot folders (the render module) are never served, so they need no compressed copy.
  const entries = (await readdir(dir, { withFileTypes: true })).filter((entry) => !entry.name.startsWith('.'))
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  )
  return nested.flat()
}

/** Writes each compressible file of the build as <file>.br (Brotli 11) and <file>.gz (gzip 9) beside it. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file))
  let written = 0
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) continue
    const content = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ])
    await writeFile(`${file}.br`, br)
    await writeFile(`${file}.gz`, gz)
    written += 1
  }
  return written
}

/**
 * Vite plugin: after the client build, prerender the public pages (prerender.ts), then compress
 * everything the server serves. Not in the prerender's own (SSR) build.
 */
export function prerenderAndPrecompress(): Plugin {
  let outDir = ''
  let root = ''
  let configFile: string | false = false
  return {
    name: 'offerbook-prerender-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir)
      root = config.root
      configFile = config.configFile ?? false
    },
    async closeBundle() {
      if (!outDir) return
      await prerenderPages(root, outDir, configFile)
      await precompressDir(outDir)
    },
  }
}
