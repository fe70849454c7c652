// The crash test's burst: concurrent clients creating, saving and sharing offers, each write
// recorded with what it wrote so the check after the restart can find it whole.
import { isDeepStrictEqual } from 'node:util'
import { call } from './http.mjs'

const DAY = 86_400_000

/** The fields a save writes, to compare with what a read returns. */
export function termsFor(draft, { price, agentEmail, now }) {
  return {
    ...draft,
    purchasePrice: price,
    // 2 % of the price: inside the earnest money's bounds whatever the price.
    earnestMoney: { amount: Math.round(price * 0.02), holder: 'title-company', holderName: 'Volunteer Title', dueDays: 3 },
    financing: { ...draft.financing, type: 'conventional', loanAmount: Math.round(price * 0.8), downPayment: price - Math.round(price * 0.8), lenderName: 'First Bank' },
    appraisalContingency: true,
    inspectionPeriodDays: 10,
    resolutionPeriodDays: 3,
    saleOfBuyersPropertyContingency: false,
    closingDate: new Date(now + 45 * DAY).toISOString().slice(0, 10),
    expiresAt: new Date(now + 3 * DAY).toISOString(),
    listingAgent: { ...draft.listingAgent, fullName: 'Crash Test Agent', email: agentEmail },
  }
}

/** The terms the buyer side last saved: once the offer is shared, a save goes into its working copy (decision 036). */
export const buyerTerms = (offer) => offer.workingTerms ?? offer.terms

/** What must be true of a written field set whatever the server's canonical form of the rest. */
export function fingerprint(terms) {
  return {
    purchasePrice: terms.purchasePrice,
    closingDate: terms.closingDate,
    expiresAt: terms.expiresAt === null ? null : Date.parse(terms.expiresAt),
    agentEmail: terms.listingAgent.email,
    financing: terms.financing.type,
    loanAmount: terms.financing.loanAmount,
    earnest: terms.earnestMoney.amount,
  }
}

/**
 * Runs the burst: `actions` writes by `clients` concurrent clients, one offer at a time each: create, save, (save again),
 * share, (save the active offer). Every 2xx is recorded with what it wrote; `state.ack` may kill the server.
 * A request the kill cut off is recorded as in doubt: it may or may not have happened. Any other failure
 * (a refusal, a 5xx, no answer from a server that was not killed) ends the run.
 */
export async function runBurst(state, { actions, clients }) {
  const { random, listings } = state
  const clientLoop = async (clientIndex) => {
    let current = null
    while (state.issued < actions) {
      await state.serverUp()
      const base = state.base
      const now = Date.now()
      let action
      if (!current) action = 'create'
      else if (!current.saved) action = 'save'
      else if (!current.shared) action = random() < 0.25 ? 'save' : 'share'
      else if (!current.savedAfterShare && random() < 0.3) action = 'save'
      else {
        current = null
        continue
      }
      state.issued++
      const sequence = state.issued
      const beforeKill = state.killedAt === null
      const cutOff = () => {
        if (!beforeKill || state.killedAt === null) throw new Error(`a ${action} got no answer from a server that was not killed`)
        state.cutOff++
      }
      if (action === 'create') {
        const listing = listings[Math.floor(random() * listings.length)]
        const response = await call(base, state.token, 'POST', '/api/offers', { listingId: listing.id })
        if (!response) {
          cutOff()
          continue
        }
        if (response.status !== 201) throw new Error(`create answered ${response.status}: ${response.text.slice(0, 300)}`)
        const offer = response.json.offer
        current = { id: offer.id, listPrice: listing.listPrice, draft: offer.terms, saved: false, shared: false, savedAfterShare: false, agentEmail: `agent-${clientIndex}-${sequence}@crash.example` }
        state.offers.set(offer.id, { id: offer.id, acked: { status: 'draft', terms: offer.terms }, doubt: null, shareAcked: false, writes: 0 })
        state.ack({ kind: 'create', offerId: offer.id })
        continue
      }
      const record = state.offers.get(current.id)
      if (action === 'save') {
        // A price of its own for each save, always 90 % to 130 % of the list price: a share needs no confirmation (money-bounds.ts).
        const spread = Math.max(100, Math.round((current.listPrice * 0.4) / 100) * 100)
        const price = Math.round(current.listPrice * 0.9) + ((sequence * 100 + clientIndex) % spread)
        const terms = termsFor(current.draft, { price, agentEmail: current.agentEmail, now })
        const response = await call(base, state.token, 'PATCH', `/api/offers/${current.id}`, { terms })
        if (!response) {
          cutOff()
          record.doubt = { status: record.acked.status, fingerprint: fingerprint(terms) }
          current = null
          continue
        }
        if (response.status !== 200) throw new Error(`save answered ${response.status}: ${response.text.slice(0, 300)}`)
        const written = response.json.offer
        if (!isDeepStrictEqual(fingerprint(buyerTerms(written)), fingerprint(terms))) throw new Error(`save of ${current.id} answered other terms than were sent`)
        record.acked = { status: written.status, terms: buyerTerms(written) }
        if (current.shared) current.savedAfterShare = true
        current.saved = true
        state.ack({ kind: 'save', offerId: current.id })
        continue
      }
      const response = await call(base, state.token, 'POST', `/api/offers/${current.id}/share`)
      if (!response) {
        cutOff()
        record.doubt = { status: 'active', fingerprint: fingerprint(record.acked.terms), agentEmail: current.agentEmail }
        current = null
        continue
      }
      if (response.status !== 200) throw new Error(`share answered ${response.status}: ${response.text.slice(0, 300)}`)
      record.acked = { status: response.json.offer.status, terms: response.json.offer.terms }
      record.shareAcked = true
      record.agentEmail = current.agentEmail
      current.shared = true
      state.ack({ kind: 'share', offerId: current.id })
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, index) => clientLoop(index + 1)))
}
