import type { AttentionItem, AttentionKind, Dashboard, DashboardDeadline, Pipeline, PipelineStage, PipelineTransaction } from '@offerbook/domain/dashboard'
import { ATTENTION_RULES, DEADLINE_WINDOW_DAYS, PIPELINE_STAGES } from '@offerbook/domain/dashboard'
import { compareTimelineItems } from '@offerbook/domain/contract-timeline'
import type { TimelineState } from '@offerbook/domain/contract-timeline-view'
import { contractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { addCalendarDays } from '@offerbook/domain/offer'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import { fillPath, routeByName } from '@offerbook/domain/route-access'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import type { BoundOfferRow } from './dashboard.queries'
import type { RecordedTimeline } from '../contract-notices/timeline-records'
import { recordedTimelines } from '../contract-notices/timeline-records'
import { boundOffers, documentsToSign, draftOffers, offersToAnswer } from './dashboard.queries'
import type { AttentionRow } from './pipeline.queries'
import { brokerageOf, buyerTransactions, draftsUnshared, listingTransactions, offersExpiringSoon, packetsWaiting, teamOf } from './pipeline.queries'

/** Where each item is done: the route table gives the paths (spec section 2). */
const hrefs = {
  offerEditor: (offerId: string) => fillPath(routeByName('submitted-offer-update').path, { id: offerId }),
  offerReview: (listingId: string, offerId: string) => fillPath(routeByName('my-property-offer').path, { id: listingId, offerId }),
  listing: (listingId: string) => fillPath(routeByName('my-property-edit-listing').path, { id: listingId }),
  listingOffers: (listingId: string) => fillPath(routeByName('my-property-optimize').path, { id: listingId }),
}

/** The offer's page on the side the user stands: the editor for the buyer side, the review page for the listing side. */
function offerHref(row: { offerId: string; listingId: string; buyerSide: boolean }): string {
  return row.buyerSide ? hrefs.offerEditor(row.offerId) : hrefs.offerReview(row.listingId, row.offerId)
}

const iso = (date: Date | null) => date?.toISOString() ?? null

/** At-risk first: missed, then due soon, then the rest. */
const RISK: Readonly<Record<TimelineState, number>> = { missed: 0, dueSoon: 1, upcoming: 2, done: 3, waived: 3 }

/**
 * The contract timeline items of the next 14 days (calendar days in each property's zone, today
 * included), and those missed in the last 14, across the user's bound contracts (issue #34): at-risk
 * first (missed, then due soon), then soonest first. Items already done or waived (decision 065) are left out.
 */
export function upcomingDeadlines(rows: readonly BoundOfferRow[], now: Date, recorded: (offerId: string) => RecordedTimeline = () => ({ events: {}, outcomes: {} })): DashboardDeadline[] {
  const items = rows.flatMap((row) => {
    const zone = propertyTimeZone(row.county)
    const today = dateInZone(now, zone)
    const first = addCalendarDays(today, -DEADLINE_WINDOW_DAYS)
    const last = addCalendarDays(today, DEADLINE_WINDOW_DAYS)
    const { events, outcomes } = recorded(row.offerId)
    const view = contractTimelineView(row.offerId, row.terms, row.bindingAgreementAt, { zone, now, events, outcomes })
    return view.items.flatMap((item) => {
      const date = item.date
      if (date === null || item.state === 'done' || item.state === 'waived' || date > last) return []
      if (date < today && !(item.state === 'missed' && date >= first)) return []
      return [{ offerId: row.offerId, listingId: row.listingId, address: row.address, kind: item.kind, owner: item.owner, state: item.state, date, href: offerHref(row) }]
    })
  })
  return items.sort((a, b) => RISK[a.state] - RISK[b.state] || compareTimelineItems(a, b) || a.offerId.localeCompare(b.offerId))
}

/** /dashboard: what the user should do next. */
export async function getDashboard(db: Db, { actor, now = new Date() }: { actor: User; now?: Date }): Promise<Dashboard> {
  const [drafts, toAnswer, documents, bound] = await Promise.all([
    draftOffers(db, actor.uid),
    offersToAnswer(db, actor.uid),
    documentsToSign(db, { userId: actor.uid, email: actor.email }),
    boundOffers(db, actor.uid, now),
  ])
  return {
    drafts: drafts.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString(), href: hrefs.offerEditor(row.offerId) })),
    offersToAnswer: toAnswer.map((row) => ({ ...row, sharedAt: iso(row.sharedAt), expiresAt: iso(row.expiresAt), href: hrefs.offerReview(row.listingId, row.offerId) })),
    documentsToSign: documents.map(({ buyerSide, ...row }) => ({ ...row, sentAt: iso(row.sentAt), href: offerHref({ ...row, buyerSide }) })),
    deadlines: upcomingDeadlines(bound, now, await recordedTimelines(db, bound.map((row) => row.offerId))),
  }
}

function attention(kind: AttentionKind, rows: readonly AttentionRow[]): AttentionItem[] {
  return rows.flatMap((row) => (row.at ? [{ kind, offerId: row.offerId, listingId: row.listingId, address: row.address, at: row.at.toISOString(), href: offerHref(row) }] : []))
}

/** /pbDashboard: every transaction by stage, the deadlines, what needs attention and the user's brokerage. */
export async function getPipeline(db: Db, { actor, now = new Date() }: { actor: User; now?: Date }): Promise<Pipeline> {
  const [listings, offers, bound, expiring, waiting, unshared, brokerage, team] = await Promise.all([
    listingTransactions(db, actor.uid),
    buyerTransactions(db, actor.uid),
    boundOffers(db, actor.uid, now),
    offersExpiringSoon(db, actor.uid, now, ATTENTION_RULES.offerExpiringHours),
    packetsWaiting(db, actor.uid, now, ATTENTION_RULES.signingWaitingDays),
    draftsUnshared(db, actor.uid, now, ATTENTION_RULES.draftUnsharedDays),
    brokerageOf(db, actor.uid),
    teamOf(db, actor.uid),
  ])
  const transactions: PipelineTransaction[] = [
    ...listings.map((row) => ({
      id: row.listingId,
      side: 'listing' as const,
      stage: row.stage,
      listingId: row.listingId,
      address: row.address,
      listPrice: row.listPrice,
      openOffers: row.openOffers,
      teamOf: row.teamOf,
      href: row.dealOfferId ? hrefs.offerReview(row.listingId, row.dealOfferId) : row.openOffers > 0 ? hrefs.listingOffers(row.listingId) : hrefs.listing(row.listingId),
    })),
    ...offers.map((row) => ({
      id: row.offerId,
      side: 'buyer' as const,
      stage: row.stage,
      listingId: row.listingId,
      address: row.address,
      listPrice: row.listPrice,
      openOffers: 0,
      teamOf: row.teamOf,
      href: hrefs.offerEditor(row.offerId),
    })),
  ]
  const counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, transactions.filter((item) => item.stage === stage).length])) as Record<PipelineStage, number>
  return {
    transactions,
    counts,
    deadlines: upcomingDeadlines(bound, now, await recordedTimelines(db, bound.map((row) => row.offerId))),
    attention: [...attention('offerExpiring', expiring), ...attention('signingWaiting', waiting), ...attention('draftUnshared', unshared)],
    brokerage: { principalBroker: brokerage.principalBroker, brokerageAgents: brokerage.agents, team, principalBrokerStatus: actor.principalBrokerStatus },
  }
}
