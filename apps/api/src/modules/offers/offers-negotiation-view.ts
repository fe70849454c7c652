import type { OfferNegotiation, OfferTerms, OfferVersionKind } from '@offerbook/domain/offer'
import { OfferTermsSchema } from '@offerbook/domain/offer'
import { differingTerms } from '@offerbook/domain/offer-negotiation'
import type { OfferStatus, OfferTurn } from '@offerbook/domain/offer-status'
import { turnOf } from '@offerbook/domain/offer-status'
import type { Db } from '../../db/client'
import type { OfferVersionRow } from './negotiation.queries'
import { listOfferVersions } from './negotiation.queries'
import type { OfferEventRow, OfferRow } from './offers.queries'

/** The negotiation part of an offer's view (decision 029): its versions side by side, whose turn it is, the open highest-and-best request. */

function termsOf(row: { terms: OfferTerms }): OfferTerms {
  const parsed = OfferTermsSchema.safeParse(row.terms)
  return parsed.success ? parsed.data : row.terms
}

function versionView(version: OfferVersionRow, before: OfferTerms | null) {
  const terms = termsOf(version)
  return {
    number: version.number,
    // Version 1 is the offer as shared, whichever way it was written (at sharing, or at the first counter before decision 036).
    kind: version.number === 1 ? ('offer' as const) : (version.kind as OfferVersionKind),
    side: version.side as OfferTurn,
    actorName: version.actorName,
    message: version.message,
    terms,
    changed: before ? differingTerms(before, terms) : [],
    expiresAt: version.expiresAt ? version.expiresAt.toISOString() : null,
    createdAt: version.createdAt.toISOString(),
  }
}

/** What the offer's view shows of its negotiation; `events` are the offer's audit events, oldest first. */
export async function negotiationOf(db: Db, row: OfferRow, events: readonly OfferEventRow[]): Promise<OfferNegotiation> {
  const versions = row.status === 'draft' ? [] : await listOfferVersions(db, row.id)
  const best = row.bestDeadline ? events.findLast((event) => event.type === 'best-requested') : undefined
  return {
    version: row.version,
    turn: turnOf(row.status as OfferStatus, row.turn as OfferTurn | null),
    versions: versions.map((version, index) => versionView(version, index === 0 ? null : termsOf(versions[index - 1] as OfferVersionRow))),
    bestRequest:
      best && row.bestDeadline ? { deadline: row.bestDeadline.toISOString(), message: typeof best.details.message === 'string' ? best.details.message : '', requestedAt: best.at.toISOString() } : null,
    preApprovalVerifiedAt: row.preApprovalVerifiedAt ? row.preApprovalVerifiedAt.toISOString() : null,
  }
}
