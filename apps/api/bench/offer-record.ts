// The offer record's exports (issue #18, Measure): the ledger of a listing with 200 offers and 2,000
// events exported as CSV and as PDF (each with the chain's verification, as the endpoints do), and the
// transaction-file ZIP of an offer with 20 documents, each the median of RUNS calls through the HTTP
// layer (in-memory PGlite, disk storage). Prints one line of JSON; scripts/bench.mjs reads it.
//   npx tsx apps/api/bench/offer-record.ts
import { performance } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { buildTestApp } from '../test/build-test-app'
import { bearer, createTestListing, createTestOffer, createUser, signIn } from '../test/factories'
import { multipart } from '../src/modules/files/files.test-helpers'
import { insertOfferEvent } from '../src/modules/offers/offer-rows.service'

const RUNS = Number(process.env.BENCH_OFFER_RECORD_RUNS ?? 7)
const OFFERS = 200
const EVENTS = 2_000
const DOCUMENTS = 20

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN) * 10) / 10
}

const t = await buildTestApp()
try {
  const seller = await createUser(t, { roles: ['SELLER_AGENT'], name: 'Lena Seller' })
  const listing = await createTestListing(t, { ownerId: seller.id, listAgentUserId: seller.id, listAgentFullName: 'Lena Seller', listAgentEmail: seller.email })
  const buyers = await Promise.all(Array.from({ length: 10 }, (_, index) => createUser(t, { roles: ['BUYER_SIMPLE'], name: `Buyer ${index + 1}` })))
  const offers = []
  // createTestOffer writes 2 events per offer (created, shared); the rest are the seller side's openings and changes.
  for (let index = 0; index < OFFERS; index++) offers.push(await createTestOffer(t, { status: 'active', listing, buyer: buyers[index % buyers.length]! }))
  for (let index = 0; index < EVENTS - 2 * OFFERS; index++) {
    const target = offers[index % OFFERS]!
    await insertOfferEvent(t.db, { offerId: target.offer.id, type: index % 3 === 0 ? 'updated' : 'viewed', actorId: seller.id, actorName: 'Lena Seller', at: new Date(), details: { round: index } })
  }
  const headers = bearer((await signIn(t.app, seller.email, seller.password)).accessToken)
  const timed = async (url: string) => {
    const started = performance.now()
    const response = await t.app.inject({ method: 'GET', url, headers })
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`)
    return { ms: performance.now() - started, bytes: response.rawPayload.length }
  }
  const runs = async (url: string) => {
    await timed(url) // warm-up
    const results = []
    for (let index = 0; index < RUNS; index++) results.push(await timed(url))
    return { medianMs: median(results.map((result) => result.ms)), bytes: results[0]!.bytes }
  }
  const csv = await runs(`/api/listings/${listing.id}/offer-record.csv`)
  const pdf = await runs(`/api/listings/${listing.id}/offer-record.pdf`)

  // An offer with 20 documents: 19 uploaded files of 200 KB and its generated offer form.
  const target = offers[0]!
  const buyerHeaders = bearer((await signIn(t.app, target.buyer.email, target.buyer.password)).accessToken)
  for (let index = 0; index < DOCUMENTS - 1; index++) {
    const form = await multipart([{ name: 'file', value: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200 * 1024)]), filename: `document-${index + 1}.pdf`, type: 'application/pdf' }])
    const response = await t.app.inject({ method: 'POST', url: `/api/offers/${target.offer.id}/attachments`, payload: form.payload, headers: { ...form.headers, ...buyerHeaders } })
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`)
  }
  const forms = await t.app.inject({ method: 'POST', url: `/api/offers/${target.offer.id}/forms`, headers: buyerHeaders })
  if (forms.statusCode !== 201) throw new Error(`forms: ${forms.statusCode} ${forms.body}`)
  const zip = await runs(`/api/offers/${target.offer.id}/transaction-file`)

  console.log(
    JSON.stringify({
      offers: OFFERS,
      events: EVENTS,
      documents: DOCUMENTS,
      runs: RUNS,
      csvMedianMs: csv.medianMs,
      csvBytes: csv.bytes,
      pdfMedianMs: pdf.medianMs,
      pdfBytes: pdf.bytes,
      zipMedianMs: zip.medianMs,
      zipBytes: zip.bytes,
    }),
  )
} finally {
  await t.close()
}
