import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contractNotice, contractTimelineRecord } from '../../db/schema/notices'
import { signingPacket } from '../../db/schema/signing'

export type NoticeRow = typeof contractNotice.$inferSelect
export type NewNoticeRow = typeof contractNotice.$inferInsert
export type TimelineRecordRow = typeof contractTimelineRecord.$inferSelect
export type NewTimelineRecordRow = typeof contractTimelineRecord.$inferInsert

export async function insertNotice(db: Db, values: NewNoticeRow): Promise<NoticeRow> {
  const [row] = await db.insert(contractNotice).values(values).returning()
  if (!row) throw new Error('contract notice insert returned no row')
  return row
}

export async function findNoticeOfPacket(db: Db, packetId: string): Promise<NoticeRow | null> {
  const [row] = await db.select().from(contractNotice).where(eq(contractNotice.packetId, packetId)).limit(1)
  return row ?? null
}

export async function markNoticeDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db.update(contractNotice).set({ deliveredAt: at }).where(eq(contractNotice.id, id))
}

/** A contract's notices, newest first, each with its packet's status, expiry and sealed file. */
export async function listOfferNotices(db: Db, offerId: string) {
  return db
    .select({ notice: contractNotice, packetStatus: signingPacket.status, packetExpiresAt: signingPacket.expiresAt, packetTitle: signingPacket.title, signedFileId: signingPacket.signedFileId })
    .from(contractNotice)
    .innerJoin(signingPacket, eq(signingPacket.id, contractNotice.packetId))
    .where(eq(contractNotice.offerId, offerId))
    .orderBy(desc(contractNotice.createdAt), desc(contractNotice.id))
}

export async function insertTimelineRecords(db: Db, rows: NewTimelineRecordRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(contractTimelineRecord).values(rows)
}

/** What was recorded on the contracts' timelines, oldest first (the first record of an item or event counts). */
export async function listTimelineRecords(db: Db, offerIds: readonly string[]): Promise<TimelineRecordRow[]> {
  if (offerIds.length === 0) return []
  return db
    .select()
    .from(contractTimelineRecord)
    .where(inArray(contractTimelineRecord.offerId, [...offerIds]))
    .orderBy(asc(contractTimelineRecord.recordedAt), asc(contractTimelineRecord.id))
}

/** The notices of a contract whose packet is in the given statuses (an open one blocks another for the same item). */
export async function listNoticesInPacketStatus(db: Db, { offerId, statuses }: { offerId: string; statuses: readonly string[] }) {
  return db
    .select({ notice: contractNotice, packetStatus: signingPacket.status, packetExpiresAt: signingPacket.expiresAt })
    .from(contractNotice)
    .innerJoin(signingPacket, eq(signingPacket.id, contractNotice.packetId))
    .where(and(eq(contractNotice.offerId, offerId), inArray(signingPacket.status, [...statuses])))
}
