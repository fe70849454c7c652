import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { AmendmentChanges, RepairRound } from '@offerbook/domain/contract-amendments'
import { AMENDMENT_SIDES, REPAIR_PROPOSAL_STATUSES } from '@offerbook/domain/contract-amendments'
import { cascadeUuid, createdAt, isOneOf, updatedAt, uuidPrimaryKey } from './columns'
import { offer } from './offers'
import { signingPacket } from './signing'
import { setNullUser } from './users'

/**
 * An amendment of a bound contract (decision 066): the changes drafted on one version of the terms,
 * and the signing packet both sides sign. Its state is its packet's; once completed, the version it
 * made is recorded here.
 */
export const contractAmendment = pgTable(
  'contract_amendment',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    /** 1 for the contract's first amendment. */
    number: integer('number').notNull(),
    side: text('side').notNull(),
    draftedBy: setNullUser('drafted_by'),
    draftedByName: text('drafted_by_name'),
    changes: jsonb('changes').$type<AmendmentChanges>().notNull(),
    message: text('message').notNull().default(''),
    baseVersion: integer('base_version').notNull(),
    appliedVersion: integer('applied_version'),
    packetId: uuid('packet_id').references(() => signingPacket.id, { onDelete: 'set null' }),
    repairProposalId: uuid('repair_proposal_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('contract_amendment_number_unique').on(table.offerId, table.number),
    index('contract_amendment_packet_idx').on(table.packetId),
    check('contract_amendment_side_check', isOneOf(table.side, AMENDMENT_SIDES)),
  ],
)

/**
 * A repair or replacement proposal during the resolution period (the RF655's purpose): each list put
 * to the other side (the buyer side's, then any counter) is a round; accepted, it is drafted into an
 * amendment; declined, the contract's stated outcome follows.
 */
export const repairProposal = pgTable(
  'repair_proposal',
  {
    id: uuidPrimaryKey(),
    offerId: cascadeUuid('offer_id', () => offer.id),
    status: text('status').notNull().default('open'),
    rounds: jsonb('rounds').$type<RepairRound[]>().notNull().default([]),
    amendmentId: uuid('amendment_id').references(() => contractAmendment.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('repair_proposal_offer_idx').on(table.offerId, table.createdAt), check('repair_proposal_status_check', isOneOf(table.status, REPAIR_PROPOSAL_STATUSES))],
)
