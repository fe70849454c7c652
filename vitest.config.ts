import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const WEB = 'apps/web'
// The web config's include (src/ and build/, *.test.ts and *.test.tsx), listed without walking node_modules or dist.
const WEB_TESTS = ['src', 'build'].flatMap((folder) =>
  readdirSync(`${WEB}/${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`),
)
/**
 * The web test files that load their modules afresh: a file that replaces a module (vi.mock) would
 * hand its stand-in to the files after it, and a file that runs outside jsdom (a `@vitest-environment`
 * comment) renders what the server or the build sees. Read from each file, so a new one is never missed.
 */
const ALONE = /\bvi\.(mock|doMock)\(|@vitest-environment/
const WEB_ISOLATED = WEB_TESTS.filter((file) => ALONE.test(readFileSync(`${WEB}/${file}`, 'utf8')))
const WEB_SHARED = WEB_TESTS.filter((file) => !WEB_ISOLATED.includes(file))

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
      // The web files share a worker's modules too, as the API's do (decision 098): Mantine, React and
      // the app were imported again for each of 146 files, 367 s of the unit step against 195 s shared.
      // src/test/setup.ts puts back after each file what a file may leave behind.
      { extends: `./${WEB}/vite.config.ts`, root: WEB, test: { name: 'web', isolate: false, exclude: ['**/node_modules/**', ...WEB_ISOLATED] } },
      // `extends` adds this include to the web config's own, so the files are chosen by what is left out.
      { extends: `./${WEB}/vite.config.ts`, root: WEB, test: { name: 'web-isolated', exclude: ['**/node_modules/**', ...WEB_SHARED] } },
    ],
  },
})
