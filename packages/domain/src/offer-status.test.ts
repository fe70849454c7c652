import { describe, expect, it } from 'vitest'
import type { OfferAction, OfferActor, OfferStatus, OfferTurn } from './offer-status'
import {
  allowedOfferActions,
  canTransition,
  effectiveOfferStatus,
  isPastExpiry,
  nextStatus,
  OFFER_ACTIONS,
  OFFER_STATUSES,
  OFFER_TAB_STATUSES,
  OFFER_TABS,
  OFFER_TRANSITIONS,
  OPEN_OFFER_STATUSES,
  PRIVATE_OFFER_STATUSES,
  statusesOfTab,
  tabOfStatus,
  turnOf,
} from './offer-status'

const ACTORS: readonly OfferActor[] = ['buyer', 'seller', 'system']

/**
 * Every move the issue allows, written out by hand: `status --action by actor--> next`. Anything not
 * listed here is forbidden.
 */
const ALLOWED: readonly (readonly [OfferStatus, OfferAction, OfferActor, OfferStatus])[] = [
  ['draft', 'share', 'buyer', 'active'],
  ['active', 'accept', 'seller', 'accepted'],
  ['backup', 'accept', 'seller', 'accepted'],
  ['active', 'decline', 'seller', 'declined'],
  ['backup', 'decline', 'seller', 'declined'],
  // Accepting another offer with "decline all" declines the others for the seller.
  ['active', 'decline', 'system', 'declined'],
  ['backup', 'decline', 'system', 'declined'],
  ['active', 'keepAsBackup', 'system', 'backup'],
  ['active', 'withdraw', 'buyer', 'withdrawn'],
  ['backup', 'withdraw', 'buyer', 'withdrawn'],
  ['active', 'expire', 'system', 'expired'],
  ['backup', 'expire', 'system', 'expired'],
  ['accepted', 'acknowledge', 'buyer', 'accepted'],
  // Closing (decision 061): either side records, the other side's confirmation closes it.
  ['accepted', 'close', 'seller', 'closed'],
  ['accepted', 'close', 'buyer', 'closed'],
  ['accepted', 'terminate', 'buyer', 'terminated'],
  ['accepted', 'terminate', 'seller', 'terminated'],
  // Negotiation (decision 029): the seller side counters an open offer; a countered offer is still open.
  ['active', 'counter', 'seller', 'countered'],
  ['backup', 'counter', 'seller', 'countered'],
  ['countered', 'decline', 'seller', 'declined'],
  ['countered', 'decline', 'system', 'declined'],
  ['countered', 'keepAsBackup', 'system', 'backup'],
  ['countered', 'withdraw', 'buyer', 'withdrawn'],
  ['countered', 'expire', 'system', 'expired'],
  // Sent revisions (decision 036): the buyer side's working copy becomes the next version of an active offer,
  ['active', 'revise', 'buyer', 'active'],
  // and an expired offer is renewed by a revision with a new expiration: open again.
  ['expired', 'renew', 'buyer', 'active'],
]

/** The moves of a countered offer that only the side whose turn it is may take. */
const ON_TURN: readonly (readonly [OfferAction, OfferActor, OfferTurn, OfferStatus])[] = [
  ['counter', 'buyer', 'buyer', 'countered'],
  ['acceptCounter', 'buyer', 'buyer', 'accepted'],
  ['declineCounter', 'buyer', 'buyer', 'declined'],
  ['counter', 'seller', 'seller', 'countered'],
  ['accept', 'seller', 'seller', 'accepted'],
]

const key = (status: string, action: string, actor: string) => `${status} ${action} ${actor}`

