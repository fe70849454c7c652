import type { ContractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { contractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { AppError } from '../../app-error'
import { readsAsPrincipalBroker } from '../broker/broker.service'
import { isOfferId, loadOfferForViewer, offerNotFound, termsOf } from '../offers/offers-access'
import { findCalendarOffer } from './calendar.queries'
import { recordedTimelines } from '../contract-notices/timeline-records'

/**
 * An offer's contract timeline (issue #34, item 2) for the contract's parties: its buyer side, its
 * listing's seller side once shared, and their teams (a principal broker's agents are their team,
 * issue #16), read-only for all; and the principal broker of an agent on either side, once it is a
 * contract (accepted and bound, decision 067), read-only too. A share-link holder and everyone else
 * get 404. Before the Binding Agreement Date, the answer has no items: the timeline starts then.
 */
export async function offerTimeline(db: Db, { viewer, offerId, now = new Date() }: { viewer: User; offerId: string; now?: Date }): Promise<ContractTimelineView> {
  const found = await findCalendarOffer(db, await timelineOfferId(db, viewer, offerId, now))
  if (!found) throw offerNotFound()
  const bound = found.status === 'draft' ? null : found.bindingAgreementAt
  // What the completed notices recorded (decision 065): events that date periods, items done or waived.
  const recorded = (await recordedTimelines(db, [found.id]))(found.id)
  return contractTimelineView(found.id, termsOf(found), bound, { zone: propertyTimeZone(found.county), now, events: recorded.events, outcomes: recorded.outcomes })
}

/** The offer's id when the viewer reads its timeline: as a party (or its team), else as a principal broker of its agents. */
async function timelineOfferId(db: Db, viewer: User, offerId: string, now: Date): Promise<string> {
  try {
    return (await loadOfferForViewer(db, { viewer, id: offerId, now })).row.id
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_FOUND') || !isOfferId(offerId)) throw error
    const id = offerId.toLowerCase()
    if (await readsAsPrincipalBroker(db, { viewer, offerId: id, now })) return id
    throw error
  }
}
