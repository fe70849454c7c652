import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiError } from '@offerbook/domain/api-error'
import type { MessageKey } from '@offerbook/domain/messages'
import { messageText } from '@offerbook/domain/messages'
import type { HostileFile } from '../scripts/make-hostile-fixtures.mjs'
import { FIXTURES_DIRECTORY, hostileFiles } from '../scripts/make-hostile-fixtures.mjs'
import { multipart } from '../src/modules/files/files.test-helpers'
import { newListing, signedInUser, uploadPhoto } from '../src/modules/listings/listings.test-helpers'
import type { AcceptedOffer } from '../src/modules/signing/signing.test-helpers'
import { acceptedOffer, ADOPTED, authOf, lastLink, multipartFile, outsider, packetFiles, packetOf, sentFormPacket, signerCaller, signerViewOf, uploadForm } from '../src/modules/signing/signing.test-helpers'
import { createFileStorage } from '../src/storage/create-file-storage'
import type { TestApp } from './build-test-app'
import { buildTestApp } from './build-test-app'

/**
 * The hostile-inputs corpus (issue #29, apps/api/scripts/make-hostile-fixtures.mjs) sent to the
 * endpoints that read files: each answers its status with its catalogue key, the server stays
 * responsive (a probe beside the request waits at most PROBE_BOUND_MS for /api/health) and its
 * memory stays bounded (at most MEMORY_BOUND_MB over what it held before the corpus).
 * The bench (`npm run bench -- hostile`) measures the same against the strict targets on a built
 * server: 200 ms and 400 MB. The heavy-work pool's own limits, which need no database, are in heavy-pool.test.ts.
 */

/** Generous, so a busy test machine does not make it flaky: before the fix these waits were 23 s to 72 s. */
const PROBE_BOUND_MS = 1_000
/** The findings peaked at 1.15 GB to 4.3 GB over the idle server. */
const MEMORY_BOUND_MB = 400

let t: TestApp
let files: HostileFile[]
let deal: AcceptedOffer
let signerLink: { signerId: string; token: string }
let baselineRss = 0

beforeAll(async () => {
  t = await buildTestApp()
  files = await hostileFiles()
  deal = await acceptedOffer(t)
  const signer = outsider('hostile')
  await sentFormPacket(t, deal, [signer])
  signerLink = await lastLink(t, signer.email)
  const call = signerCaller(t)
  signerViewOf(await call(signerLink, 'GET'))
  signerViewOf(await call(signerLink, 'POST', '/consent', { accepted: true }))
  baselineRss = process.memoryUsage().rss
}, 180_000)

afterAll(async () => {
  await t?.close()
})

type Probed = { response: LightMyRequestResponse; longestHealthMs: number; peakRssMb: number }

