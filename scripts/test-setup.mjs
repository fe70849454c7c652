// `npm test`'s first step (scripts/test.mjs): the programs the suites run besides Node, checked in a
// few milliseconds when all are there. Missing ones are installed from Debian's packages when this runs
// as root (`apt-get update`, then `apt-get install -y`, as on a fresh CI machine); otherwise it stops at
// once, naming the packages to install. No browser is ever downloaded: the e2e tests use Debian's
// Chromium. PostgreSQL is not among them: the API suite's second pass runs only when TEST_DATABASE_URL
// names a server (.ci/run starts one). TEST_SETUP_NO_INSTALL=1 never installs, as if not root.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What the suites run, and the Debian package that brings each. */
export const NEEDED = [
  // The browser journeys (e2e/playwright.config.ts): CHROMIUM_PATH, or Debian's headless shell.
  { command: (env) => env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell', debianPackage: 'chromium-headless-shell' },
  // The signed PDFs checked as a reader's own tools would (issue #12): poppler and qpdf.
  { command: () => 'pdftotext', debianPackage: 'poppler-utils' },
  { command: () => 'pdfsig', debianPackage: 'poppler-utils' },
  { command: () => 'pdfinfo', debianPackage: 'poppler-utils' },
  { command: () => 'pdftoppm', debianPackage: 'poppler-utils' },
  { command: () => 'qpdf', debianPackage: 'qpdf' },
  // MuPDF's signature check, a second verifier of the seal beside pdfsig (issue #32).
  { command: () => 'mutool', debianPackage: 'mupdf-tools' },
  // The sealing certificates' checks.
  { command: () => 'openssl', debianPackage: 'openssl' },
]

function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Whether a command runs: an absolute path as it is, a name on PATH. */
function found(command, env) {
  if (isAbsolute(command)) return executable(command)
  return (env.PATH ?? '').split(delimiter).some((directory) => directory !== '' && executable(join(directory, command)))
}

/** The Debian packages whose commands are missing, each once. */
export function missingPackages(env = process.env) {
  return [...new Set(NEEDED.filter(({ command }) => !found(command(env), env)).map(({ debianPackage }) => debianPackage))]
}

/** Checks, and installs when it may: 0 when everything is there (at the end), 1 when not. */
export function testSetup(env = process.env) {
  const missing = missingPackages(env)
  if (missing.length === 0) {
    console.log('test setup: chromium-headless-shell, poppler-utils, qpdf, mupdf-tools and openssl are all present.')
    return 0
  }
  const mayInstall = process.getuid?.() === 0 && env.TEST_SETUP_NO_INSTALL !== '1'
  if (!mayInstall) {
    console.error(`test setup: missing Debian packages: ${missing.join(' ')} (as root: apt-get install -y ${missing.join(' ')}).`)
    return 1
  }
  console.log(`test setup: installing ${missing.join(' ')}`)
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv })
    if (result.status !== 0) {
      console.error(`test setup: apt-get ${args[0]} failed (${result.error?.message ?? `exit ${result.status}`}); missing: ${missing.join(' ')}.`)
      return 1
    }
  }
  const still = missingPackages(env)
  if (still.length > 0) {
    console.error(`test setup: still missing after apt-get install: ${still.join(' ')}.`)
    return 1
  }
  return 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(testSetup())
