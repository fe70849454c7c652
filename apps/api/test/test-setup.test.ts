import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NEEDED } from '../../../scripts/test-setup.mjs'

/**
 * `npm test`'s setup (scripts/test-setup.mjs) run as `npm test` runs it, on a PATH of stand-ins for
 * the tools: everything there passes at once; a tool missing stops it with one line naming its Debian
 * package, installing nothing (TEST_SETUP_NO_INSTALL=1, as a user who is not root).
 */

const SCRIPT = join(import.meta.dirname, '../../../scripts/test-setup.mjs')
const bin = mkdtempSync(join(tmpdir(), 'offerbook-test-setup-'))
afterAll(() => rmSync(bin, { recursive: true, force: true }))

const names = NEEDED.map(({ command }) => command({})).filter((command) => !command.startsWith('/'))
for (const name of [...names, 'chromium']) {
  writeFileSync(join(bin, name), '#!/bin/sh\n')
  chmodSync(join(bin, name), 0o755)
}

function setup(path: string) {
  const started = performance.now()
  const result = spawnSync(process.execPath, [SCRIPT], { env: { PATH: path, CHROMIUM_PATH: join(bin, 'chromium'), TEST_SETUP_NO_INSTALL: '1' }, encoding: 'utf8' })
  return { ...result, ms: performance.now() - started }
}

describe("npm test's setup", () => {
  it('says everything is present and goes on when every tool is there', () => {
    const result = setup(bin)
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toContain('all present')
  })

  it('stops at once with one line naming the missing packages when a tool is missing and it may not install', () => {
    rmSync(join(bin, 'qpdf'))
    rmSync(join(bin, 'pdfsig'))
    const result = setup(bin)
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toEqual(['test setup: missing Debian packages: poppler-utils qpdf (as root: apt-get install -y poppler-utils qpdf).'])
    // Nothing was run: no apt-get, no waiting.
    expect(result.ms).toBeLessThan(5_000)
  })
})
