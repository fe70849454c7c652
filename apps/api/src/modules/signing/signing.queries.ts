import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { PacketStatus } from '@offerbook/domain/signing'
import type { Db } from '../../db/client'
import { storedFile } from '../../db/schema/files'
import { listing } from '../../db/schema/listings'
import { offer } from '../../db/schema/offers'
import { user } from '../../db/schema/users'
import { signingEvent, signingField, signingPacket, signingSealVersion, signingSigner } from '../../db/schema/signing'

export type PacketRow = typeof signingPacket.$inferSelect
export type NewPacketRow = typeof signingPacket.$inferInsert
export type PacketChanges = Partial<Omit<NewPacketRow, 'id' | 'offerId' | 'kind' | 'createdAt'>>
export type SignerRow = typeof signingSigner.$inferSelect
export type NewSignerRow = typeof signingSigner.$inferInsert
export type SignerChanges = Partial<Omit<NewSignerRow, 'id' | 'packetId'>>
export type FieldRow = typeof signingField.$inferSelect
export type NewFieldRow = typeof signingField.$inferInsert
export type EventRow = typeof signingEvent.$inferSelect
export type NewEventRow = typeof signingEvent.$inferInsert

// ---------------------------------------------------------------------------------------------
// Packets

export async function insertPacket(db: Db, values: NewPacketRow): Promise<PacketRow> {
  const [row] = await db.insert(signingPacket).values(values).returning()
  if (!row) throw new Error('signing packet insert returned no row')
  return row
}

/** `forUpdate` locks the row until the transaction ends. */
export async function findPacket(db: Db, id: string, { forUpdate = false } = {}): Promise<PacketRow | null> {
  const query = db.select().from(signingPacket).where(eq(signingPacket.id, id)).limit(1)
  const [row] = await (forUpdate ? query.for('update') : query)
  return row ?? null
}

/** The packet, locked until the transaction ends: every change of a packet's state goes through this lock. */
export const lockPacket = (db: Db, id: string): Promise<PacketRow | null> => findPacket(db, id, { forUpdate: true })

export async function updatePacket(db: Db, id: string, changes: PacketChanges): Promise<PacketRow> {
  const [row] = await db.update(signingPacket).set(changes).where(eq(signingPacket.id, id)).returning()
  if (!row) throw new Error('signing packet update found no row')
  return row
}

export async function deletePacket(db: Db, id: string): Promise<void> {
  await db.delete(signingPacket).where(eq(signingPacket.id, id))
}

export async function listOfferPackets(db: Db, offerId: string): Promise<PacketRow[]> {
  return db.select().from(signingPacket).where(eq(signingPacket.offerId, offerId)).orderBy(desc(signingPacket.createdAt), desc(signingPacket.id))
}

