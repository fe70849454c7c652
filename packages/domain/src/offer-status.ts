// Free of zod, for the pages that show an offer's state; its schemas are in offer-status-schemas.ts.

/**
 * An offer's life. A draft is the buyer's alone; sharing makes it active and shows it to the seller
 * side. The seller accepts or declines an active offer; accepting one may keep others as back-ups.
 * An accepted offer becomes binding when the buyer side acknowledges receipt of the acceptance (the
 * Binding Agreement Date, domain.md section 1), which is a stamp on the offer, not another status.
 * A counter-offer (either side) makes it countered: open, with the other side to answer (the turn,
 * kept on the offer beside its status; decision 029).
 */
export const OFFER_STATUSES = ['draft', 'active', 'backup', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'terminated'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

export const OFFER_ACTIONS = [
  'share',
  'accept',
  'decline',
  'keepAsBackup',
  'withdraw',
  'expire',
  'acknowledge',
  'close',
  'terminate',
  'counter',
  'acceptCounter',
  'declineCounter',
  'revise',
  'renew',
] as const
export type OfferAction = (typeof OFFER_ACTIONS)[number]

/** Who takes an action: the buyer side (the offer's author), the seller side (who manages the listing), or the system (the expiry job, the accept of another offer). */
export type OfferActor = 'buyer' | 'seller' | 'system'

/** The side an open offer waits on. */
export type OfferTurn = 'buyer' | 'seller'

/**
 * `onTurn`: only the side whose turn it is may take the action. An active or back-up offer waits on
 * the seller side; a countered one on the side the last counter-offer went to.
 */
type Transition = { readonly from: readonly OfferStatus[]; readonly to: OfferStatus; readonly by: readonly OfferActor[]; readonly onTurn?: true }

/** The one table of what may happen to an offer; the API guards with it and the web enables buttons by it. */
export const OFFER_TRANSITIONS: Readonly<Record<OfferAction, Transition>> = {
  share: { from: ['draft'], to: 'active', by: ['buyer'] },
  /** A counter-offer is a rejection plus a new offer (domain.md section 2): the seller accepts only what waits on it. */
  accept: { from: ['active', 'backup', 'countered'], to: 'accepted', by: ['seller'], onTurn: true },
  decline: { from: ['active', 'backup', 'countered'], to: 'declined', by: ['seller', 'system'] },
  keepAsBackup: { from: ['active', 'countered'], to: 'backup', by: ['system'] },
  withdraw: { from: ['active', 'backup', 'countered'], to: 'withdrawn', by: ['buyer'] },
  expire: { from: ['active', 'backup', 'countered'], to: 'expired', by: ['system'] },
  /** Stamps the Binding Agreement Date; the status stays accepted. */
  acknowledge: { from: ['accepted'], to: 'accepted', by: ['buyer'] },
  /**
   * Either side records the closing date and final price; the other side's confirmation makes it
   * closed (decision 061). The API takes it only as that two-step closing, never in one step.
   */
  close: { from: ['accepted'], to: 'closed', by: ['buyer', 'seller'] },
  terminate: { from: ['accepted'], to: 'terminated', by: ['buyer', 'seller'] },
  /** A new version of the terms: the seller side counters an open offer, the buyer side counters back. */
  counter: { from: ['active', 'backup', 'countered'], to: 'countered', by: ['seller', 'buyer'], onTurn: true },
  /** The buyer side accepts the seller side's counter-offer: accepted at that version's terms. */
  acceptCounter: { from: ['countered'], to: 'accepted', by: ['buyer'], onTurn: true },
  /** The buyer side declines the seller side's counter-offer: the negotiation ends. */
  declineCounter: { from: ['countered'], to: 'declined', by: ['buyer'], onTurn: true },
  /**
   * The buyer side sends a revision of its shared offer (decision 036): its working copy becomes the
   * next version. Only while the offer waits on the seller side; once countered, it counters back.
   */
  revise: { from: ['active'], to: 'active', by: ['buyer'] },
  /** The buyer side renews an expired offer by sending a revision with a new expiration: the next version, open again. */
  renew: { from: ['expired'], to: 'active', by: ['buyer'] },
}

/** Whether an offer's expiration has passed at `now` (the instant itself counts as passed). */
export function isPastExpiry(expiresAt: Date | string | null, now: Date): boolean {
  if (expiresAt === null) return false
  const time = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt.getTime()
  return Number.isFinite(time) && time <= now.getTime()
}

/**
 * The status as of `now` (decision 036): an open offer whose expiration has passed is expired from
 * that instant, whether or not the expiry job has written it yet. Every read and every action uses it.
 */
export function effectiveOfferStatus(status: OfferStatus, expiresAt: Date | string | null, now: Date): OfferStatus {
  return OPEN_OFFER_STATUSES.includes(status) && isPastExpiry(expiresAt, now) ? 'expired' : status
}

/** Whose turn it is: an active or back-up offer waits on the seller side, a countered one on `counterTurn`; otherwise nobody's. */
export function turnOf(status: OfferStatus, counterTurn: OfferTurn | null = null): OfferTurn | null {
  if (status === 'active' || status === 'backup') return 'seller'
  return status === 'countered' ? counterTurn : null
}

/**
 * Whether `actor` may take `action` on an offer in `status`. `turn` is the countered offer's turn
 * (the offer's `turn` column); without it a countered offer takes none of the turn's actions.
 */
export function canTransition(status: OfferStatus, action: OfferAction, actor: OfferActor, { turn = null }: { turn?: OfferTurn | null } = {}): boolean {
  const transition = OFFER_TRANSITIONS[action]
  if (!transition.from.includes(status) || !transition.by.includes(actor)) return false
  return !transition.onTurn || turnOf(status, turn) === actor
}

/** The status an action leads to (the caller checks canTransition first). */
export function nextStatus(action: OfferAction): OfferStatus {
  return OFFER_TRANSITIONS[action].to
}

/** What the actor may do now; acknowledge only until the Binding Agreement Date is stamped. */
export function allowedOfferActions(status: OfferStatus, actor: OfferActor, { acknowledged = false, turn = null }: { acknowledged?: boolean; turn?: OfferTurn | null } = {}): OfferAction[] {
  // Once binding, a contract ends only by a signed notice of termination (decision 065), not in one step.
  return OFFER_ACTIONS.filter((action) => canTransition(status, action, actor, { turn }) && !(action === 'acknowledge' && acknowledged) && !(action === 'terminate' && acknowledged))
}

/** Statuses the seller side never sees: a draft is private to the buyer. */
export const PRIVATE_OFFER_STATUSES: readonly OfferStatus[] = ['draft']
/** Statuses that still wait for the seller's answer; these expire at their time. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['active', 'backup', 'countered']

/**
 * The tabs of /submitted-offers/{status}, with the spec's labels where they fit (new, active,
 * closed, inactive) and accepted apart, since it asks the buyer to acknowledge.
 */
export const OFFER_TABS = ['all', 'new', 'active', 'accepted', 'closed', 'inactive'] as const
export type OfferTab = (typeof OFFER_TABS)[number]

/** Whether a value (a route's parameter, a tab's value) names a tab. */
export function isOfferTab(value: unknown): value is OfferTab {
  return typeof value === 'string' && (OFFER_TABS as readonly string[]).includes(value)
}

export const OFFER_TAB_STATUSES: Readonly<Record<Exclude<OfferTab, 'all'>, readonly OfferStatus[]>> = {
  new: ['draft'],
  active: ['active', 'backup', 'countered'],
  accepted: ['accepted'],
  closed: ['closed'],
  inactive: ['declined', 'withdrawn', 'expired', 'terminated'],
}

export function statusesOfTab(tab: OfferTab): readonly OfferStatus[] {
  return tab === 'all' ? OFFER_STATUSES : OFFER_TAB_STATUSES[tab]
}

export function tabOfStatus(status: OfferStatus): Exclude<OfferTab, 'all'> {
  const entry = Object.entries(OFFER_TAB_STATUSES).find(([, statuses]) => statuses.includes(status))
  return (entry?.[0] ?? 'inactive') as Exclude<OfferTab, 'all'>
}

/** Audit event types: every change of legal weight, plus the edits of a shared offer. */
export const OFFER_EVENT_TYPES = [
  'created',
  'shared',
  'updated',
  'accepted',
  'declined',
  'backup',
  'withdrawn',
  'expired',
  'acknowledged',
  'closed',
  'terminated',
  'forms-generated',
  'signed',
  /** A counter-offer sent (either side): a new version of the terms (decision 029). */
  'countered',
  'counter-accepted',
  'counter-declined',
  /** The seller side asked for the highest and best offer by a deadline. */
  'best-requested',
  /** The buyer side revised its offer while a highest-and-best request was open. */
  'revised',
  'pre-approval-verified',
  /** The seller side opened the offer (at most once per viewer and offer in 15 minutes; decision 030). */
  'viewed',
  /** A signer of one of the offer's signing packets opened their link for the first time. */
  'signer-viewed',
  /** A signer consented to sign electronically (ESIGN). */
  'signer-consented',
  /** A signer signed their fields. */
  'signer-signed',
  /** An uploaded form document (a disclosure, an amendment) was sent to its signers. */
  'form-sent',
  /** Every signer of an uploaded form document signed, and it was sealed. */
  'form-completed',
  /** One side recorded the closing date and final price (decision 061); the 'closed' entry is the other side's confirmation. */
  'closing-recorded',
  /** The other side disputed the recorded closing, with a reason: the record is cleared. */
  'closing-disputed',
  /** The owner of a contract timeline item was reminded 48 or 24 hours before it (decision 064). */
  'timeline-reminder',
  /** A contract timeline item was missed, and the other side's agent was told (decision 064). */
  'timeline-missed',
  /** An amendment of the bound contract was drafted and sent for both sides' signatures (decision 066). */
  'amendment-drafted',
  /** Both sides signed an amendment: the contract's terms are the amended ones, a new version. */
  'amended',
  /** The buyer side proposed repairs during the resolution period. */
  'repairs-proposed',
  /** A side answered a repair proposal: accepted, countered or declined. */
  'repairs-answered',
  /** A notice of the contract (decision 065) was drafted and sent to its side's signers. */
  'notice-sent',
  /** Its side signed it: it was sealed and delivered to the other side; the timeline records its effect. */
  'notice-delivered',
  /** On a back-up offer: the listing's accepted contract ended (a termination), so the seller side may take this one up. */
  'contract-ended',
  /** The principal broker (or team leader) approved a document of a side's brokerage file (decision 068). */
  'file-document-approved',
  /** The principal broker (or team leader) returned a document of a side's brokerage file, with a note. */
  'file-document-returned',
  /** A side's brokerage file was closed: its audit clean and every document approved. */
  'file-closed',
  /** An agent of the contract sent its earnest money's holder the link to attest receipt (decision 070). */
  'earnest-money-link-sent',
  /** The holder attested receipt of the earnest money: the receipt is in the file and the trust log. */
  'earnest-money-received',
  /** An agent recorded a written request to disburse the earnest money: the 21-day clock starts. */
  'disbursement-requested',
  /** The holder's side was reminded of the clock on day 14, 18 or 21. */
  'disbursement-reminder',
  /** The earnest money was released (mutual release, closing or interpleader): the clock stops. */
  'earnest-money-released',
] as const
export type OfferEventType = (typeof OFFER_EVENT_TYPES)[number]

/**
 * A buyer's offers still in play on a home: the draft being written, the shared ones waiting for an
 * answer, and the accepted one. The property page leads a buyer with one of these to it ('Open your offer').
 */
export const BUYER_OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['draft', ...OPEN_OFFER_STATUSES, 'accepted']
