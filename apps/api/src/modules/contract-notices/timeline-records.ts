import type { TimelineEvents } from '@offerbook/domain/contract-timeline'
import type { TimelineOutcomes } from '@offerbook/domain/contract-timeline-view'
import { timelineRecordsRead } from '@offerbook/domain/contract-notices'
import type { Db } from '../../db/client'
import { listTimelineRecords } from './notices.queries'

/** What the completed notices recorded on a contract's timeline (decision 065): the events that date periods, and the items done or waived. */
export type RecordedTimeline = { events: TimelineEvents; outcomes: TimelineOutcomes }

const NOTHING: RecordedTimeline = { events: {}, outcomes: {} }

/** Each contract's recorded timeline, read in one query; a contract with nothing recorded reads as nothing. */
export async function recordedTimelines(db: Db, offerIds: readonly string[]): Promise<(offerId: string) => RecordedTimeline> {
  const rows = await listTimelineRecords(db, offerIds)
  const byOffer = new Map<string, typeof rows>()
  for (const row of rows) byOffer.set(row.offerId, [...(byOffer.get(row.offerId) ?? []), row])
  const read = new Map([...byOffer].map(([offerId, records]) => [offerId, timelineRecordsRead(records)]))
  return (offerId) => read.get(offerId) ?? NOTHING
}
