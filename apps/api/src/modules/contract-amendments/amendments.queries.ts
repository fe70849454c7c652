import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contractAmendment, repairProposal } from '../../db/schema/amendments'
import { signingPacket } from '../../db/schema/signing'

/** The contract's amendments and repair proposals (decision 066), each scoped by its offer. */

export type AmendmentRow = typeof contractAmendment.$inferSelect
export type RepairProposalRow = typeof repairProposal.$inferSelect
export type AmendmentWithPacket = AmendmentRow & { packetStatus: string | null; packetExpiresAt: Date | null }

export async function insertAmendment(db: Db, values: typeof contractAmendment.$inferInsert): Promise<AmendmentRow> {
  const [row] = await db.insert(contractAmendment).values(values).returning()
  if (!row) throw new Error('contract_amendment insert returned no row')
  return row
}

/** The next amendment's number on the contract (the offer row is locked by the caller). */
export async function nextAmendmentNumber(db: Db, offerId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${contractAmendment.number}), 0)::int` })
    .from(contractAmendment)
    .where(eq(contractAmendment.offerId, offerId))
  return (row?.last ?? 0) + 1
}

/** The contract's amendments, newest first, each with its packet's status and expiry. */
export async function listAmendments(db: Db, offerId: string): Promise<AmendmentWithPacket[]> {
  const rows = await db
    .select({ amendment: contractAmendment, packetStatus: signingPacket.status, packetExpiresAt: signingPacket.expiresAt })
    .from(contractAmendment)
    .leftJoin(signingPacket, eq(signingPacket.id, contractAmendment.packetId))
    .where(eq(contractAmendment.offerId, offerId))
    .orderBy(desc(contractAmendment.number))
  return rows.map((row) => ({ ...row.amendment, packetStatus: row.packetStatus, packetExpiresAt: row.packetExpiresAt }))
}

export async function findAmendmentOfPacket(db: Db, packetId: string): Promise<AmendmentRow | null> {
  const [row] = await db.select().from(contractAmendment).where(eq(contractAmendment.packetId, packetId)).limit(1)
  return row ?? null
}

export async function markAmendmentApplied(db: Db, id: string, { version, at }: { version: number; at: Date }): Promise<void> {
  await db.update(contractAmendment).set({ appliedVersion: version, updatedAt: at }).where(eq(contractAmendment.id, id))
}

export async function insertRepairProposal(db: Db, values: typeof repairProposal.$inferInsert): Promise<RepairProposalRow> {
  const [row] = await db.insert(repairProposal).values(values).returning()
  if (!row) throw new Error('repair_proposal insert returned no row')
  return row
}

/** The contract's repair proposals, newest first. */
export async function listRepairProposals(db: Db, offerId: string): Promise<RepairProposalRow[]> {
  return db.select().from(repairProposal).where(eq(repairProposal.offerId, offerId)).orderBy(desc(repairProposal.createdAt))
}

/** One proposal of the contract, locked for its answer. */
export async function lockRepairProposal(db: Db, { offerId, id }: { offerId: string; id: string }): Promise<RepairProposalRow | null> {
  const [row] = await db
    .select()
    .from(repairProposal)
    .where(and(eq(repairProposal.offerId, offerId), eq(repairProposal.id, id)))
    .for('update')
    .limit(1)
  return row ?? null
}

export async function updateRepairProposal(db: Db, id: string, changes: Partial<Pick<RepairProposalRow, 'status' | 'rounds' | 'amendmentId' | 'updatedAt'>>): Promise<RepairProposalRow> {
  const [row] = await db.update(repairProposal).set(changes).where(eq(repairProposal.id, id)).returning()
  if (!row) throw new Error('repair_proposal update found no row')
  return row
}
