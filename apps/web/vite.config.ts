/// <reference types="node" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { prerenderAndPrecompress } from './build/precompress.ts'

const apiPort = process.env.API_PORT ?? '3001'

export default defineConfig({
  plugins: [react(), prerenderAndPrecompress()],
  server: {
    port: 3000,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  // The manifest lets the bench count each page's initial JavaScript (scripts/bench-web-size.mjs).
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Mantine components in jsdom take seconds on a busy two-core machine; a broken behaviour still fails.
    testTimeout: 20_000,
  },
})
