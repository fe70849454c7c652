import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OfferRecord, LedgerVerification } from '@offerbook/domain/offer-record'
import type { VerifyResult } from '@offerbook/domain/signing'
import { SEALED_RECORD_FILENAME } from '@offerbook/domain/signing'
import type { CreatedUser } from '../../../test/factories'
import { bearer, createTestOffer, createUser, signIn } from '../../../test/factories'
import type { LocalTsa } from '../../../test/tsa-server'
import { startLocalTsa } from '../../../test/tsa-server'
import { offerEvent } from '../../db/schema/offers'
import { OFFER_RECORD_JSON_FORMAT, OFFER_RECORD_JSON_NAME } from './offer-record-export'
import { expectArchival } from '../../pdf/pdfa.test-helpers'
import { multipart } from '../files/files.test-helpers'
import { insertOfferEvent } from '../offers/offer-rows.service'
import { expectRefusal, offersTestApp, readZip, sellerWithListing } from '../offers/offers.test-helpers'
import { loadSealingIdentity } from '../signing/signing-certificate'
import { archiveDuePackets, completePendingPackets } from '../signing/signing-jobs'
import { completingPacket, packetRow, signingContextOf } from '../signing/signing.test-helpers'

const app = offersTestApp()
const call = app.call
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

type RecordAnswer = { record: OfferRecord; verification: LedgerVerification }

/** A seller agent's listing with two buyers' shared offers on it. */
async function listingWithTwoOffers(columns: Parameters<typeof sellerWithListing>[1] = {}) {
  const { seller, listing } = await sellerWithListing(app.t, columns)
  const first = await createTestOffer(app.t, { status: 'active', listing, buyer: await createUser(app.t, { roles: ['BUYER_SIMPLE'], name: 'Ben Buyer' }), terms: { buyers: [{ fullName: 'Ben Buyer', email: 'ben@example.com' }] } })
  const second = await createTestOffer(app.t, { status: 'active', listing, buyer: await createUser(app.t, { roles: ['BUYER_SIMPLE'], name: 'Bea Buyer' }), terms: { buyers: [{ fullName: 'Bea Buyer', email: 'bea@example.com' }] } })
  return { seller, listing, first, second }
}