/** Packets whose last signature is in and whose seal is not made yet, locked so one worker takes each. */
/** Records why a completing packet is not sealed yet; `since` keeps the first run that found it, and updatedAt moves it behind the other waiting packets. */
export async function markSealWaiting(db: Db, id: string, { reason, now }: { reason: 'timestamp-unavailable'; now: Date }): Promise<void> {
  await db
    .update(signingPacket)
    .set({ sealWaitingReason: reason, sealWaitingSince: sql`coalesce(${signingPacket.sealWaitingSince}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(signingPacket.id, id), eq(signingPacket.status, 'completing')))
}

/** Packets waiting for their seal, oldest change first, less those this run already found waiting for a timestamp. */
export async function lockPacketsToComplete(db: Db, limit: number, excluding: readonly string[] = []): Promise<PacketRow[]> {
  const waiting = eq(signingPacket.status, 'completing')
  return db
    .select()
    .from(signingPacket)
    .where(excluding.length > 0 ? and(waiting, notInArray(signingPacket.id, [...excluding])) : waiting)
    .orderBy(asc(signingPacket.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function lockDuePackets(db: Db, { now, limit }: { now: Date; limit: number }): Promise<PacketRow[]> {
  return db
    .select()
    .from(signingPacket)
    .where(and(eq(signingPacket.status, 'sent'), lte(signingPacket.expiresAt, now)))
    .orderBy(asc(signingPacket.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export type SealVersionRow = typeof signingSealVersion.$inferSelect

/** The completed packet one of whose sealed files (the seal or a later archive update) has this SHA-256, with that version. */
export async function findCompletedBySignedHash(db: Db, sha256: string): Promise<{ packet: PacketRow; version: SealVersionRow } | null> {
  const [row] = await db
    .select({ packet: signingPacket, version: signingSealVersion })
    .from(signingSealVersion)
    .innerJoin(signingPacket, eq(signingPacket.id, signingSealVersion.packetId))
    .where(and(eq(signingSealVersion.sha256, sha256), eq(signingPacket.status, 'completed')))
    .limit(1)
  return row ?? null
}

export async function insertSealVersion(db: Db, row: typeof signingSealVersion.$inferInsert): Promise<void> {
  await db.insert(signingSealVersion).values(row)
}

/** A packet's newest sealed file version. */
export async function latestSealVersion(db: Db, packetId: string): Promise<SealVersionRow | null> {
  const [row] = await db.select().from(signingSealVersion).where(eq(signingSealVersion.packetId, packetId)).orderBy(desc(signingSealVersion.seq)).limit(1)
  return row ?? null
}

/** Completed packets whose sealed file the archive job should update now, oldest due first, locked for this transaction. */
export async function lockPacketsDueForArchive(db: Db, { now, limit, excluding = [] }: { now: Date; limit: number; excluding?: readonly string[] }): Promise<PacketRow[]> {
  const due = and(eq(signingPacket.status, 'completed'), lte(signingPacket.sealArchiveDueAt, now))
  return db
    .select()
    .from(signingPacket)
    .where(excluding.length > 0 ? and(due, notInArray(signingPacket.id, [...excluding])) : due)
    .orderBy(asc(signingPacket.sealArchiveDueAt))
    .limit(limit)
    .for('update', { skipLocked: true })
}

/** The county of the property an offer (and so its packets) is for; null when the offer or its listing is gone. */
export async function findOfferCounty(db: Db, offerId: string): Promise<{ county: string | null } | null> {
  const [row] = await db.select({ county: listing.countyOrParish }).from(offer).innerJoin(listing, eq(listing.id, offer.listingId)).where(eq(offer.id, offerId)).limit(1)
  return row ?? null
}

/** The offer's packets of one kind in the given statuses (e.g. an open offer packet); with `unexpiredAt`, only those not past their expiry then. */
export async function countOfferPackets(db: Db, { offerId, kind, statuses, unexpiredAt }: { offerId: string; kind: string; statuses: readonly PacketStatus[]; unexpiredAt?: Date }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(signingPacket)
    .where(
      and(
        eq(signingPacket.offerId, offerId),
        eq(signingPacket.kind, kind),
        inArray(signingPacket.status, [...statuses]),
        unexpiredAt ? or(isNull(signingPacket.expiresAt), gt(signingPacket.expiresAt, unexpiredAt)) : undefined,
      ),
    )
  return row?.count ?? 0
}

// ---------------------------------------------------------------------------------------------
// Signers and fields

export async function insertSigners(db: Db, values: NewSignerRow[]): Promise<SignerRow[]> {
  if (values.length === 0) return []
  return db.insert(signingSigner).values(values).returning()
}

export async function listSigners(db: Db, packetId: string): Promise<SignerRow[]> {
  return db.select().from(signingSigner).where(eq(signingSigner.packetId, packetId)).orderBy(asc(signingSigner.position))
}

export async function listSignersOfPackets(db: Db, packetIds: readonly string[]): Promise<SignerRow[]> {
  if (packetIds.length === 0) return []
  return db
    .select()
    .from(signingSigner)
    .where(inArray(signingSigner.packetId, [...packetIds]))
    .orderBy(asc(signingSigner.position))
}

export async function findSignerByToken(db: Db, { id, tokenHash }: { id: string; tokenHash: string }): Promise<SignerRow | null> {
  const [row] = await db
    .select()
    .from(signingSigner)
    .where(and(eq(signingSigner.id, id), or(eq(signingSigner.tokenHash, tokenHash), eq(signingSigner.priorTokenHash, tokenHash))))
    .limit(1)
  return row ?? null
}

export async function updateSigner(db: Db, id: string, changes: SignerChanges): Promise<SignerRow> {
  const [row] = await db.update(signingSigner).set(changes).where(eq(signingSigner.id, id)).returning()
  if (!row) throw new Error('signer update found no row')
  return row
}

export async function insertFields(db: Db, values: NewFieldRow[]): Promise<FieldRow[]> {
  if (values.length === 0) return []
  return db.insert(signingField).values(values).returning()
}

export async function listFields(db: Db, packetId: string): Promise<FieldRow[]> {
  return db.select().from(signingField).where(eq(signingField.packetId, packetId)).orderBy(asc(signingField.page), asc(signingField.y), asc(signingField.x))
}

export async function listFieldsOfPackets(db: Db, packetIds: readonly string[]): Promise<FieldRow[]> {
  if (packetIds.length === 0) return []
  return db
    .select()
    .from(signingField)
    .where(inArray(signingField.packetId, [...packetIds]))
    .orderBy(asc(signingField.page), asc(signingField.y), asc(signingField.x))
}

export async function fillField(db: Db, id: string, { value, filledAt }: { value: string; filledAt: Date }): Promise<void> {
  await db.update(signingField).set({ value, filledAt }).where(eq(signingField.id, id))
}

// ---------------------------------------------------------------------------------------------
// Events

export async function insertEvent(db: Db, values: NewEventRow): Promise<EventRow> {
  const [row] = await db.insert(signingEvent).values(values).returning()
  if (!row) throw new Error('signing event insert returned no row')
  return row
}

export async function listEvents(db: Db, packetId: string): Promise<EventRow[]> {
  return db.select().from(signingEvent).where(eq(signingEvent.packetId, packetId)).orderBy(asc(signingEvent.seq))
}

export async function listEventsOfPackets(db: Db, packetIds: readonly string[]): Promise<EventRow[]> {
  if (packetIds.length === 0) return []
  return db
    .select()
    .from(signingEvent)
    .where(inArray(signingEvent.packetId, [...packetIds]))
    .orderBy(asc(signingEvent.seq))
}

// ---------------------------------------------------------------------------------------------
// Files

export async function findFileKey(db: Db, fileId: string): Promise<{ key: string; filename: string; contentType: string } | null> {
  const [row] = await db.select({ key: storedFile.key, filename: storedFile.filename, contentType: storedFile.contentType }).from(storedFile).where(eq(storedFile.id, fileId)).limit(1)
  return row ?? null
}

export async function deleteStoredFile(db: Db, fileId: string): Promise<void> {
  await db.delete(storedFile).where(eq(storedFile.id, fileId))
}

/** The accounts with these addresses (any case), for the language of their emails. */
export async function findAccountsByEmail(db: Db, emails: readonly string[]): Promise<{ id: string; email: string; language: string }[]> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))]
  if (wanted.length === 0) return []
  return db
    .select({ id: user.id, email: user.email, language: user.language })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, wanted))
}

export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<{ id: string; name: string; email: string; language: string }[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email, language: user.language }).from(user).where(inArray(user.id, wanted))
}

/** The packet's chain head and event count, its row locked for update until the transaction ends. */
export async function lockPacketChainHead(db: Db, packetId: string): Promise<{ chainHead: string | null; eventCount: number } | undefined> {
  const [head] = await db.select({ chainHead: signingPacket.chainHead, eventCount: signingPacket.eventCount }).from(signingPacket).where(eq(signingPacket.id, packetId)).for('update')
  return head
}

/** Moves the packet's chain head to the event just appended. */
export async function setPacketChainHead(db: Db, packetId: string, { hash, seq }: { hash: string; seq: number }): Promise<void> {
  await db.update(signingPacket).set({ chainHead: hash, eventCount: seq }).where(eq(signingPacket.id, packetId))
}
