/// <reference types="node" />
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { prerenderAndPrecompress } from './build/precompress.ts'
import { writeRoutePreloads } from './build/route-preloads.ts'

const apiPort = process.env.API_PORT ?? '3001'

/**
 * Mantine's ScrollArea (inside every Table and Modal) imports the whole of `@floating-ui/react` for one
 * hook, useMergeRefs; it gets build/scroll-area-refs.ts instead, the same hook on Mantine's own
 * useMergedRef (decision 087). Popovers, menus and tooltips still import the library itself.
 */
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/
const SCROLL_AREA_REFS = fileURLToPath(new URL('build/scroll-area-refs.ts', import.meta.url))
const scrollAreaRefs: Plugin = {
  name: 'offerbook:scroll-area-refs',
  enforce: 'pre',
  resolveId: (source, importer) => (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer) ? SCROLL_AREA_REFS : null),
}

/**
 * Mantine's useId, for Mantine's components and the product's alike, is build/mantine-use-id.ts: the id
 * React gives, without Mantine's swap for a random one after hydration, which re-rendered the page's
 * components that ask for an id in the same task (decision 095).
 */
const MANTINE_USE_ID = /[\\/]use-id[\\/]use-id\.mjs$/
const MANTINE_HOOKS = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/
const MANTINE_USE_ID_SHIM = fileURLToPath(new URL('build/mantine-use-id.ts', import.meta.url))
const mantineUseId: Plugin = {
  name: 'offerbook:mantine-use-id',
  enforce: 'pre',
  resolveId: (source, importer) => (importer && MANTINE_HOOKS.test(importer) && MANTINE_USE_ID.test(source) ? MANTINE_USE_ID_SHIM : null),
}

const PUBLIC_SCRIPT = fileURLToPath(new URL('src/app/public/main.tsx', import.meta.url))

/**
 * The libraries the public shell uses whole. A component library's modules stay out: its index
 * imports every component, so the static closure holds components only other pages use.
 */
const WHOLE_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null }
let publicClosure: Set<string> | null = null

/** Whether the public shell's script imports `id` through static imports only (so it loads before the script runs). */
function inPublicClosure(id: string, graph: ModuleGraph): boolean {
  if (!publicClosure) {
    publicClosure = new Set<string>()
    const stack = [PUBLIC_SCRIPT]
    while (stack.length > 0) {
      const next = stack.pop() as string
      if (publicClosure.has(next)) continue
      publicClosure.add(next)
      stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []))
    }
  }
  return id !== PUBLIC_SCRIPT && publicClosure.has(id) && (!id.includes('/node_modules/') || WHOLE_PACKAGES.test(id))
}

const APP_SCRIPT = fileURLToPath(new URL('src/app/main.tsx', import.meta.url))
const APP_BOOT = fileURLToPath(new URL('src/app/boot.tsx', import.meta.url))

function closureOf(start: string, graph: ModuleGraph, { dynamic, stopAt }: { dynamic: boolean; stopAt?: string }): Set<string> {
  const seen = new Set<string>()
  const stack = [start]
  while (stack.length > 0) {
    const next = stack.pop() as string
    if (seen.has(next) || next === stopAt) continue
    seen.add(next)
    const info = graph.getModuleInfo(next)
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []))
  }
  return seen
}

let appFrameOnly: Set<string> | null = null

/**
 * Whether `id` is one of the whole app's frame modules (index.html's script and its static imports)
 * that nothing of the public shell loads, its pages' parts included: one file for them all rather than
 * a file each, since a signed-in page fetches them all before it can draw (decision 090).
 */
function inAppFrameOnly(id: string, graph: ModuleGraph): boolean {
  if (!appFrameOnly) {
    const publicShell = closureOf(PUBLIC_SCRIPT, graph, { dynamic: true, stopAt: APP_BOOT })
    appFrameOnly = new Set([...closureOf(APP_SCRIPT, graph, { dynamic: false })].filter((module) => !publicShell.has(module) && !module.includes('/node_modules/')))
  }
  return id !== APP_SCRIPT && appFrameOnly.has(id)
}

export default defineConfig({
  plugins: [scrollAreaRefs, mantineUseId, react(), writeRoutePreloads(), prerenderAndPrecompress()],
  resolve: {
    // packages/domain/src/csv.ts writes CSV with csv-stringify; its Node build uses Node's Buffer, its browser build carries its own.
    alias: [{ find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' }],
  },
  server: {
    port: 3000,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  // Two pages (decision 034): index.html starts the whole app, public.html the light public shell of
  // the first-visit pages. The manifest lets the bench count each page's initial JavaScript
  // (scripts/bench-web-size.mjs).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No list of files to preload beside each dynamic import (decision 093): the lists of every page,
    // part and text area sat in the frame and the pages' chunks (8 KB gzipped on every signed-in page),
    // and each import appended a <link> per file. The browser finds a chunk's imports as it loads it;
    // the server names a route's first files in index.html (build/route-preloads.ts).
    modulePreload: false,
    rollupOptions: {
      input: { app: fileURLToPath(new URL('index.html', import.meta.url)), public: fileURLToPath(new URL('public.html', import.meta.url)) },
      output: {
        // What the public shell's script imports, in one file rather than one per component: fewer
        // requests on a phone's network, and one compressed stream (decision 034). The whole app's frame
        // modules that the public shell never loads, likewise (decision 090); only those modules: their
        // dependencies shared with the public pages stay apart, so a public page does not load the frame.
        codeSplitting: {
          groups: [
            { name: (id, context) => (inPublicClosure(id, context) ? 'public-shell' : null), priority: 2 },
            { name: (id, context) => (inAppFrameOnly(id, context) ? 'app-frame' : null), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Mantine components in jsdom take seconds on a busy two-core machine; a broken behaviour still fails.
    testTimeout: 20_000,
    // Each test file loads its modules afresh (isolated): the libraries with many modules are bundled
    // once into one file each, which took the project from 310 s to 257 s (docs/measurements/ci-steps.md).
    // A library's entry that registers itself on another (dayjs's Spanish locale) is listed too, so both
    // are the one bundled copy.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: ['@mantine/core', '@mantine/hooks', '@mantine/notifications', '@mantine/dates', '@mantine/charts', '@tabler/icons-react', '@tanstack/react-query', 'i18next', 'dayjs', 'dayjs/locale/es', 'libphonenumber-js/min', 'recharts', 'zod'],
        },
      },
    },
  },
})