async function recordOf(who: CreatedUser, listingId: string): Promise<RecordAnswer> {
  const response = await call(who, 'GET', `/api/listings/${listingId}/offer-record`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<RecordAnswer>()
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'offer-record-'))
  try {
    writeFileSync(join(dir, 'record.pdf'), bytes)
    return execFileSync('pdftotext', ['-layout', join(dir, 'record.pdf'), '-'], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the offer record', () => {
  it('lists the shares and each opening by the seller side, chained, and names an edited row', async () => {
    const { seller, listing, first, second } = await listingWithTwoOffers()
    // The seller side opens the first offer twice: one 'viewed' entry in the window, not two.
    expect((await call(seller, 'GET', `/api/offers/${first.offer.id}`)).statusCode).toBe(200)
    expect((await call(seller, 'GET', `/api/offers/${first.offer.id}`)).statusCode).toBe(200)
    // The buyer opening its own offer is not a seller-side view.
    expect((await call(first.buyer, 'GET', `/api/offers/${first.offer.id}`)).statusCode).toBe(200)

    const { record, verification } = await recordOf(seller, listing.id)
    expect(record.scope).toBe('listing')
    expect(record.timeZone).toBe('America/Chicago')
    expect(record.entries.map((entry) => [entry.seq, entry.offerLabel, entry.type])).toEqual([
      [1, 'Ben Buyer', 'created'],
      [2, 'Ben Buyer', 'shared'],
      [3, 'Bea Buyer', 'created'],
      [4, 'Bea Buyer', 'shared'],
      [5, 'Ben Buyer', 'viewed'],
    ])
    expect(record.entries[4]).toMatchObject({ actorName: 'Lena Seller', details: { via: 'account' } })
    expect(verification).toEqual({ ok: true, checked: 5, broken: null })

    // Someone with database access rewrites what the share said: the chain names that row.
    const shared = record.entries[3]!
    await app.t.db.execute(sql`update offer_event set details = ${JSON.stringify({ note: 'changed later' })}::jsonb where id = ${shared.id}`)
    const after = await recordOf(seller, listing.id)
    expect(after.verification).toEqual({ ok: false, checked: 5, broken: { seq: 4, id: shared.id, reason: 'hash' } })
    // A removed row breaks the link after it.
    await app.t.db.delete(offerEvent).where(eq(offerEvent.id, record.entries[1]!.id))
    const removed = await recordOf(seller, listing.id)
    expect(removed.verification.broken).toMatchObject({ seq: 3, reason: 'sequence' })
    expect(second.offer.id).toBeTruthy()
  })

  it("chains existing rows in migration 0014's backfill exactly as the writer chains new ones", async () => {
    const { seller, listing } = await listingWithTwoOffers()
    const before = await recordOf(seller, listing.id)
    // Rows as they were before the migration: no sequence or hash of their own.
    await app.t.db.execute(sql`update offer_event set seq = seq + 1000, previous_hash = '', hash = '' where listing_id = ${listing.id}`)
    expect((await recordOf(seller, listing.id)).verification.ok).toBe(false)
    const migration = readFileSync(fileURLToPath(new URL('../../db/migrations/0014_offer_record.sql', import.meta.url)), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('DO $$'))
    if (!backfill) throw new Error('migration 0014 has no backfill')
    await app.t.db.execute(sql.raw(backfill))
    const after = await recordOf(seller, listing.id)
    expect(after.verification).toEqual({ ok: true, checked: 4, broken: null })
    // In the order of their times (then ids), numbered from 1.
    const byTime = [...before.record.entries].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    expect(after.record.entries.map((entry) => [entry.seq, entry.id])).toEqual(byTime.map((entry, index) => [index + 1, entry.id]))
    // The same row at the same place hashes as the writer hashed it: one canonical form for both.
    const first = before.record.entries.find((entry) => entry.id === after.record.entries[0]!.id)!
    expect(first.seq).toBe(1)
    expect(after.record.entries[0]!.hash).toBe(first.hash)
  })

  it('keeps one chain when writers of one listing race', async () => {
    const { seller, listing, first, second } = await listingWithTwoOffers()
    const writers = Array.from({ length: 16 }, (_, index) =>
      app.t.db.transaction(async (tx) => {
        await insertOfferEvent(tx, { offerId: (index % 2 === 0 ? first : second).offer.id, type: 'viewed', actorId: seller.id, actorName: 'Lena Seller', at: new Date(), details: { round: index } })
      }),
    )
    await Promise.all(writers)
    const rows = await app.t.db.select({ seq: offerEvent.seq }).from(offerEvent).where(eq(offerEvent.listingId, listing.id))
    expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1))
    const { verification } = await recordOf(seller, listing.id)
    expect(verification).toEqual({ ok: true, checked: 20, broken: null })
  })

  it('shows a buyer side its own entries only, and nothing to anyone else', async () => {
    const { seller, listing, first, second } = await listingWithTwoOffers()
    expect((await call(seller, 'GET', `/api/offers/${second.offer.id}`)).statusCode).toBe(200)
    const own = await recordOf(first.buyer, listing.id)
    expect(own.record.scope).toBe('own-offers')
    expect(own.record.entries.map((entry) => entry.offerId)).toEqual([first.offer.id, first.offer.id])
    expect(own.verification).toMatchObject({ ok: true, checked: 2 })
    // The later offer's buyer sees its entries numbered from 1, not where they sit in the listing's ledger.
    const later = await recordOf(second.buyer, listing.id)
    const ledger = (await recordOf(seller, listing.id)).record.entries.filter((entry) => entry.offerId === second.offer.id)
    expect(ledger.map((entry) => entry.seq)).not.toEqual([1, 2])
    expect(later.record.entries.map((entry) => [entry.seq, entry.id])).toEqual(ledger.map((entry, index) => [index + 1, entry.id]))
    const laterCsv = await call(second.buyer, 'GET', `/api/listings/${listing.id}/offer-record.csv`)
    expect(laterCsv.body.replace(/^\ufeff/, '').trim().split('\r\n').slice(1, 3).map((line) => line.split(',')[0])).toEqual(['1', '2'])

    const stranger = await createUser(app.t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(stranger, 'GET', `/api/listings/${listing.id}/offer-record`), 404, { key: 'offerRecord.notFound', message: 'There is no offer record of this listing for you' })
    expectRefusal(await call(stranger, 'GET', `/api/listings/${listing.id}/offer-record.csv`), 404)
    expectRefusal(await call(stranger, 'GET', `/api/listings/${listing.id}/offer-record.pdf`), 404)
    expectRefusal(await call(stranger, 'GET', `/api/offers/${first.offer.id}/transaction-file`), 404)
    expectRefusal(await call(first.buyer, 'GET', `/api/offers/${second.offer.id}/transaction-file`), 404)
    expectRefusal(await call(first.buyer, 'GET', `/api/offers/${second.offer.id}/calendar`), 404)
    expect((await call(null, 'GET', `/api/listings/${listing.id}/offer-record`)).statusCode).toBe(401)
    expect((await call(null, 'GET', `/api/offers/${first.offer.id}/transaction-file`)).statusCode).toBe(401)

    const csv = await call(first.buyer, 'GET', `/api/listings/${listing.id}/offer-record.csv`)
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Ben Buyer')
    expect(csv.body).not.toContain('Bea Buyer')
  })

  it('exports CSV and PDF with times in the property zone, named, and each hash', async () => {
    const { seller, listing } = await listingWithTwoOffers({ countyOrParish: 'Knox', city: 'Knoxville' })
    const { record } = await recordOf(seller, listing.id)
    expect(record.timeZone).toBe('America/New_York')
    const csv = await call(seller, 'GET', `/api/listings/${listing.id}/offer-record.csv`)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="Offer-record-.*\.csv"/)
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n')
    expect(lines[0]).toBe('Sequence,Time (property zone),Time (UTC),Offer,Offer id,Entry,Type,By,From status,To status,Details,Hash')
    expect(lines).toHaveLength(5)
    expect(lines[2]).toMatch(/^2,"[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T",/)
    expect(lines[2]).toContain('Offer shared with the seller side')
    expect(lines[2]).toContain(record.entries[1]!.hash)

    const pdf = await call(seller, 'GET', `/api/listings/${listing.id}/offer-record.pdf`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = pdfText(pdf.rawPayload)
    expect(text).toContain('Offer record')
    expect(text).toContain('Hash chain verified: 4 entries of the listing, every link intact.')
    expect(text).toContain('Offer shared with the seller side')
    expect(text).toMatch(/E[SD]T/)
    expect(text).toContain(record.entries[0]!.hash.slice(0, 20))

    // PDF/A-3b, with the entries inside as canonical JSON (an associated file, relationship Data).
    const dir = mkdtempSync(join(tmpdir(), 'offer-record-'))
    try {
      const path = join(dir, 'record.pdf')
      writeFileSync(path, pdf.rawPayload)
      await expectArchival(path)
      expect(execFileSync('pdfdetach', ['-list', path], { encoding: 'utf8' })).toContain(OFFER_RECORD_JSON_NAME)
      execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'record.json'), path])
      const json = readFileSync(join(dir, 'record.json'), 'utf8')
      const inside = JSON.parse(json) as { format: string; entries: unknown; verification: LedgerVerification; timeZone: string }
      expect(inside.format).toBe(OFFER_RECORD_JSON_FORMAT)
      expect(inside.entries).toEqual(JSON.parse(JSON.stringify(record.entries)))
      expect(inside.verification).toMatchObject({ ok: true, checked: 4 })
      expect(inside.timeZone).toBe('America/New_York')
      // Canonical: its keys sorted at every level, so the same entries always give the same bytes.
      expect(json.startsWith('{"address":')).toBe(true)
      const catalog = execFileSync('mutool', ['show', path, 'trailer/Root'], { encoding: 'utf8' })
      expect(catalog).toMatch(/\/AF\s/)
      expect(execFileSync('mutool', ['show', path, 'trailer/Root/AF/1'], { encoding: 'utf8' })).toMatch(/\/AFRelationship\s*\/Data/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("an offer's transaction file", () => {
  it('holds the terms, every document, the events and a manifest whose hashes match', async () => {
    const { seller, listing, first } = await listingWithTwoOffers()
    const form = await multipart([{ name: 'file', value: PDF, filename: 'proof of funds.pdf', type: 'application/pdf' }])
    const headers = { ...form.headers, ...bearer((await signIn(app.t.app, first.buyer.email, first.buyer.password)).accessToken) }
    expect((await app.t.app.inject({ method: 'POST', url: `/api/offers/${first.offer.id}/attachments`, payload: form.payload, headers })).statusCode).toBe(201)
    expect((await call(first.buyer, 'POST', `/api/offers/${first.offer.id}/forms`)).statusCode).toBe(201)

    for (const who of [seller, first.buyer]) {
      const response = await call(who, 'GET', `/api/offers/${first.offer.id}/transaction-file`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toBe('application/zip')
      const files = await readZip(response.rawPayload)
      const names = [...files.keys()]
      expect(names).toEqual([
        'offer.json',
        'documents/01-attachment-proof of funds.pdf',
        // The form made again for version 1 replaces the one made at sharing: one current form per version.
        expect.stringMatching(/^documents\/02-offer-form-Purchase-and-Sale-Agreement-v1-\d{4}-\d{2}-\d{2}\.pdf$/),
        'events/offer-record.csv',
        'events/offer-record.json',
        'events/offer-events.json',
        'manifest.json',
        'SHA256SUMS',
      ])
      expect(files.get('documents/01-attachment-proof of funds.pdf')).toEqual(PDF)
      const offerJson = JSON.parse(files.get('offer.json')!.toString()) as { id: string; listingId: string; terms: { buyers: { fullName: string }[] } }
      expect(offerJson).toMatchObject({ id: first.offer.id, listingId: listing.id })
      expect(offerJson.terms.buyers[0]?.fullName).toBe('Ben Buyer')
      const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { files: { path: string; size: number; sha256: string }[] }
      expect(manifest.files.map((file) => file.path)).toEqual(names.slice(0, -2))
      for (const file of manifest.files) {
        const content = files.get(file.path)!
        expect(file.size).toBe(content.length)
        expect(file.sha256).toBe(createHash('sha256').update(content).digest('hex'))
      }
      expect(files.get('SHA256SUMS')!.toString()).toContain(`${manifest.files[0]!.sha256}  offer.json`)
      const ledger = JSON.parse(files.get('events/offer-record.json')!.toString()) as { offerId: string; type: string }[]
      expect(ledger.map((entry) => entry.type)).toEqual(expect.arrayContaining(['created', 'shared', 'updated']))
      expect(new Set(ledger.map((entry) => entry.offerId))).toEqual(new Set([first.offer.id]))
    }
  })
})

describe("a transaction file's sealed packets", () => {
  let ca: LocalTsa
  beforeAll(async () => {
    ca = await startLocalTsa({ revocation: true })
  })
  afterAll(async () => {
    await ca.close()
  })

  it('carry the newest sealed file, the record embedded in it byte for byte, and every version of it', async () => {
    const { deal, packetId } = await completingPacket(app.t)
    const identity = await loadSealingIdentity({ p12: `base64:${ca.sealingP12!.toString('base64')}`, passphrase: ca.sealingPassphrase, dataDir: app.t.config.dataDir })
    const ctx = { ...signingContextOf(app.t), sealing: () => Promise.resolve(identity), timestamps: { urls: [ca.url], timeoutMs: 2_000, retryDelayMs: 10 } }
    expect(await completePendingPackets(app.t.db, ctx)).toBe(1)
    expect((await archiveDuePackets(app.t.db, ctx)).archived).toBe(1)

    const response = await call(deal.buyer, 'GET', `/api/offers/${deal.offer.id}/transaction-file`)
    expect(response.statusCode, response.body).toBe(200)
    const dir = mkdtempSync(join(tmpdir(), 'transaction-file-'))
    try {
      writeFileSync(join(dir, 'file.zip'), response.rawPayload)
      // The tools a broker would use: unzip, then sha256sum checks every file the manifest lists.
      execFileSync('unzip', ['-q', 'file.zip', '-d', 'out'], { cwd: dir })
      const out = join(dir, 'out')
      expect(execFileSync('sha256sum', ['-c', '--strict', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' })).not.toContain('FAILED')
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { files: { path: string }[] }
      const folder = manifest.files.find((file) => file.path.startsWith('signing/01-'))!.path.split('/').slice(0, 2).join('/')
      expect(manifest.files.map((file) => file.path).filter((path) => path.startsWith(folder))).toEqual(['original.pdf', 'sealed-with-certificate.pdf', 'record.json', 'versions.json', 'audit-trail.json'].map((name) => `${folder}/${name}`))

      // The sealed file is the packet's newest, B-LTA, and /verify knows it.
      const sealedPath = join(out, folder, 'sealed-with-certificate.pdf')
      const sealed = readFileSync(sealedPath)
      const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
      expect((await packetRow(app.t, packetId)).signedSha256).toBe(sha256(sealed))
      const verified = (await app.t.app.inject({ method: 'POST', url: '/api/verify', payload: { sha256: sha256(sealed) } })).json<VerifyResult>()
      expect(verified).toMatchObject({ status: 'intact', packet: { sealLevel: 'B-LTA' } })

      // record.json is the attachment inside the sealed file, as qpdf reads it, and the record /verify names.
      const record = readFileSync(join(out, folder, 'record.json'))
      expect(record.equals(execFileSync('qpdf', [`--show-attachment=${SEALED_RECORD_FILENAME}`, sealedPath]))).toBe(true)
      expect(verified.packet!.record).toEqual({ filename: SEALED_RECORD_FILENAME, sha256: sha256(record) })
      expect((JSON.parse(record.toString('utf8')) as { packet: { id: string } }).packet.id).toBe(packetId)

      // Each version: the B-T seal, then the B-LTA update; each is the newest file's first bytes.
      const { versions } = JSON.parse(readFileSync(join(out, folder, 'versions.json'), 'utf8')) as { versions: { seq: number; sha256: string; size: number; level: string; timestampAt: string; recordSha256: string; previousSha256: string | null }[] }
      expect(versions.map((version) => [version.seq, version.level])).toEqual([
        [1, 'B-T'],
        [2, 'B-LTA'],
      ])
      expect(versions[1]!.previousSha256).toBe(versions[0]!.sha256)
      expect(versions[1]!.size).toBe(sealed.length)
      for (const version of versions) {
        expect(sha256(sealed.subarray(0, version.size))).toBe(version.sha256)
        expect(version.recordSha256).toBe(sha256(record))
        expect(Number.isNaN(Date.parse(version.timestampAt))).toBe(false)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

/** A strict reading of the iCalendar lines this test needs: unfolded, each NAME;PARAMS:VALUE. */
function parseIcs(text: string): { events: Record<string, { params: string; value: string }>[]; lines: string[] } {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true)
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean)
  const events: Record<string, { params: string; value: string }>[] = []
  let current: Record<string, { params: string; value: string }> | null = null
  for (const line of lines) {
    const match = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line)
    if (!match) throw new Error(`not an iCalendar line: ${line}`)
    const [, name, params, value] = match as unknown as [string, string, string, string]
    if (name === 'BEGIN' && value === 'VEVENT') current = {}
    else if (name === 'END' && value === 'VEVENT') {
      if (current) events.push(current)
      current = null
    } else if (current) current[name] = { params, value: value.replace(/\\([,;\\nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char)) }
  }
  return { events, lines }
}

describe('deadlines in the calendar', () => {
  it("gives an accepted offer's dates from its Binding Agreement Date, and the expiry of an open one in UTC", async () => {
    const { seller, listing } = await sellerWithListing(app.t, { countyOrParish: 'Shelby', city: 'Memphis' })
    // Bound at 11:30 PM Central on November 24 (05:30 UTC on the 25th): the dates count from the 24th.
    const accepted = await createTestOffer(app.t, {
      status: 'accepted',
      listing,
      bindingAgreementAt: new Date('2026-11-25T05:30:00Z'),
      terms: { earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 3 }, inspectionPeriodDays: 10, closingDate: '2026-12-30' },
    })
    const ics = await call(accepted.buyer, 'GET', `/api/offers/${accepted.offer.id}/calendar`)
    expect(ics.statusCode, ics.body).toBe(200)
    expect(ics.headers['content-type']).toContain('text/calendar')
    const { events } = parseIcs(ics.body)
    const byUid = Object.fromEntries(events.map((event) => [event.UID!.value.split('@')[0]!.slice(accepted.offer.id.length + 1), event]))
    expect(byUid['binding']?.DTSTART).toEqual({ params: ';VALUE=DATE', value: '20261124' })
    expect(byUid['earnest-money']?.DTSTART).toEqual({ params: ';VALUE=DATE', value: '20261127' })
    expect(byUid['inspection']?.DTSTART).toEqual({ params: ';VALUE=DATE', value: '20261204' })
    expect(byUid['closing']?.DTSTART).toEqual({ params: ';VALUE=DATE', value: '20261230' })
    expect(byUid['closing']?.SUMMARY?.value).toContain('Closing (on or before)')
    // Every dated item of the contract timeline, each with its alarm 48 hours ahead (calendar.test.ts reads them closely).
    expect(Object.keys(byUid)).toEqual(expect.arrayContaining(['title', 'possession']))
    expect(ics.body.split('\r\n').filter((line) => /^TRIGGER;VALUE=DATE-TIME:\d{8}T\d{6}Z$/.test(line))).toHaveLength(events.length - 1)
    // Each entry opens the offer on the reader's side: the buyer's editor, the seller's offer page.
    expect(byUid['closing']?.URL?.value).toMatch(new RegExp(`/submitted-offers/update/${accepted.offer.id}$`))
    const sellerEvents = parseIcs((await call(seller, 'GET', `/api/offers/${accepted.offer.id}/calendar`)).body).events
    expect(sellerEvents.map((event) => event.URL?.value)).toEqual(sellerEvents.map(() => expect.stringMatching(new RegExp(`/my-properties/${listing.id}/offers/${accepted.offer.id}$`))))

    const open = await createTestOffer(app.t, { status: 'active', listing, terms: { expiresAt: '2027-03-08T07:30:00.000Z' } })
    const expiry = parseIcs((await call(seller, 'GET', `/api/offers/${open.offer.id}/calendar`)).body).events
    expect(expiry).toHaveLength(1)
    expect(expiry[0]?.DTSTART).toEqual({ params: '', value: '20270308T073000Z' })
    // The description names the time in the property's zone: 1:30 AM Central, before the switch to daylight time.
    expect(expiry[0]?.DESCRIPTION?.value).toContain('March 8, 2027, 1:30 AM CST')
  })

  it('serves a private feed without a session until its token is regenerated or revoked', async () => {
    const { listing } = await sellerWithListing(app.t)
    const open = await createTestOffer(app.t, { status: 'active', listing, terms: { expiresAt: '2027-01-15T18:00:00.000Z' } })
    const buyer = open.buyer
    expect((await call(buyer, 'GET', '/api/me/calendar-feed')).json()).toEqual({ active: false, createdAt: null })
    const made = await call(buyer, 'POST', '/api/me/calendar-feed')
    expect(made.statusCode).toBe(201)
    const { url } = made.json<{ url: string }>()
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const path = new URL(url).pathname
    const feed = await call(null, 'GET', path)
    expect(feed.statusCode).toBe(200)
    const { events } = parseIcs(feed.body)
    expect(events.map((event) => event.DTSTART?.value)).toEqual(['20270115T180000Z'])
    // Once one of the user's offers binds, the subscription carries its timeline, each item with its alarm.
    await createTestOffer(app.t, { status: 'accepted', listing, buyer, bindingAgreementAt: new Date('2026-11-25T05:30:00Z'), terms: { earnestMoney: { amount: 5000, holder: 'title-company', dueDays: 3 }, closingDate: '2026-12-30' } })
    const followed = (await call(null, 'GET', path)).body
    expect(followed).toContain('SUMMARY:Earnest money due')
    expect(followed.split('\r\n').filter((line) => /^TRIGGER;VALUE=DATE-TIME:\d{8}T\d{6}Z$/.test(line)).length).toBeGreaterThanOrEqual(3)
    expect((await call(buyer, 'GET', '/api/me/calendar-feed')).json()).toMatchObject({ active: true })
    // Only the hash is kept.
    const stored = await app.t.db.execute(sql`select token_hash from calendar_feed where user_id = ${buyer.id}`)
    expect(JSON.stringify(stored)).not.toContain(path.slice('/api/calendar/'.length, -4))

    const again = (await call(buyer, 'POST', '/api/me/calendar-feed')).json<{ url: string }>()
    expectRefusal(await call(null, 'GET', path), 404, { key: 'calendar.notFound', message: 'This calendar link does not exist or was turned off' })
    expect((await call(null, 'GET', new URL(again.url).pathname)).statusCode).toBe(200)
    expect((await call(buyer, 'DELETE', '/api/me/calendar-feed')).statusCode).toBe(204)
    expectRefusal(await call(null, 'GET', new URL(again.url).pathname), 404)
    expectRefusal(await call(null, 'GET', '/api/calendar/not-a-token.ics'), 404)
  })
})

describe('the viewed entries', () => {
  it('records an opening through the share link too', async () => {
    const { listing } = await sellerWithListing(app.t)
    const open = await createTestOffer(app.t, { status: 'active', listing })
    expect((await call(null, 'GET', `/api/offers/${open.offer.id}?token=${open.token}`)).statusCode).toBe(200)
    const views = await app.t.db
      .select({ actorId: offerEvent.actorId, details: offerEvent.details })
      .from(offerEvent)
      .where(and(eq(offerEvent.offerId, open.offer.id), eq(offerEvent.type, 'viewed')))
    expect(views).toEqual([{ actorId: null, details: { via: 'share-link', status: 'active' } }])
  })
})
