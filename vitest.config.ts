import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

const WEB = 'apps/web'

/**
 * The web test files that replace a module with vi.mock: each needs a module graph of its own, or
 * the replacement would reach the files run after it in the worker. Found by reading the files, so a
 * new one is never missed.
 */
const WEB_MOCKING = readdirSync(join(WEB, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(WEB, 'src', file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.replaceAll('\\', '/')}`)

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one free, which on CI's two cores ran each suite on one.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          pool: 'forks',
          // A worker imports the app once for all its files (import was a quarter of the suite's time): each
          // file still has its own database, and test/each-file.ts sets again what a file must not inherit.
          isolate: false,
          setupFiles: ['test/each-file.ts'],
        },
      },
      // The other web files share a worker's modules (a third of the time the isolated suite took, with
      // jsdom, the setup and Mantine loaded once per worker, not once per file); the setup resets after
      // each test what outlives it (src/test/setup.ts).
      { extends: `./${WEB}/vite.config.ts`, test: { name: 'web', root: WEB, include: ['src/**/*.test.{ts,tsx}'], exclude: WEB_MOCKING, isolate: false } },
      { extends: `./${WEB}/vite.config.ts`, test: { name: 'web-mocks', root: WEB, include: WEB_MOCKING } },
    ],
  },
})
