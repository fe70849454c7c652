import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

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
      './apps/web/vite.config.ts',
    ],
  },
})
