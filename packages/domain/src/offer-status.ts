import { z } from 'zod'

/**
 * An offer's life. A draft is the buyer's alone; sharing makes it active and shows it to the seller
 * side. The seller accepts or declines an active offer; accepting one may keep others as back-ups.
 * An accepted offer becomes binding when the buyer side acknowledges receipt of the acceptance (the
 * Binding Agreement Date, domain.md section 1), which is a stamp on the offer, not another status.
 */
export const OFFER_STATUSES = ['draft', 'active', 'backup', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'terminated'] as const
export const OfferStatusSchema = z.enum(OFFER_STATUSES)
export type OfferStatus = z.infer<typeof OfferStatusSchema>

export const OFFER_ACTIONS = ['share', 'accept', 'decline', 'keepAsBackup', 'withdraw', 'expire', 'acknowledge', 'close', 'terminate'] as const
export const OfferActionSchema = z.enum(OFFER_ACTIONS)
export type OfferAction = z.infer<typeof OfferActionSchema>

/** Who takes an action: the buyer side (the offer's author), the seller side (who manages the listing), or the system (the expiry job, the accept of another offer). */
export type OfferActor = 'buyer' | 'seller' | 'system'

type Transition = { readonly from: readonly OfferStatus[]; readonly to: OfferStatus; readonly by: readonly OfferActor[] }

/** The one table of what may happen to an offer; the API guards with it and the web enables buttons by it. */
export const OFFER_TRANSITIONS: Readonly<Record<OfferAction, Transition>> = {
  share: { from: ['draft'], to: 'active', by: ['buyer'] },
  accept: { from: ['active', 'backup'], to: 'accepted', by: ['seller'] },
  decline: { from: ['active', 'backup'], to: 'declined', by: ['seller', 'system'] },
  keepAsBackup: { from: ['active'], to: 'backup', by: ['system'] },
  withdraw: { from: ['active', 'backup'], to: 'withdrawn', by: ['buyer'] },
  expire: { from: ['active', 'backup'], to: 'expired', by: ['system'] },
  /** Stamps the Binding Agreement Date; the status stays accepted. */
  acknowledge: { from: ['accepted'], to: 'accepted', by: ['buyer'] },
  close: { from: ['accepted'], to: 'closed', by: ['seller'] },
  terminate: { from: ['accepted'], to: 'terminated', by: ['buyer', 'seller'] },
}

/** Whether `actor` may take `action` on an offer in `status`. */
export function canTransition(status: OfferStatus, action: OfferAction, actor: OfferActor): boolean {
  const transition = OFFER_TRANSITIONS[action]
  return transition.from.includes(status) && transition.by.includes(actor)
}

/** The status an action leads to (the caller checks canTransition first). */
export function nextStatus(action: OfferAction): OfferStatus {
  return OFFER_TRANSITIONS[action].to
}

/** What the actor may do now; acknowledge only until the Binding Agreement Date is stamped. */
export function allowedOfferActions(status: OfferStatus, actor: OfferActor, { acknowledged = false }: { acknowledged?: boolean } = {}): OfferAction[] {
  return OFFER_ACTIONS.filter((action) => canTransition(status, action, actor) && !(action === 'acknowledge' && acknowledged))
}

/** Statuses the seller side never sees: a draft is private to the buyer. */
export const PRIVATE_OFFER_STATUSES: readonly OfferStatus[] = ['draft']
/** Statuses that still wait for the seller's answer; these expire at their time. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['active', 'backup']

/**
 * The tabs of /submitted-offers/{status}, with the spec's labels where they fit (new, active,
 * closed, inactive) and accepted apart, since it asks the buyer to acknowledge.
 */
export const OFFER_TABS = ['all', 'new', 'active', 'accepted', 'closed', 'inactive'] as const
export const OfferTabSchema = z.enum(OFFER_TABS)
export type OfferTab = z.infer<typeof OfferTabSchema>

export const OFFER_TAB_STATUSES: Readonly<Record<Exclude<OfferTab, 'all'>, readonly OfferStatus[]>> = {
  new: ['draft'],
  active: ['active', 'backup'],
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
export const OFFER_EVENT_TYPES = ['created', 'shared', 'updated', 'accepted', 'declined', 'backup', 'withdrawn', 'expired', 'acknowledged', 'closed', 'terminated', 'forms-generated', 'signed', 'viewed'] as const
export const OfferEventTypeSchema = z.enum(OFFER_EVENT_TYPES)
export type OfferEventType = z.infer<typeof OfferEventTypeSchema>
