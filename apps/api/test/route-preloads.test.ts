import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_HINT_COOKIE } from '@offerbook/domain/languages'
import { SIGNED_IN_HINT_COOKIE } from '@offerbook/domain/stored-session'
import type { TestApp } from './build-test-app'
import { buildTestApp } from './build-test-app'

/**
 * index.html names the first files of the page asked for (decision 093): the frame's texts always, a
 * page's code and texts when the visitor will see that page, in the language the app will start in.
 */

let webDist: string
let t: TestApp
const INDEX = '<!doctype html><html><head><title>Offerbook</title><script type="module" crossorigin src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>'
const TABLE = {
  frame: { 'en-us': ['/assets/app-en.js'], 'es-es': ['/assets/messages-common-es.js', '/assets/app-es.js'] },
  routes: {
    dashboard: { code: ['/assets/dashboard-page-1.js', '/assets/Title-1.js'], texts: { 'en-us': ['/assets/dashboard-en.js'], 'es-es': ['/assets/dashboard-es.js'] } },
    'sign-in': { code: ['/assets/sign-in-page-1.js'], texts: { 'en-us': ['/assets/auth-en.js'], 'es-es': ['/assets/auth-es.js'] } },
  },
}
const tablePath = () => join(webDist, '.vite', 'route-preloads.json')

async function writeTable(table: unknown): Promise<void> {
  await writeFile(tablePath(), typeof table === 'string' ? table : JSON.stringify(table))
  // A new build: the server reads the table again when the file's time changes.
  const later = new Date(Date.now() + Math.floor(Math.random() * 1_000_000))
  await utimes(tablePath(), later, later)
}

function preloaded(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] as string)
}

const FIRST_ANSWERS = /<script type="application\/json" id="first-answers">([^<]*)<\/script><script>([^<]*)<\/script>/

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } })
  const first = FIRST_ANSWERS.exec(response.body)
  return {
    status: response.statusCode,
    vary: String(response.headers.vary ?? ''),
    csp: String(response.headers['content-security-policy'] ?? ''),
    links: preloaded(response.body),
    body: response.body,
    /** The URLs the page's HTML asks for before the app's code, and the script that asks them; null without them. */
    firstAnswers: first ? { paths: JSON.parse(first[1]!) as string[], script: first[2]!, at: first.index } : null,
  }
}

const signedIn = { cookie: `${SIGNED_IN_HINT_COOKIE}=1` }

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'offerbook-route-preloads-'))
  await mkdir(join(webDist, '.vite'))
  await writeFile(join(webDist, 'index.html'), INDEX)
  await writeTable(TABLE)
  t = await buildTestApp({ config: { webDist } })
})

afterAll(async () => {
  await t?.close()
  await rm(webDist, { recursive: true, force: true })
})

