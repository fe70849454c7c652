import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contractAmendment } from '../../db/schema/amendments'
import { listing, teamMember } from '../../db/schema/listings'
import { earnestMoneyRecord } from '../../db/schema/earnest-money'
import { contractNotice } from '../../db/schema/notices'
import { offer } from '../../db/schema/offers'
import { signingField, signingPacket, signingSigner } from '../../db/schema/signing'
import { brokerageFileRule, transactionFileClose, transactionFileDocument } from '../../db/schema/transaction-files'
import { user, userRole } from '../../db/schema/users'

/** The queries of the brokerage's file of a transaction (decision 068). */

export type FileDocumentRow = typeof transactionFileDocument.$inferSelect
export type NewFileDocumentRow = typeof transactionFileDocument.$inferInsert
export type BrokerageRuleRow = typeof brokerageFileRule.$inferSelect

/** What a file reads of its offer and listing. */
export async function findFileOffer(db: Db, offerId: string) {
  const [row] = await db
    .select({
      id: offer.id,
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      status: offer.status,
      version: offer.version,
      terms: offer.terms,
      purchasePrice: offer.purchasePrice,
      finalPrice: offer.finalPrice,
      bindingAgreementAt: offer.bindingAgreementAt,
      address: listing.unparsedAddress,
      county: listing.countyOrParish,
      yearBuilt: listing.yearBuilt,
      propertyType: listing.propertyType,
      ownerId: listing.ownerId,
      listAgentUserId: listing.listAgentUserId,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(eq(offer.id, offerId))
    .limit(1)
  return row ?? null
}
export type FileOfferRow = NonNullable<Awaited<ReturnType<typeof findFileOffer>>>

export async function findPeopleByIds(db: Db, ids: readonly string[]): Promise<{ id: string; name: string; email: string; language: string }[]> {
  if (ids.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email, language: user.language }).from(user).where(inArray(user.id, [...ids]))
}

/** Which of these users hold the role. */
export async function usersWithRole(db: Db, ids: readonly string[], role: string): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.select({ id: userRole.userId }).from(userRole).where(and(inArray(userRole.userId, [...ids]), eq(userRole.role, role)))
  return rows.map((row) => row.id)
}

/** The viewer's team rows over these agents: a brokerage row (the viewer is their principal broker) or a team row (their team leader). */
export async function leaderRowsOver(db: Db, leaderId: string, agentIds: readonly string[]): Promise<{ memberId: string; brokerage: boolean }[]> {
  if (agentIds.length === 0) return []
  return db
    .select({ memberId: teamMember.memberId, brokerage: teamMember.brokerage })
    .from(teamMember)
    .where(and(eq(teamMember.leaderId, leaderId), inArray(teamMember.memberId, [...agentIds]), eq(teamMember.kind, 'agent')))
}

/** The agents a leader leads: of the brokerage when `brokerage`, of his own team otherwise. */
export async function agentsLedBy(db: Db, leaderId: string, brokerage: boolean): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: user.id, name: user.name })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.memberId))
    .where(and(eq(teamMember.leaderId, leaderId), eq(teamMember.kind, 'agent'), eq(teamMember.brokerage, brokerage)))
}

/** The principal broker of the agent's brokerage, if any. */
export async function brokerOfAgent(db: Db, agentId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: teamMember.leaderId })
    .from(teamMember)
    .where(and(eq(teamMember.memberId, agentId), eq(teamMember.brokerage, true), eq(teamMember.kind, 'agent')))
    .limit(1)
  return row?.id ?? null
}

/** The contracts (bound or closed) where one of the agents is the buyer agent or the listing agent, newest first, at most `limit`. */
export async function contractsOfAgents(db: Db, agentIds: readonly string[], limit: number) {
  if (agentIds.length === 0) return []
  const ids = [...agentIds]
  return db
    .select({ offerId: offer.id, buyerId: offer.buyerId, ownerId: listing.ownerId, listAgentUserId: listing.listAgentUserId })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(
      and(
        or(and(eq(offer.status, 'accepted'), isNotNull(offer.bindingAgreementAt)), eq(offer.status, 'closed')),
        or(inArray(offer.buyerId, ids), inArray(listing.listAgentUserId, ids), and(isNull(listing.listAgentUserId), inArray(listing.ownerId, ids))),
      ),
    )
    .orderBy(sql`${offer.bindingAgreementAt} desc nulls last`, asc(offer.id))
    .limit(limit)
}

