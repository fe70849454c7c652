import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { BrokerageExport } from '@offerbook/domain/brokerage-export'
import type { CreatedUser } from '../../../test/factories'
import { createTestListing, createTestOffer, createUser } from '../../../test/factories'
import { storedFile } from '../../db/schema/files'
import { offer, offerAttachment } from '../../db/schema/offers'
import { createFileStorage } from '../../storage/create-file-storage'
import { expectRefusal, offersTestApp, readZip, sellerWithListing } from '../offers/offers.test-helpers'
import { completeNow, completingPacket } from '../signing/signing.test-helpers'
import { joinByInvitation, person } from '../teams/teams.test-helpers'
import { addFileDocument } from '../transaction-files/file-documents.service'
import { runBrokerageExports } from './brokerage-export-job'

const app = offersTestApp()
const call = app.call
const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const runExports = () => runBrokerageExports(app.t.db, createFileStorage(app.t.config.storage), { log: quiet })
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A principal broker with a buyer agent and a listing agent (who lists one home) in his brokerage. */
async function brokerage(name: string) {
  const broker = await person(app.t, ['PRINCIPAL_BROKER'], `${name} Broker`)
  const buyerAgent = await person(app.t, ['BUYER_AGENT'], `${name} Buyer Agent`)
  const listingAgent = await person(app.t, ['SELLER_AGENT'], `${name} Listing Agent`)
  await joinByInvitation(call, app.t, broker, buyerAgent)
  await joinByInvitation(call, app.t, broker, listingAgent)
  const listing = await createTestListing(app.t, { ownerId: listingAgent.id, listAgentUserId: listingAgent.id, listAgentFullName: `${name} Listing Agent`, unparsedAddress: `${Math.floor(Math.random() * 9000) + 100} ${name} Street, Nashville, TN 37203` })
  return { broker, buyerAgent, listingAgent, listing }
}

/** A document attached to the offer, its bytes in the file storage. */
async function attach(offerId: string, owner: CreatedUser, bytes: Buffer, filename: string) {
  const key = `offers/${offerId}/${randomUUID()}.pdf`
  await createFileStorage(app.t.config.storage).put(key, bytes, { contentType: 'application/pdf' })
  const [file] = await app.t.db.insert(storedFile).values({ ownerId: owner.id, key, purpose: 'offer-attachment', filename, contentType: 'application/pdf', size: bytes.length }).returning()
  await app.t.db.insert(offerAttachment).values({ offerId, fileId: file!.id, kind: 'attachment' })
}

function exportOf(response: { statusCode: number; body: string; json: <T>() => T }, status = 200): BrokerageExport {
  expect(response.statusCode, response.body).toBe(status)
  return response.json<BrokerageExport>()
}

