import type { BrokerContract, BrokerContractItem, BrokerContractsPage, BrokerContractsQuery } from '@offerbook/domain/broker-contracts'
import { BROKER_CONTRACTS_SCAN_LIMIT } from '@offerbook/domain/broker-contracts'
import { compareTimelineItems } from '@offerbook/domain/contract-timeline'
import type { TimelineViewItem } from '@offerbook/domain/contract-timeline-view'
import { contractTimelineView } from '@offerbook/domain/contract-timeline-view'
import { propertyTimeZone } from '@offerbook/domain/property-time'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { termsOf } from '../offers/offers-access'
import { leadsBrokerage } from '../teams/team-rules'
import type { BrokerContractRow } from './broker.queries'
import type { RecordedTimeline } from '../contract-notices/timeline-records'
import { recordedTimelines } from '../contract-notices/timeline-records'
import { brokerageAgentNames, brokerageContracts, isBrokerageContract } from './broker.queries'

export type { ExportOfferRow, ExportPeriod } from './broker.queries'
/** What the brokerage's export (decision 071) reads of the brokerage: its agents, and its offers a page at a time. */
export { brokerageAgentNames, brokerageOfferPage, countBrokerageOffers } from './broker.queries'

/**
 * What a principal broker reads of the brokerage's contracts (issue #34 item 6, decision 067): the
 * timelines, read-only. Nothing else of those offers opens to him: the offer page, its documents,
 * notices and every action keep answering 404 (loadOfferForViewer is unchanged).
 */

/** Whether the viewer may read this offer's contract timeline as its agent's principal broker. */
export async function readsAsPrincipalBroker(db: Db, { viewer, offerId, now }: { viewer: User; offerId: string; now: Date }): Promise<boolean> {
  return leadsBrokerage(viewer) && isBrokerageContract(db, { brokerId: viewer.uid, offerId, now })
}

const RISK = { missed: 0, dueSoon: 1, upcoming: 2, done: 3, waived: 3 } as const

const itemOf = (item: TimelineViewItem & { date: string }): BrokerContractItem => ({ kind: item.kind, owner: item.owner, state: item.state, date: item.date })
const dated = (item: TimelineViewItem): item is TimelineViewItem & { date: string } => item.date !== null

function contractOf(row: BrokerContractRow & { bindingAgreementAt: Date }, agents: ReadonlyMap<string, string>, now: Date, recorded: RecordedTimeline): BrokerContract {
  // What the contract's notices recorded (decision 065) reads as in the Timeline section.
  const view = contractTimelineView(row.offerId, termsOf(row), row.bindingAgreementAt, { zone: propertyTimeZone(row.county), now, events: recorded.events, outcomes: recorded.outcomes })
  const items = view.items.filter(dated)
  const atRisk = items.filter((item) => item.state === 'missed' || item.state === 'dueSoon').sort((a, b) => RISK[a.state] - RISK[b.state] || compareTimelineItems(a, b))
  const next = items.filter((item) => item.state === 'upcoming').sort(compareTimelineItems)[0]
  const listingAgentId = row.listAgentUserId !== null && agents.has(row.listAgentUserId) ? row.listAgentUserId : row.ownerId !== null && agents.has(row.ownerId) ? row.ownerId : null
  const onContract: BrokerContract['agents'] = []
  const buyerAgent = agents.get(row.buyerId)
  if (buyerAgent !== undefined) onContract.push({ id: row.buyerId, name: buyerAgent, side: 'buyer' })
  if (listingAgentId !== null) onContract.push({ id: listingAgentId, name: agents.get(listingAgentId) ?? '', side: 'listing' })
  return {
    offerId: row.offerId,
    listingId: row.listingId,
    address: row.address,
    bindingAgreementDate: view.bindingAgreementDate ?? '',
    agents: onContract,
    atRisk: atRisk.map(itemOf),
    next: next ? itemOf(next) : null,
  }
}

/** The worst state among a contract's items, and its soonest at-risk or upcoming date, for the list's order. */
function riskOf(contract: BrokerContract): [number, string] {
  const first = contract.atRisk[0] ?? contract.next
  return [first ? RISK[first.state] : 4, first?.date ?? '9999-12-31']
}

/**
 * The brokerage's open contracts (accepted, bound), at-risk first: those with a missed item, then
 * those with an item due soon, then the rest by their next date. The newest BROKER_CONTRACTS_SCAN_LIMIT
 * contracts are read and ordered; the query's page is cut from them.
 */
export async function brokerContracts(db: Db, { actor, query, now = new Date() }: { actor: User; query: BrokerContractsQuery; now?: Date }): Promise<BrokerContractsPage> {
  const { page, pageSize } = query
  if (!leadsBrokerage(actor)) return { items: [], total: 0, page, pageSize }
  const [rows, agents] = await Promise.all([brokerageContracts(db, { brokerId: actor.uid, now, limit: BROKER_CONTRACTS_SCAN_LIMIT }), brokerageAgentNames(db, actor.uid)])
  const names = new Map(agents.map((agent) => [agent.id, agent.name]))
  const recorded = await recordedTimelines(db, rows.map((row) => row.offerId))
  const contracts = rows.flatMap((row) => (row.bindingAgreementAt ? [contractOf({ ...row, bindingAgreementAt: row.bindingAgreementAt }, names, now, recorded(row.offerId))] : []))
  contracts.sort((a, b) => {
    const [riskA, dateA] = riskOf(a)
    const [riskB, dateB] = riskOf(b)
    return riskA - riskB || dateA.localeCompare(dateB) || a.offerId.localeCompare(b.offerId)
  })
  return { items: contracts.slice((page - 1) * pageSize, page * pageSize), total: contracts.length, page, pageSize }
}