// ---------------------------------------------------------------------------------------------
// Documents

export async function listFileDocuments(db: Db, offerId: string, side?: string): Promise<FileDocumentRow[]> {
  return db
    .select()
    .from(transactionFileDocument)
    .where(side === undefined ? eq(transactionFileDocument.offerId, offerId) : and(eq(transactionFileDocument.offerId, offerId), eq(transactionFileDocument.side, side)))
    .orderBy(asc(transactionFileDocument.uploadedAt), asc(transactionFileDocument.id))
}

export async function findFileDocument(db: Db, { offerId, side, id }: { offerId: string; side: string; id: string }): Promise<FileDocumentRow | null> {
  const [row] = await db
    .select()
    .from(transactionFileDocument)
    .where(and(eq(transactionFileDocument.id, id), eq(transactionFileDocument.offerId, offerId), eq(transactionFileDocument.side, side)))
    .limit(1)
  return row ?? null
}

/** A document of the file with these bytes, whatever its name. */
export async function findDocumentBySha(db: Db, { offerId, side, sha256 }: { offerId: string; side: string; sha256: string }): Promise<FileDocumentRow | null> {
  const [row] = await db
    .select()
    .from(transactionFileDocument)
    .where(and(eq(transactionFileDocument.offerId, offerId), eq(transactionFileDocument.side, side), eq(transactionFileDocument.sha256, sha256)))
    .limit(1)
  return row ?? null
}

/** Inserts a document; a packet's document already filed (same packet, side and slot) is left as it is and null comes back. */
export async function insertFileDocument(db: Db, values: NewFileDocumentRow): Promise<FileDocumentRow | null> {
  const [row] = await db.insert(transactionFileDocument).values(values).onConflictDoNothing().returning()
  return row ?? null
}

/** The slot's returned documents now stand replaced by `supersededBy`. */
export async function supersedeReturned(db: Db, { offerId, side, slotKey, supersededBy }: { offerId: string; side: string; slotKey: string; supersededBy: string }): Promise<void> {
  await db
    .update(transactionFileDocument)
    .set({ supersededBy })
    .where(
      and(
        eq(transactionFileDocument.offerId, offerId),
        eq(transactionFileDocument.side, side),
        eq(transactionFileDocument.slotKey, slotKey),
        eq(transactionFileDocument.review, 'returned'),
        isNull(transactionFileDocument.supersededBy),
        sql`${transactionFileDocument.id} <> ${supersededBy}`,
      ),
    )
}

export async function updateReview(db: Db, id: string, values: Pick<NewFileDocumentRow, 'review' | 'reviewNote' | 'reviewedBy' | 'reviewedByName' | 'reviewedAt'>): Promise<FileDocumentRow> {
  const [row] = await db.update(transactionFileDocument).set(values).where(eq(transactionFileDocument.id, id)).returning()
  if (!row) throw new Error(`file document ${id} is gone`)
  return row
}

/** The document row locked for a decision. */
export async function lockFileDocument(db: Db, id: string): Promise<FileDocumentRow | null> {
  const [row] = await db.select().from(transactionFileDocument).where(eq(transactionFileDocument.id, id)).for('update').limit(1)
  return row ?? null
}

// ---------------------------------------------------------------------------------------------
// Closing a file

export async function findFileClose(db: Db, offerId: string, side: string): Promise<{ closedAt: Date } | null> {
  const [row] = await db
    .select({ closedAt: transactionFileClose.closedAt })
    .from(transactionFileClose)
    .where(and(eq(transactionFileClose.offerId, offerId), eq(transactionFileClose.side, side)))
    .limit(1)
  return row ?? null
}

export async function listFileCloses(db: Db, offerIds: readonly string[]): Promise<{ offerId: string; side: string; closedAt: Date }[]> {
  if (offerIds.length === 0) return []
  return db.select({ offerId: transactionFileClose.offerId, side: transactionFileClose.side, closedAt: transactionFileClose.closedAt }).from(transactionFileClose).where(inArray(transactionFileClose.offerId, [...offerIds]))
}

/** Closes the file; false when it was closed already. */
export async function insertFileClose(db: Db, values: typeof transactionFileClose.$inferInsert): Promise<boolean> {
  const rows = await db.insert(transactionFileClose).values(values).onConflictDoNothing().returning({ offerId: transactionFileClose.offerId })
  return rows.length > 0
}

// ---------------------------------------------------------------------------------------------
// What the audit reads of the offer's packets, notices and amendments