describe("the brokerage's export for TREC", () => {
  it('puts 200 files in one ZIP, a folder each with its documents and sealed PDF, a manifest whose checksums match the bytes, and nothing of another brokerage', { timeout: 240_000 }, async () => {
    const ours = await brokerage('Maple')
    const { listing: outsideListing } = await sellerWithListing(app.t)
    const outsideBuyer = await createUser(app.t, { roles: ['BUYER_SIMPLE'], name: 'Olive Outside' })

    // A contract sealed through signing, whose listing agent joins the brokerage: its sealed PDF is in the export.
    const { deal } = await completingPacket(app.t)
    expect(await completeNow(app.t)).toBe(1)
    await joinByInvitation(call, app.t, ours.broker, deal.seller)
    // Its brokerage file: a document of the listing side (ours), and one of the buyer side (not ours: left out).
    const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text} ${randomUUID()}\n%%EOF\n`)
    const disclosure = pdf('the agency disclosure')
    await addFileDocument(app.t.db, createFileStorage(app.t.config.storage), { offerId: deal.offer.id, side: 'listing', slotKey: 'agencyDisclosure', kind: 'agencyDisclosure', filename: 'Agency disclosure.pdf', bytes: disclosure, source: 'upload', actor: { uid: deal.seller.id, name: 'Lena Seller' } })
    await addFileDocument(app.t.db, createFileStorage(app.t.config.storage), { offerId: deal.offer.id, side: 'buyer', slotKey: 'agencyDisclosure', kind: 'agencyDisclosure', filename: 'Buyer agency.pdf', bytes: pdf('the buyer side'), source: 'upload', actor: { uid: deal.buyer.id, name: 'Ben Buyer' } })

    // 120 offers made to the listing agent's home (one accepted and bound), 78 made by the buyer agent elsewhere, and one
    // made to that home by another brokerage's buyer agent (ours by its listing side): 200 with the sealed contract.
    const made: string[] = [deal.offer.id]
    const statuses = ['active', 'declined', 'withdrawn', 'expired'] as const
    for (let i = 0; i < 120; i++) {
      const { offer: row } = await createTestOffer(app.t, { status: i === 0 ? 'accepted' : statuses[i % statuses.length]!, listing: ours.listing, buyer: outsideBuyer, bindingAgreementAt: i === 0 ? new Date() : null })
      made.push(row.id)
    }
    for (let i = 0; i < 78; i++) {
      const { offer: row } = await createTestOffer(app.t, { status: statuses[i % statuses.length]!, listing: outsideListing, buyer: ours.buyerAgent })
      made.push(row.id)
    }
    const neverContract = made[5]!
    const document = Buffer.from(`%PDF-1.4\n% the pre-approval letter ${randomUUID()}\n%%EOF\n`)
    await attach(neverContract, outsideBuyer, document, 'Pre-approval letter.pdf')
    // Left out: a draft of the buyer agent (never made), and the offers of another brokerage's agents.
    const { offer: draft } = await createTestOffer(app.t, { status: 'draft', listing: outsideListing, buyer: ours.buyerAgent })
    const theirs = await brokerage('Cedar')
    const { offer: theirOffer } = await createTestOffer(app.t, { status: 'active', listing: theirs.listing, buyer: outsideBuyer })
    const { offer: theirBuyerOffer } = await createTestOffer(app.t, { status: 'active', listing: ours.listing, buyer: theirs.buyerAgent })
    made.push(theirBuyerOffer.id)

    const started = exportOf(await call(ours.broker, 'POST', '/api/brokerage/exports', {}), 202)
    expect(started).toMatchObject({ state: 'queued', from: null, to: null, filesDone: 0, downloadUrl: null })
    // One export of a brokerage at a time: the second is refused, naming the first.
    const second = expectRefusal(await call(ours.broker, 'POST', '/api/brokerage/exports', { from: '2026-01-01' }), 409, { key: 'brokerageExport.running' })
    expect(second.params).toMatchObject({ exportId: started.id })
    // Its ZIP cannot be downloaded before it is made.
    expectRefusal(await call(ours.broker, 'GET', `/api/brokerage/exports/${started.id}/download`), 409, { key: 'brokerageExport.notReady' })

    const outcomes = await runExports()
    expect(outcomes.map((outcome) => outcome.id)).toEqual([started.id])
    const done = exportOf(await call(ours.broker, 'GET', `/api/brokerage/exports/${started.id}`))
    expect(done).toMatchObject({ state: 'done', filesDone: 200, filesTotal: 200, downloadUrl: `/api/brokerage/exports/${started.id}/download` })
    expect((await call(ours.broker, 'GET', '/api/brokerage/exports')).json<{ items: BrokerageExport[] }>().items[0]).toMatchObject({ id: started.id, state: 'done' })

    const download = await call(ours.broker, 'GET', done.downloadUrl!)
    expect(download.statusCode, download.body).toBe(200)
    expect(download.headers['content-type']).toBe('application/zip')
    expect(download.headers['content-disposition']).toContain('Brokerage-files-all-')
    expect(download.rawPayload.length).toBe(done.size)
    const entries = await readZip(download.rawPayload)

    // A folder per offer.
    const folders = new Set([...entries.keys()].filter((path) => path.startsWith('offers/')).map((path) => path.split('/').slice(0, 2).join('/')))
    expect(folders.size).toBe(200)
    const folderOf = (offerId: string) => [...folders].find((folder) => folder.endsWith(offerId))
    for (const id of made) expect(folderOf(id), id).toBeDefined()
    for (const id of [draft.id, theirOffer.id]) expect(folderOf(id), id).toBeUndefined()

    // The manifest lists every file with its SHA-256, and each one matches the bytes in the ZIP.
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { offers: number; files: { path: string; size: number; sha256: string }[] }
    expect(manifest.offers).toBe(200)
    expect(new Set(manifest.files.map((file) => file.path))).toEqual(new Set([...entries.keys()].filter((path) => path !== 'manifest.json' && path !== 'SHA256SUMS')))
    for (const file of manifest.files) {
      const bytes = entries.get(file.path)!
      expect(sha256(bytes), file.path).toBe(file.sha256)
      expect(bytes.length, file.path).toBe(file.size)
    }
    expect(entries.get('SHA256SUMS')!.toString('utf8').trim().split('\n')).toHaveLength(manifest.files.length)

    // A never-contract offer: its record and its document, byte for byte.
    const never = folderOf(neverContract)!
    expect(JSON.parse(entries.get(`${never}/offer.json`)!.toString('utf8'))).toMatchObject({ id: neverContract, bindingAgreementAt: null })
    const attached = [...entries.keys()].find((path) => path.startsWith(`${never}/documents/`))!
    expect(entries.get(attached)!.equals(document)).toBe(true)
    expect(entries.has(`${never}/events/offer-record.csv`)).toBe(true)
    // The sealed contract: its sealed PDF, as the file storage holds it.
    const sealed = [...entries.keys()].find((path) => path.startsWith(`${folderOf(deal.offer.id)!}/signing/`) && path.endsWith('sealed-with-certificate.pdf'))
    expect(sealed).toBeDefined()
    expect(entries.get(sealed!)!.subarray(0, 5).toString()).toBe('%PDF-')
    // Its brokerage file, the listing side's alone: the document byte for byte, and what is known of it.
    const brokerageFile = [...entries.keys()].filter((path) => path.startsWith(`${folderOf(deal.offer.id)!}/brokerage-file/`))
    expect(brokerageFile.map((path) => path.split('/').slice(2).join('/'))).toEqual(['brokerage-file/listing/01-agencyDisclosure-Agency disclosure.pdf', 'brokerage-file/listing/documents.json'])
    expect(entries.get(brokerageFile[0]!)!.equals(disclosure)).toBe(true)
    const listed = JSON.parse(entries.get(brokerageFile[1]!)!.toString('utf8')) as { file: string; sha256: string; review: string; storageKey?: string }[]
    expect(listed).toEqual([expect.objectContaining({ file: '01-agencyDisclosure-Agency disclosure.pdf', sha256: sha256(disclosure), review: 'pending' })])
    expect(listed[0]!.storageKey).toBeUndefined()

    // The index: a row per offer, the never-contract ones said so.
    const index = entries.get('index.csv')!.toString('utf8').trim().split('\r\n')
    expect(index).toHaveLength(201)
    expect(index[0]).toContain('folder,offer_id,address,status,became_contract')
    expect(index.find((line) => line.includes(neverContract))).toContain(',no,')
  })

  it('exports only the offers made in a period, and refuses a period that ends before it starts', async () => {
    const ours = await brokerage('Birch')
    const buyer = await createUser(app.t, { roles: ['BUYER_SIMPLE'] })
    const ids: string[] = []
    for (const day of ['2025-01-10T15:00:00Z', '2025-02-01T07:00:00Z', '2025-02-28T23:00:00Z', '2025-03-01T07:00:00Z']) {
      const { offer: row } = await createTestOffer(app.t, { status: 'declined', listing: ours.listing, buyer })
      await app.t.db.update(offer).set({ createdAt: new Date(day) }).where(eq(offer.id, row.id))
      ids.push(row.id)
    }
    expectRefusal(await call(ours.broker, 'POST', '/api/brokerage/exports', { from: '2025-03-01', to: '2025-02-01' }), 400, { key: 'brokerageExport.periodReversed' })
    expectRefusal(await call(ours.broker, 'POST', '/api/brokerage/exports', { from: 'February' }), 400, { key: 'brokerageExport.invalidFrom' })

    // February in Central time: Feb 1 01:00 CST is in, Feb 28 17:00 CST is in, Mar 1 01:00 CST is out.
    const started = exportOf(await call(ours.broker, 'POST', '/api/brokerage/exports', { from: '2025-02-01', to: '2025-02-28' }), 202)
    await runExports()
    const done = exportOf(await call(ours.broker, 'GET', `/api/brokerage/exports/${started.id}`))
    expect(done).toMatchObject({ state: 'done', from: '2025-02-01', to: '2025-02-28', filesTotal: 2 })
    const download = await call(ours.broker, 'GET', done.downloadUrl!)
    expect(download.headers['content-disposition']).toContain('Brokerage-files-2025-02-01-to-2025-02-28.zip')
    const entries = await readZip(download.rawPayload)
    const exported = new Set([...entries.keys()].filter((path) => path.startsWith('offers/')).map((path) => path.split('/')[1]!.slice(-36)))
    expect([...exported].sort()).toEqual([ids[1]!, ids[2]!].sort())
  })

  it('is for the principal broker alone: an agent gets 403, another brokerage’s broker 404', async () => {
    const ours = await brokerage('Aspen')
    const theirs = await brokerage('Alder')
    const started = exportOf(await call(ours.broker, 'POST', '/api/brokerage/exports', {}), 202)
    await runExports()
    for (const agent of [ours.buyerAgent, ours.listingAgent]) {
      expectRefusal(await call(agent, 'POST', '/api/brokerage/exports', {}), 403)
      expectRefusal(await call(agent, 'GET', `/api/brokerage/exports/${started.id}`), 403)
      expectRefusal(await call(agent, 'GET', `/api/brokerage/exports/${started.id}/download`), 403)
    }
    expectRefusal(await call(theirs.broker, 'GET', `/api/brokerage/exports/${started.id}`), 404, { key: 'brokerageExport.notFound' })
    expectRefusal(await call(theirs.broker, 'GET', `/api/brokerage/exports/${started.id}/download`), 404, { key: 'brokerageExport.notFound' })
    expect((await call(theirs.broker, 'GET', '/api/brokerage/exports')).json<{ items: BrokerageExport[] }>().items).toEqual([])
    expectRefusal(await call(theirs.broker, 'GET', '/api/brokerage/exports/not-an-id'), 404)
    expect((await call(null, 'GET', `/api/brokerage/exports/${started.id}`)).statusCode).toBe(401)
    // Another brokerage's export runs beside this one's: one at a time is per brokerage.
    exportOf(await call(ours.broker, 'POST', '/api/brokerage/exports', {}), 202)
    exportOf(await call(theirs.broker, 'POST', '/api/brokerage/exports', {}), 202)
    expect(await runExports()).toHaveLength(2)
  })
})