describe('OFFER_TRANSITIONS', () => {
  it('allows exactly the moves of the issue, and nothing else, for every status, action and actor', () => {
    const allowed = new Set(ALLOWED.map(([status, action, actor]) => key(status, action, actor)))
    const checked: string[] = []
    for (const status of OFFER_STATUSES)
      for (const action of OFFER_ACTIONS)
        for (const actor of ACTORS) {
          expect(canTransition(status, action, actor), key(status, action, actor)).toBe(allowed.has(key(status, action, actor)))
          checked.push(key(status, action, actor))
        }
    expect(checked).toHaveLength(10 * 14 * 3)
  })

  it('leads each action to its status', () => {
    for (const [, action, , to] of ALLOWED) expect(nextStatus(action)).toBe(to)
    for (const [action, , , to] of ON_TURN) expect(nextStatus(action)).toBe(to)
    expect(Object.keys(OFFER_TRANSITIONS).sort()).toEqual([...OFFER_ACTIONS].sort())
  })

  it('lets only the buyer share, and only a draft', () => {
    expect(canTransition('draft', 'share', 'buyer')).toBe(true)
    expect(canTransition('draft', 'share', 'seller')).toBe(false)
    expect(canTransition('draft', 'share', 'system')).toBe(false)
    for (const status of OFFER_STATUSES.filter((s) => s !== 'draft')) expect(canTransition(status, 'share', 'buyer')).toBe(false)
  })

  it('never lets the buyer side accept or decline its own offer, nor the seller withdraw it', () => {
    for (const status of OFFER_STATUSES) {
      expect(canTransition(status, 'accept', 'buyer')).toBe(false)
      expect(canTransition(status, 'decline', 'buyer')).toBe(false)
      expect(canTransition(status, 'withdraw', 'seller')).toBe(false)
    }
  })

  it('gives the seller nothing to do with a draft: drafts are private', () => {
    expect(allowedOfferActions('draft', 'seller')).toEqual([])
    expect(PRIVATE_OFFER_STATUSES).toEqual(['draft'])
  })

  it('ends the life of an offer once declined, withdrawn, closed or terminated; an expired one only its buyer side renews', () => {
    for (const status of ['declined', 'withdrawn', 'closed', 'terminated'] as const)
      for (const actor of ACTORS) expect(allowedOfferActions(status, actor), `${status} ${actor}`).toEqual([])
    expect(allowedOfferActions('expired', 'buyer')).toEqual(['renew'])
    expect(allowedOfferActions('expired', 'seller')).toEqual([])
    expect(allowedOfferActions('expired', 'system')).toEqual([])
  })

  it('expires only the offers still waiting for an answer, by the system alone', () => {
    expect(OPEN_OFFER_STATUSES).toEqual(['active', 'backup', 'countered'])
    for (const status of OFFER_STATUSES) {
      expect(canTransition(status, 'expire', 'system')).toBe(OPEN_OFFER_STATUSES.includes(status))
      expect(canTransition(status, 'expire', 'buyer')).toBe(false)
      expect(canTransition(status, 'expire', 'seller')).toBe(false)
    }
  })

  it('keeps only an active offer as a back-up, not one that already is', () => {
    expect(canTransition('active', 'keepAsBackup', 'system')).toBe(true)
    expect(canTransition('backup', 'keepAsBackup', 'system')).toBe(false)
    expect(canTransition('active', 'keepAsBackup', 'seller')).toBe(false)
  })
})

describe('counter-offers (decision 029)', () => {
  it('lets only the side whose turn it is answer a countered offer, with exactly the moves of the table', () => {
    const allowed = new Set([...ALLOWED.filter(([status]) => status === 'countered').map(([, action, actor]) => `${action} ${actor}`)])
    for (const turn of ['buyer', 'seller'] as const) {
      const onTurn = new Set(ON_TURN.filter(([, , side]) => side === turn).map(([action, actor]) => `${action} ${actor}`))
      for (const action of OFFER_ACTIONS)
        for (const actor of ACTORS) {
          const move = `${action} ${actor}`
          expect(canTransition('countered', action, actor, { turn }), `${move} on the ${turn}'s turn`).toBe(allowed.has(move) || onTurn.has(move))
        }
    }
  })

  it("never lets the seller side accept its own counter, nor the buyer side accept or decline the offer it sent", () => {
    expect(canTransition('countered', 'accept', 'seller', { turn: 'buyer' })).toBe(false)
    expect(canTransition('countered', 'counter', 'seller', { turn: 'buyer' })).toBe(false)
    expect(canTransition('countered', 'acceptCounter', 'buyer', { turn: 'seller' })).toBe(false)
    expect(canTransition('countered', 'counter', 'buyer', { turn: 'seller' })).toBe(false)
    expect(canTransition('countered', 'acceptCounter', 'seller', { turn: 'seller' })).toBe(false)
  })

  it('gives the buyer side no counter before the seller side countered, and counters nothing ended or accepted', () => {
    expect(canTransition('active', 'counter', 'buyer', { turn: 'buyer' })).toBe(false)
    for (const status of ['draft', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'terminated'] as const)
      for (const actor of ACTORS) expect(canTransition(status, 'counter', actor, { turn: 'seller' }), `${status} ${actor}`).toBe(false)
  })

  it('says whose turn it is: the seller side for an open offer, the stored turn for a countered one', () => {
    expect(turnOf('active')).toBe('seller')
    expect(turnOf('backup')).toBe('seller')
    expect(turnOf('countered', 'buyer')).toBe('buyer')
    expect(turnOf('countered', 'seller')).toBe('seller')
    expect(turnOf('accepted', 'buyer')).toBe(null)
  })

  it('lists each side its answers on its turn', () => {
    expect(allowedOfferActions('countered', 'buyer', { turn: 'buyer' })).toEqual(['withdraw', 'counter', 'acceptCounter', 'declineCounter'])
    expect(allowedOfferActions('countered', 'seller', { turn: 'buyer' })).toEqual(['decline'])
    expect(allowedOfferActions('countered', 'seller', { turn: 'seller' })).toEqual(['accept', 'decline', 'counter'])
    expect(allowedOfferActions('countered', 'buyer', { turn: 'seller' })).toEqual(['withdraw'])
  })
})