describe('index.html with the page\'s first files', () => {
  it('names a signed-in page\'s code and texts, with the frame\'s texts, in the head', async () => {
    const answer = await page('/dashboard', signedIn)
    expect(answer.status).toBe(200)
    expect(answer.links).toEqual(['/assets/app-en.js', '/assets/dashboard-page-1.js', '/assets/Title-1.js', '/assets/dashboard-en.js'])
    expect(answer.body.indexOf('modulepreload')).toBeLessThan(answer.body.indexOf('</head>'))
    expect(answer.body).toContain('<div id="root"></div>')
    expect(answer.vary).toContain('cookie')
    expect(answer.vary).toContain('accept-language')
  })

  it('names the Spanish texts for a browser that asks for Spanish first', async () => {
    const answer = await page('/dashboard', { ...signedIn, 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })
    expect(answer.links).toEqual(['/assets/messages-common-es.js', '/assets/app-es.js', '/assets/dashboard-page-1.js', '/assets/Title-1.js', '/assets/dashboard-es.js'])
    const english = await page('/dashboard', { ...signedIn, 'accept-language': 'en-GB,es;q=0.5' })
    expect(english.links).toContain('/assets/dashboard-en.js')
    const other = await page('/dashboard', { ...signedIn, 'accept-language': 'fr-FR' })
    expect(other.links).toContain('/assets/dashboard-en.js')
  })

  it('names the language the browser chose, as its cookie tells, over the one it asks for', async () => {
    const chosen = await page('/dashboard', { cookie: `${SIGNED_IN_HINT_COOKIE}=1; ${LANGUAGE_HINT_COOKIE}=es-es`, 'accept-language': 'en-US' })
    expect(chosen.links).toEqual(['/assets/messages-common-es.js', '/assets/app-es.js', '/assets/dashboard-page-1.js', '/assets/Title-1.js', '/assets/dashboard-es.js'])
    const back = await page('/dashboard', { cookie: `${LANGUAGE_HINT_COOKIE}=en-us; ${SIGNED_IN_HINT_COOKIE}=1`, 'accept-language': 'es-ES' })
    expect(back.links).toContain('/assets/dashboard-en.js')
    const unknown = await page('/dashboard', { cookie: `${SIGNED_IN_HINT_COOKIE}=1; ${LANGUAGE_HINT_COOKIE}=fr-fr`, 'accept-language': 'es-ES' })
    expect(unknown.links).toContain('/assets/dashboard-es.js')
  })

  it('leaves out a signed-in page\'s files for a browser without the signed-in hint: it goes to sign-in', async () => {
    const answer = await page('/dashboard')
    expect(answer.status).toBe(200)
    expect(answer.links).toEqual(['/assets/app-en.js'])
  })

  it('names a public page\'s files for anybody', async () => {
    expect((await page('/auth/sign-in')).links).toEqual(['/assets/app-en.js', '/assets/sign-in-page-1.js', '/assets/auth-en.js'])
  })

  it('serves index.html as built when the table is missing, unreadable or names something other than an asset', async () => {
    for (const table of ['{not json', { frame: TABLE.frame, routes: { dashboard: { code: ['"><script>alert(1)</script>'], texts: TABLE.routes.dashboard.texts } } }, { routes: {} }]) {
      await writeTable(table)
      const answer = await page('/dashboard', signedIn)
      expect(answer.status).toBe(200)
      expect(answer.links).toEqual([])
      expect(answer.body.replace(FIRST_ANSWERS, '').replace('<head>\n    ', '<head>')).toBe(INDEX)
    }
    await rm(tablePath())
    expect((await page('/dashboard', signedIn)).links).toEqual([])
    expect((await page('/auth/sign-in')).body).toBe(INDEX)
    await writeTable(TABLE)
    expect((await page('/dashboard', signedIn)).links).toContain('/assets/dashboard-page-1.js')
  })
})

describe("a signed-in page's first answers, asked from its HTML", () => {
  it("names /api/me and the offer on the offer form, first in the head, under a policy that allows that one script by its hash", async () => {
    const answer = await page('/submitted-offers/update/0b5a2c1e-offer', signedIn)
    expect(answer.firstAnswers?.paths).toEqual(['/api/me', '/api/offers/0b5a2c1e-offer'])
    // Before the app's script and every link: a script after a stylesheet would wait for it.
    expect(answer.firstAnswers!.at).toBeLessThan(answer.body.indexOf('<script type="module"'))
    expect(answer.firstAnswers!.at).toBeLessThan(answer.body.indexOf('<link'))
    const scriptSrc = /script-src ([^;]*)/.exec(answer.csp)?.[1] ?? ''
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${createHash('sha256').update(answer.firstAnswers!.script).digest('base64')}'`])
    expect(answer.vary).toContain('cookie')
  })

  it("names each page's one answer: the seller's offer, the accept step's offer, optimize, the dashboard; other pages the user alone", async () => {
    expect((await page('/my-properties/l1/offers/o2', signedIn)).firstAnswers?.paths).toEqual(['/api/me', '/api/offers/o2'])
    expect((await page('/my-properties/l1/accept-offer-popup?offer=o3', signedIn)).firstAnswers?.paths).toEqual(['/api/me', '/api/offers/o3'])
    expect((await page('/my-properties/l1/optimize', signedIn)).firstAnswers?.paths).toEqual(['/api/me', '/api/listings/l1/optimize/screen'])
    expect((await page('/dashboard', signedIn)).firstAnswers?.paths).toEqual(['/api/me', '/api/dashboard'])
    expect((await page('/profile', signedIn)).firstAnswers?.paths).toEqual(['/api/me'])
    expect((await page('/my-properties/l1/accept-offer-popup', signedIn)).firstAnswers?.paths).toEqual(['/api/me'])
  })

  it('asks nothing for a browser without the signed-in hint, nor on a public page', async () => {
    expect((await page('/submitted-offers/update/o1')).firstAnswers).toBeNull()
    expect((await page('/auth/sign-in', signedIn)).firstAnswers).toBeNull()
  })

  it('keeps an odd id inside its URL: nothing in the address ends the block or adds a script', async () => {
    const id = '"></script><script>alert(1)<'
    const answer = await page(`/submitted-offers/update/${encodeURIComponent(id).replace(/%2F/g, '')}`, signedIn)
    expect(answer.firstAnswers?.paths).toEqual(['/api/me', `/api/offers/${encodeURIComponent(id.replace(/\//g, ''))}`])
    expect(answer.body.match(/<script/g)).toHaveLength(3)
  })
})