/** The offer's signing packets with their fields (and each field's signer) and their signers' signing times. */
export async function listOfferPackets(db: Db, offerId: string) {
  const packets = await db
    .select({ id: signingPacket.id, kind: signingPacket.kind, title: signingPacket.title, status: signingPacket.status, signedFileId: signingPacket.signedFileId, signedSha256: signingPacket.signedSha256, completedAt: signingPacket.completedAt })
    .from(signingPacket)
    .where(eq(signingPacket.offerId, offerId))
    .orderBy(asc(signingPacket.createdAt), asc(signingPacket.id))
  if (packets.length === 0) return { packets, fields: [], signers: [] }
  const ids = packets.map((packet) => packet.id)
  const [fields, signers] = await Promise.all([
    db
      .select({ id: signingField.id, packetId: signingField.packetId, type: signingField.type, page: signingField.page, required: signingField.required, value: signingField.value, signerName: signingSigner.name })
      .from(signingField)
      .innerJoin(signingSigner, eq(signingSigner.id, signingField.signerId))
      .where(inArray(signingField.packetId, ids)),
    db.select({ packetId: signingSigner.packetId, role: signingSigner.role, signedAt: signingSigner.signedAt }).from(signingSigner).where(inArray(signingSigner.packetId, ids)),
  ])
  return { packets, fields, signers }
}

/** The contract's notices with their packets. */
export async function listNoticesOfOffer(db: Db, offerId: string) {
  return db
    .select({ id: contractNotice.id, item: contractNotice.item, packetId: contractNotice.packetId, deliveredAt: contractNotice.deliveredAt, title: signingPacket.title, status: signingPacket.status })
    .from(contractNotice)
    .innerJoin(signingPacket, eq(signingPacket.id, contractNotice.packetId))
    .where(eq(contractNotice.offerId, offerId))
    .orderBy(asc(contractNotice.createdAt), asc(contractNotice.id))
}

/** The contract's amendments sent for signature, with their packets. */
export async function listAmendmentsOfOffer(db: Db, offerId: string) {
  return db
    .select({ id: contractAmendment.id, number: contractAmendment.number, packetId: contractAmendment.packetId, title: signingPacket.title, status: signingPacket.status })
    .from(contractAmendment)
    .innerJoin(signingPacket, eq(signingPacket.id, contractAmendment.packetId))
    .where(eq(contractAmendment.offerId, offerId))
    .orderBy(asc(contractAmendment.number))
}

export async function findNoticeIdOfPacket(db: Db, packetId: string): Promise<string | null> {
  const [row] = await db.select({ id: contractNotice.id }).from(contractNotice).where(eq(contractNotice.packetId, packetId)).limit(1)
  return row?.id ?? null
}

export async function findAmendmentIdOfPacket(db: Db, packetId: string): Promise<string | null> {
  const [row] = await db.select({ id: contractAmendment.id }).from(contractAmendment).where(eq(contractAmendment.packetId, packetId)).limit(1)
  return row?.id ?? null
}

// ---------------------------------------------------------------------------------------------
// The brokerage's own rules

export async function listBrokerageRules(db: Db, brokerId: string): Promise<BrokerageRuleRow[]> {
  return db.select().from(brokerageFileRule).where(eq(brokerageFileRule.brokerId, brokerId)).orderBy(asc(brokerageFileRule.createdAt), asc(brokerageFileRule.id))
}

export async function insertBrokerageRule(db: Db, values: typeof brokerageFileRule.$inferInsert): Promise<BrokerageRuleRow> {
  const [row] = await db.insert(brokerageFileRule).values(values).returning()
  if (!row) throw new Error('brokerage rule insert returned no row')
  return row
}

export async function deleteBrokerageRule(db: Db, { brokerId, id }: { brokerId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(brokerageFileRule)
    .where(and(eq(brokerageFileRule.id, id), eq(brokerageFileRule.brokerId, brokerId)))
    .returning({ id: brokerageFileRule.id })
  return rows.length > 0
}

/** The date the holder attested receiving the earnest money (decision 070), or null while none has. */
export async function findAttestedEarnestMoneyDate(db: Db, offerId: string): Promise<string | null> {
  const [row] = await db.select({ receivedOn: earnestMoneyRecord.receivedOn }).from(earnestMoneyRecord).where(eq(earnestMoneyRecord.offerId, offerId)).limit(1)
  return row?.receivedOn ?? null
}
