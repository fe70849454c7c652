import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appEvent } from '../../db/schema/conversations'

/** The most rows one sequencer run numbers; a run that leaves some is followed by another. */
const SEQUENCE_BATCH = 5000

/**
 * Numbers the committed feed events that have no feed sequence yet (decision 080). One run at a time
 * (a transaction-level advisory lock): a run starts after the last one committed, so every number it
 * gives is greater than every number already visible, and the sequence grows in commit order. Rows of
 * transactions still open are not visible to it; the next run numbers them, after the ones before.
 */
export async function sequenceFeed(db: Db, types: readonly string[]): Promise<void> {
  // Most reads find nothing to number: a look on the partial index of unnumbered rows, without the
  // lock every reader would otherwise queue on. A row committed after this look is numbered by the
  // next read, after every number visible now, as it would be had this read taken the lock.
  const waiting = await db.execute(sql`
    select exists (
      select 1 from ${appEvent} where feed_sequence is null and type in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )})
    ) as waiting`)
  if (!(waiting as unknown as { rows: { waiting: boolean }[] }).rows[0]?.waiting) return
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('app_event_feed_sequence', 0))`)
    // Numbered from the sequence's last value in id order (within a run, the order they were
    // written); only this run uses the sequence while it holds the lock, and setval moves it on.
    for (;;) {
      const state = await tx.execute(sql`select last_value, is_called from app_event_feed_sequence`)
      const [sequence] = (state as unknown as { rows: { last_value: string | number; is_called: boolean }[] }).rows
      const base = sequence ? Number(sequence.last_value) - (sequence.is_called ? 0 : 1) : 0
      const result = await tx.execute(sql`
        with waiting as (
          select id, row_number() over (order by id) as n from ${appEvent}
          where feed_sequence is null and type in (${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )})
          order by id limit ${SEQUENCE_BATCH}
        )
        update ${appEvent} set feed_sequence = ${base}::bigint + waiting.n
        from waiting where ${appEvent}.id = waiting.id
        returning feed_sequence`)
      const numbered = (result as unknown as { rows: { feed_sequence: string | number }[] }).rows
      if (numbered.length === 0) return
      const last = Math.max(...numbered.map((row) => Number(row.feed_sequence)))
      await tx.execute(sql`select setval('app_event_feed_sequence', ${last})`)
      if (numbered.length < SEQUENCE_BATCH) return
    }
  })
}

export type FeedRow = { feedSequence: number; type: string; data: Record<string, string | number | boolean | null>; createdAt: Date }

/** The recipient's numbered feed events after `since`, in feed order. */
export async function feedRows(db: Db, { recipient, types, since, limit }: { recipient: string; types: readonly string[]; since: number; limit: number }): Promise<FeedRow[]> {
  const rows = await db
    .select({ feedSequence: appEvent.feedSequence, type: appEvent.type, data: appEvent.data, createdAt: appEvent.createdAt })
    .from(appEvent)
    .where(and(eq(appEvent.recipient, recipient), gt(appEvent.feedSequence, since), inArray(appEvent.type, [...types])))
    .orderBy(asc(appEvent.feedSequence))
    .limit(limit)
  return rows.filter((row): row is FeedRow => row.feedSequence !== null)
}
