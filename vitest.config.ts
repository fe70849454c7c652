import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one free, which on CI's two cores ran each suite on one.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'api', root: 'apps/api', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 90_000, pool: 'forks' } },
      './apps/web/vite.config.ts',
    ],
  },
})