describe('revisions and renewal (decision 036)', () => {
  it('lets only the buyer side revise, only an offer waiting on the seller side, and keeps it active', () => {
    for (const status of OFFER_STATUSES)
      for (const actor of ACTORS) expect(canTransition(status, 'revise', actor, { turn: 'buyer' }), `${status} ${actor}`).toBe(status === 'active' && actor === 'buyer')
    expect(nextStatus('revise')).toBe('active')
  })

  it('renews only an expired offer, by its buyer side, back to active', () => {
    for (const status of OFFER_STATUSES)
      for (const actor of ACTORS) expect(canTransition(status, 'renew', actor), `${status} ${actor}`).toBe(status === 'expired' && actor === 'buyer')
    expect(nextStatus('renew')).toBe('active')
    expect(OPEN_OFFER_STATUSES).toContain(nextStatus('renew'))
  })

  it('reads an open offer as expired from the instant its expiration passes, before any job ran', () => {
    const expiresAt = new Date('2026-11-24T23:00:00.000Z')
    const before = new Date('2026-11-24T22:59:59.999Z')
    const after = new Date('2026-11-24T23:00:01.000Z')
    for (const status of OPEN_OFFER_STATUSES) {
      expect(effectiveOfferStatus(status, expiresAt, before)).toBe(status)
      expect(effectiveOfferStatus(status, expiresAt, expiresAt)).toBe('expired')
      expect(effectiveOfferStatus(status, expiresAt.toISOString(), after)).toBe('expired')
      // Past its expiration nothing but renewal is left: accept, counter, revise and the answers are gone.
      expect(allowedOfferActions(effectiveOfferStatus(status, expiresAt, after), 'seller', { turn: 'seller' })).toEqual([])
      expect(allowedOfferActions(effectiveOfferStatus(status, expiresAt, after), 'buyer', { turn: 'buyer' })).toEqual(['renew'])
    }
    // A decided offer keeps its status; an offer without an expiration never expires by time.
    for (const status of ['draft', 'accepted', 'declined', 'closed'] as const) expect(effectiveOfferStatus(status, expiresAt, after)).toBe(status)
    expect(effectiveOfferStatus('active', null, after)).toBe('active')
    expect(isPastExpiry(null, after)).toBe(false)
    expect(isPastExpiry(expiresAt, before)).toBe(false)
  })
})

describe('allowedOfferActions', () => {
  it('lists what each side may do in each status, in the order of OFFER_ACTIONS', () => {
    expect(allowedOfferActions('draft', 'buyer')).toEqual(['share'])
    expect(allowedOfferActions('active', 'buyer')).toEqual(['withdraw', 'revise'])
    expect(allowedOfferActions('active', 'seller')).toEqual(['accept', 'decline', 'counter'])
    expect(allowedOfferActions('active', 'system')).toEqual(['decline', 'keepAsBackup', 'expire'])
    expect(allowedOfferActions('backup', 'buyer')).toEqual(['withdraw'])
    expect(allowedOfferActions('backup', 'seller')).toEqual(['accept', 'decline', 'counter'])
    expect(allowedOfferActions('accepted', 'buyer')).toEqual(['acknowledge', 'close', 'terminate'])
    expect(allowedOfferActions('accepted', 'seller')).toEqual(['close', 'terminate'])
  })

  it('offers acknowledge to the buyer only until the Binding Agreement Date is stamped; then the contract ends only by a notice', () => {
    expect(allowedOfferActions('accepted', 'buyer', { acknowledged: false })).toContain('acknowledge')
    expect(allowedOfferActions('accepted', 'buyer', { acknowledged: true })).toEqual(['close'])
    // A binding contract ends by a signed notice of termination (decision 065), not in one step.
    expect(allowedOfferActions('accepted', 'seller', { acknowledged: true })).toEqual(['close'])
    expect(allowedOfferActions('active', 'buyer', { acknowledged: true })).toEqual(['withdraw', 'revise'])
  })

  it('agrees with canTransition everywhere', () => {
    for (const status of OFFER_STATUSES)
      for (const actor of ACTORS) expect(allowedOfferActions(status, actor)).toEqual(OFFER_ACTIONS.filter((action) => canTransition(status, action, actor)))
  })
})

describe('the tabs of /submitted-offers', () => {
  it('has the spec labels with accepted apart, in order', () => {
    expect(OFFER_TABS).toEqual(['all', 'new', 'active', 'accepted', 'closed', 'inactive'])
  })

  it('puts every status in exactly one tab, and all of them under all', () => {
    const placed = Object.values(OFFER_TAB_STATUSES).flat()
    expect([...placed].sort()).toEqual([...OFFER_STATUSES].sort())
    expect(statusesOfTab('all')).toEqual(OFFER_STATUSES)
    for (const status of OFFER_STATUSES) expect(statusesOfTab(tabOfStatus(status))).toContain(status)
  })

  it('shows drafts as new, back-ups as active and every ended offer as inactive', () => {
    expect(tabOfStatus('draft')).toBe('new')
    expect(tabOfStatus('active')).toBe('active')
    expect(tabOfStatus('backup')).toBe('active')
    expect(tabOfStatus('countered')).toBe('active')
    expect(tabOfStatus('accepted')).toBe('accepted')
    expect(tabOfStatus('closed')).toBe('closed')
    for (const status of ['declined', 'withdrawn', 'expired', 'terminated'] as const) expect(tabOfStatus(status)).toBe('inactive')
  })
})