/** Runs the request while a probe asks /api/health one request after another; the probe's longest wait and the peak memory over the baseline. */
async function probed(request: () => Promise<LightMyRequestResponse>): Promise<Probed> {
  let done = false
  let longestHealthMs = 0
  let peakRss = process.memoryUsage().rss
  const work = request().finally(() => {
    done = true
  })
  const probe = (async () => {
    while (!done) {
      const started = performance.now()
      const health = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
      longestHealthMs = Math.max(longestHealthMs, performance.now() - started)
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  const response = await work
  await probe
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  return { response, longestHealthMs, peakRssMb: (peakRss - baselineRss) / 1_048_576 }
}

async function send(file: HostileFile): Promise<LightMyRequestResponse> {
  switch (file.target) {
    case 'form':
      return uploadForm(t, deal.buyer, deal.offer.id, file.bytes, { filename: file.name })
    case 'verify': {
      const body = multipartFile(file.bytes, { filename: file.name })
      return t.app.inject({ method: 'POST', url: '/api/verify', payload: body.payload, headers: body.headers })
    }
    case 'signature': {
      const signature = `data:image/png;base64,${file.bytes.toString('base64')}`
      return signerCaller(t)(signerLink, 'POST', '/finish', { adopted: { ...ADOPTED, method: 'drawn', signature }, values: {} })
    }
    case 'listing-photo': {
      const owner = await signedInUser(t, ['SELLER_OWNER'])
      const listing = await newListing(t, owner)
      return uploadPhoto(t, owner, listing.id, file.bytes, file.name)
    }
    case 'profile-photo': {
      const who = await signedInUser(t, [])
      const form = await multipart([{ name: 'photo', value: file.bytes, filename: file.name, type: 'image/png' }])
      return t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { ...form.headers, ...who.headers }, payload: form.payload })
    }
  }
}

describe('the hostile-inputs corpus', () => {
  it('is what the script makes: the committed files are the script’s output', () => {
    for (const file of files.filter((candidate) => candidate.committed)) {
      expect(readFileSync(join(FIXTURES_DIRECTORY, file.name)).equals(file.bytes), file.name).toBe(true)
    }
  })

  // One test per file, named by it; the files are made in beforeAll, so the names are listed here.
  const names = [
    'pdf-page-tree-dag.pdf',
    'pdf-page-tree-cycle.pdf',
    'pdf-deep-nesting.pdf',
    'pdf-440000-objects.pdf',
    'pdf-object-stream-256mb.pdf',
    'pdf-10-million-numbers.pdf',
    'pdf-every-action.pdf',
    'pdf-page-tree-dag.pdf (verify)',
    'pdf-440000-objects.pdf (verify)',
    'signature-16000x16000.png',
    'signature-inflates-to-64mb.png',
    'signature-100000x1.png',
    'photo-65535x4000.png',
    'photo-65500x65500.jpg',
    'photo-16000x2.png',
    'profile-16000x16000.png',
    'photo-65500x65500.jpg (profile)',
    'photo-16000x2.png (profile)',
  ]
  it.each(names)('%s: a clear answer, the site answering meanwhile, memory bounded', async (name) => {
    const file = files.find((candidate) => candidate.name === name)
    if (!file) throw new Error(`the corpus has no ${name}`)
    const { response, longestHealthMs, peakRssMb } = await probed(() => send(file))
    expect(response.statusCode, response.body).toBe(file.expect.status)
    if (file.expect.key) {
      const body = response.json<ApiError>()
      expect(body.key).toBe(file.expect.key)
      expect(body.message).toBe(messageText(file.expect.key as MessageKey, body.params))
    }
    expect(longestHealthMs, `the longest /api/health wait while ${name} was processed`).toBeLessThan(PROBE_BOUND_MS)
    expect(peakRssMb, `the peak memory over the baseline while ${name} was processed, in MB`).toBeLessThan(MEMORY_BOUND_MB)
    // After a refused file the site still does what it is for: the next request answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  }, 180_000)

  it('a PDF with every kind of action and script becomes a packet that carries none of them', async () => {
    const file = files.find((candidate) => candidate.name === 'pdf-every-action.pdf')!
    const packet = packetOf(await uploadForm(t, deal.buyer, deal.offer.id, file.bytes, { filename: 'actions.pdf' }), 201)
    expect(packet.pages).toHaveLength(1)
    const [stored] = await packetFiles(t, packet.id)
    const content = await createFileStorage(t.config.storage).get(stored!.key)
    const chunks: Buffer[] = []
    for await (const chunk of content!.body) chunks.push(chunk as Buffer)
    const pdf = Buffer.concat(chunks).toString('latin1')
    for (const word of ['/JavaScript', '/JS', '/Launch', '/OpenAction', '/AA', '/URI', '/SubmitForm', '/ImportData', '/GoToR', '/Rendition', '/EmbeddedFile', 'attacker.example', 'cmd.exe', 'app.alert']) {
      expect(pdf.includes(word), `the packet still holds ${word}`).toBe(false)
    }
    // What the page shows is kept.
    expect(pdf).toContain('A page with every kind of action')
  }, 60_000)

  it('a refused signature changes nothing: the signer can still finish with a sound one', async () => {
    const file = files.find((candidate) => candidate.name === 'signature-16000x16000.png')!
    const signature = `data:image/png;base64,${file.bytes.toString('base64')}`
    const refused = await signerCaller(t)(signerLink, 'POST', '/finish', { adopted: { ...ADOPTED, signature }, values: {} })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<ApiError>().errors).toEqual([{ path: 'adopted.signature', key: 'signing.signatureDimensions', params: { width: 2000, height: 1000 }, message: messageText('signing.signatureDimensions', { width: 2000, height: 1000 }) }])
    const view = signerViewOf(await signerCaller(t)(signerLink, 'POST', '/finish', { adopted: ADOPTED, values: {} }))
    expect(view.signer.status).toBe('signed')
  }, 60_000)

  it('the buyer who sent the files can still use the offer', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/offers/${deal.offer.id}/signing`, headers: await authOf(t, deal.buyer) })
    expect(response.statusCode).toBe(200)
  })
})
