import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

// Workers load this file again; they inherit the environment, so the data directory is made once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'offerbook-e2e-'))
const port = Number(process.env.E2E_PORT ?? 3100)
export const BASE_URL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // Two, for CI's two cores; E2E_WORKERS tries another count.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A test that fails runs once more, recording its trace (use.trace, below); it fails the run either
  // way: failing twice, or passing the second time (failOnFlakyTests), so a flaky test is never hidden.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // One reporter in a terminal and in CI's log alike: a line per test. A failure keeps its trace and
  // screenshot in test-results (use, below).
  reporter: 'list',
  // The slow-test budget: every spec file whose tests took over 60 s in all is named at the end.
  reportSlowTests: { max: 0, threshold: 60_000 },
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    // A failed test's second run records a trace: every action with the page's DOM before and after it,
    // the network and the console. Only that run: recording a trace for every test, kept or not, took a
    // quarter of the journeys' CPU (docs/measurements/ci-steps.md). No screencast in it either: it cost
    // about 40 % of the journeys' time. The failure's own screenshot stays.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as its chromium,
      // without the browser's own interface: the journeys ran 11 to 26 % faster on it (docs/measurements/ci-steps.md).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      // The webhooks journey's receiver listens on this machine, as an on-premises back office would (decision 079).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
})
