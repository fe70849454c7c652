// The signed-in pages of `npm run bench:web` (issue #36, item 4), made through the API of the server
// the bench started on the demo data, as the people on them would make them:
//   - Lena Listing (the demo seller agent) has one of her Active demo listings hold 50 shared offers:
//     Ben Buyer and Alex Agent make, fill in and share them one by one (the demo's own offers count);
//   - on another of her Active listings she accepts an offer of Ben's and sends it for signature;
//     Ben's signing link (with its live token) is read from the dev mailbox, as his email has it.
// Answers the pages to measure, each with the access token of the account it is opened as (null: the
// page is opened signed out, as a signer opens the link in the email).
import { apiCall } from './api-call.mjs'

const DEMO_PASSWORD = 'offerbook-demo'
const LENA = 'seller-agent@example.com'
const BEN = 'buyer-simple@example.com'
const ALEX = 'buyer-agent@example.com'
const OFFERS = Number(process.env.BENCH_WEB_OFFERS ?? 50)
const DAY = 86_400_000

function fail(what, response) {
  return new Error(`${what} answered ${response.status}: ${response.text.slice(0, 300)}`)
}

async function signIn(base, email) {
  const response = await apiCall(base, null, 'POST', '/api/session', { email, password: DEMO_PASSWORD, persist: true })
  if (response.status !== 200) throw fail(`sign-in of ${email}`, response)
  return response.json.accessToken
}

/** Complete terms on the created offer's prefilled ones: cash, near the list price, expiring in four days. */
function termsFor(offer, index, listPrice) {
  const terms = offer.terms
  const price = Math.round(listPrice * (0.97 + (index % 7) / 100))
  return {
    ...terms,
    purchasePrice: price,
    buyers: terms.buyers?.length ? terms.buyers : [{ fullName: `Bench Client ${index + 1}`, email: `bench-client-${index + 1}@example.com`, phone: '' }],
    listingAgent: { ...terms.listingAgent, fullName: 'Lena Listing', email: LENA },
    earnestMoney: { ...terms.earnestMoney, amount: 3_000 + (index % 10) * 500, holder: 'title-company', dueDays: 3 },
    financing: { ...terms.financing, type: 'cash' },
    appraisalContingency: false,
    inspectionPeriodDays: 7 + (index % 8),
    resolutionPeriodDays: 3,
    closingDate: new Date(Date.now() + (30 + (index % 20)) * DAY).toISOString().slice(0, 10),
    expiresAt: new Date(Date.now() + 4 * DAY).toISOString(),
  }
}

/** A shared offer of the buyer `token` on `listing`: created, filled in, shared. Its id. */
async function sharedOffer(base, token, listing, index) {
  const created = await apiCall(base, token, 'POST', '/api/offers', { listingId: listing.id })
  if (created.status !== 201) throw fail('POST /api/offers', created)
  const { offer } = created.json
  const saved = await apiCall(base, token, 'PATCH', `/api/offers/${offer.id}`, { terms: termsFor(offer, index, listing.ListPrice) })
  if (saved.status !== 200) throw fail('PATCH /api/offers/:id', saved)
  const shared = await apiCall(base, token, 'POST', `/api/offers/${offer.id}/share`)
  if (shared.status !== 200) throw fail('POST /api/offers/:id/share', shared)
  return offer.id
}

async function offersRanked(base, token, listingId) {
  const response = await apiCall(base, token, 'GET', `/api/listings/${listingId}/optimize`)
  if (response.status !== 200) throw fail('GET /api/listings/:id/optimize', response)
  return response.json.offers?.length ?? 0
}

/** Ben's newest signing link for `offerId` from the dev mailbox (the invitation is sent by the job runner): a path with its token. */
async function signingLink(base, offerId, limitMs = 60_000) {
  const deadline = Date.now() + limitMs
  const pattern = new RegExp(`(/sign/${offerId}/[\\w-]+\\?token=[\\w-]+)`)
  while (Date.now() < deadline) {
    const response = await apiCall(base, null, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(BEN)}`)
    for (const message of response.json?.messages ?? []) {
      const link = message.kind === 'signing.invite' ? pattern.exec(message.text)?.[1] : undefined
      if (link) return link
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`no signing invitation for offer ${offerId} reached ${BEN} within ${limitMs} ms`)
}

/**
 * Makes the data and answers { pages: [{ label, path, token }], notes: [label, value][] }. A step the
 * API refuses throws, with its answer.
 */
export async function signedInPages(base) {
  const started = performance.now()
  const [lena, ben, alex] = [await signIn(base, LENA), await signIn(base, BEN), await signIn(base, ALEX)]
  const mine = await apiCall(base, lena, 'GET', '/api/listings/mine?status=Active&pageSize=24')
  if (mine.status !== 200) throw fail('GET /api/listings/mine', mine)
  // Her listing with the most offers already (the demo's) gets the 50; the next one the signing.
  const active = (mine.json.items ?? []).filter((item) => item.ListPrice).sort((a, b) => (b.offerCount ?? 0) - (a.offerCount ?? 0) || String(a.ListingKey).localeCompare(String(b.ListingKey)))
  const [optimized, signed] = active
  if (!optimized || !signed) throw new Error(`Lena Listing needs two Active listings with a price; she has ${active.length}`)

  // 50 shared offers on one listing: the demo's own, then Ben's and Alex's in turn.
  let ranked = await offersRanked(base, lena, optimized.id)
  let bensOffer = null
  for (let index = 0; ranked < OFFERS; index++, ranked++) {
    const fromBen = index % 2 === 0
    const id = await sharedOffer(base, fromBen ? ben : alex, optimized, index)
    if (fromBen) bensOffer = id
  }
  ranked = await offersRanked(base, lena, optimized.id)
  bensOffer ??= await sharedOffer(base, ben, optimized, OFFERS)

  // The signing page: an offer of Ben's on the other listing, accepted by Lena and sent for signature.
  const toSign = await sharedOffer(base, ben, signed, 0)
  const accepted = await apiCall(base, lena, 'POST', `/api/offers/${toSign}/accept`, { others: 'decline', version: 1 })
  if (accepted.status !== 200) throw fail('POST /api/offers/:id/accept', accepted)
  const sent = await apiCall(base, lena, 'POST', `/api/offers/${toSign}/signing`, {
    signers: [
      { name: 'Ben Buyer', email: BEN, role: 'buyer' },
      { name: 'Lena Listing', email: LENA, role: 'listing-agent' },
    ],
  })
  if (sent.status !== 201) throw fail('POST /api/offers/:id/signing', sent)
  const signPath = await signingLink(base, toSign)

  return {
    pages: [
      { label: '/dashboard (Lena Listing)', path: '/dashboard', token: lena },
      { label: '/my-properties/list (Lena Listing)', path: '/my-properties/list', token: lena },
      { label: '/submitted-offers/update/{id} (Ben Buyer)', path: `/submitted-offers/update/${bensOffer}`, token: ben },
      { label: `/my-properties/{id}/optimize (${ranked} offers)`, path: `/my-properties/${optimized.id}/optimize`, token: lena },
      { label: '/sign/{offerId}/{signerId} (Ben, signed out, live token)', path: signPath, token: null },
    ],
    notes: [['signed-in pages\' data, made through the API', `${ranked} shared offers ranked on Lena Listing's ${optimized.id}, an accepted offer sent for signature; ${((performance.now() - started) / 1000).toFixed(1)} s`]],
  }
}
