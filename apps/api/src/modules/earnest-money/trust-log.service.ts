import type { EarnestMoneyMethod, Holder, TrustLogPage, TrustLogQuery, TrustLogRow } from '@offerbook/domain/earnest-money'
import { HOLDER_KIND_NAMES, METHOD_NAMES, RELEASE_NAMES, TRUST_LOG_COLUMNS } from '@offerbook/domain/earnest-money'
import { csvFile } from '@offerbook/domain/csv'
import { dateInZone, formatZonedDateTime, propertyTimeZone } from '@offerbook/domain/property-time'
import type { ReleaseKind } from '@offerbook/domain/trust-clock'
import { disbursementClock } from '@offerbook/domain/trust-clock'
import type { User } from '@offerbook/domain/user'
import type { Db } from '../../db/client'
import { renderTrustLogPdf } from './earnest-money-pdf'
import type { TrustLogDbRow } from './earnest-money.queries'
import { brokerageAgentNames, brokerageTrustLog, countBrokerageTrustLog } from './earnest-money.queries'

/**
 * A principal broker's trust log (decision 070): the earnest money of every contract where an agent
 * of his brokerage is the buyer agent or the listing agent, with the T.C.A. 62-13-321 fields and the
 * disbursement clock's state, as JSON a page at a time, and whole as CSV and PDF for an audit.
 */

const BROKER_ZONE = 'America/Chicago'

function rowOf(row: TrustLogDbRow, agents: ReadonlyMap<string, string>, now: Date): TrustLogRow {
  const { record } = row
  const today = dateInZone(now, propertyTimeZone(row.county))
  const onContract: TrustLogRow['agents'] = []
  const buyerAgent = agents.get(row.buyerId)
  if (buyerAgent !== undefined) onContract.push({ name: buyerAgent, side: 'buyer' })
  const listingAgentId = [row.listAgentUserId, row.ownerId].find((id) => id !== null && agents.has(id))
  if (listingAgentId) onContract.push({ name: agents.get(listingAgentId) ?? '', side: 'listing' })
  return {
    offerId: record.offerId,
    address: row.address ?? '',
    agents: onContract,
    depositor: record.depositor,
    amount: record.amountCents / 100,
    depositDate: record.receivedOn,
    method: record.method as EarnestMoneyMethod,
    holder: { kind: record.holderKind as Holder['kind'], name: record.holderName, address: record.holderAddress },
    request: record.requestedOn ? { requestedOn: record.requestedOn, requestedBy: record.requestedBy ?? '', payee: record.requestPayee ?? '' } : null,
    clock: record.requestedOn ? disbursementClock(record.requestedOn, today, record.releasedOn) : null,
    withdrawalDate: record.releasedOn,
    payee: record.releasePayee,
    releaseKind: (record.releaseKind as ReleaseKind | null) ?? null,
    releasedAmount: record.releaseAmountCents === null ? null : record.releaseAmountCents / 100,
  }
}

async function agentsOf(db: Db, brokerId: string) {
  return new Map((await brokerageAgentNames(db, brokerId)).map((agent) => [agent.id, agent.name]))
}

/** GET /api/broker/trust-log: a page of the log, newest deposit first. */
export async function trustLog(db: Db, { actor, query, now = new Date() }: { actor: User; query: TrustLogQuery; now?: Date }): Promise<TrustLogPage> {
  const { page, pageSize } = query
  const [rows, total, agents] = await Promise.all([brokerageTrustLog(db, { brokerId: actor.uid, limit: pageSize, offset: (page - 1) * pageSize }), countBrokerageTrustLog(db, actor.uid), agentsOf(db, actor.uid)])
  return { items: rows.map((row) => rowOf(row, agents, now)), total, page, pageSize }
}

async function wholeLog(db: Db, actor: User, now: Date): Promise<TrustLogRow[]> {
  const [rows, agents] = await Promise.all([brokerageTrustLog(db, { brokerId: actor.uid, limit: null, offset: 0 }), agentsOf(db, actor.uid)])
  return rows.map((row) => rowOf(row, agents, now))
}

const amount = (value: number | null) => (value === null ? null : value.toFixed(2))

/** GET /api/broker/trust-log.csv */
export async function trustLogCsv(db: Db, { actor, now = new Date() }: { actor: User; now?: Date }): Promise<string> {
  const rows = await wholeLog(db, actor, now)
  return csvFile([
    TRUST_LOG_COLUMNS,
    ...rows.map((row) => [
      row.offerId,
      row.address,
      row.depositor,
      amount(row.amount),
      row.depositDate,
      METHOD_NAMES[row.method],
      row.holder.name,
      row.holder.kind ? HOLDER_KIND_NAMES[row.holder.kind] : null,
      row.holder.address,
      row.request?.requestedOn ?? null,
      row.request?.requestedBy ?? null,
      row.request?.payee ?? null,
      row.clock?.dueOn ?? null,
      row.clock?.state ?? null,
      row.withdrawalDate,
      row.payee,
      row.releaseKind ? RELEASE_NAMES[row.releaseKind] : null,
      amount(row.releasedAmount),
    ]),
  ])
}

/** GET /api/broker/trust-log.pdf */
export async function trustLogPdf(db: Db, { actor, now = new Date() }: { actor: User; now?: Date }): Promise<Uint8Array> {
  const rows = await wholeLog(db, actor, now)
  return renderTrustLogPdf({ brokerName: actor.name, rows, generatedAt: now, generated: formatZonedDateTime(now, BROKER_ZONE, 'en-us') })
}

export const trustLogFilename = (extension: 'csv' | 'pdf', now = new Date()) => `Trust-log-${dateInZone(now, BROKER_ZONE)}.${extension}`
