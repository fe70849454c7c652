import type { AmendmentChanges, AmendmentSide, AmendmentState, AnswerRepairs, ContractAmendment, ContractAmendments, DraftAmendment, ProposeRepairs, RepairProposal, RepairRound } from '@offerbook/domain/contract-amendments'
import { amendmentLines, amendmentProblems, applyAmendment, repairsAwaiting } from '@offerbook/domain/contract-amendments'
import { contractTimeline, timelineChanges } from '@offerbook/domain/contract-timeline'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { dateInZone, formatCalendarDate, formatZonedDay, propertyTimeZone } from '@offerbook/domain/property-time'
import type { PacketStatus } from '@offerbook/domain/signing'
import type { User } from '@offerbook/domain/user'
import { AppError } from '../../app-error'
import type { Db } from '../../db/client'
import type { OfferListingRow, OfferRow } from '../offers/offer-rows.service'
import { listOfferVersions, lockOffer, updateOffer } from '../offers/offer-rows.service'
import { isOfferId, isSellerOf, loadOfferForViewer, offerNotFound, termsOf } from '../offers/offers-access'
import type { Notice, NoticeContext } from '../offers/offers-notify'
import { notifyBuyerSide, notifySellerSide } from '../offers/offers-notify'
import { listingOf, recordEvent } from '../offers/offers.service'
import { refuseStaleVersion, writeNextVersion } from '../offers/offers-versions'
import { effectiveStatus } from '../signing/signing-access'
import type { RequestInfo, SigningContext } from '../signing/signing.service'
import { suggestedSigners } from '../signing/signing.service'
import { sendDocumentPacket } from '../signing/signing-send.service'
import { runHeavy } from '../../workers/heavy-pool'
import type { AmendmentRow, AmendmentWithPacket, RepairProposalRow } from './amendments.queries'
import { findAmendmentOfPacket, insertAmendment, insertRepairProposal, listAmendments, listRepairProposals, lockRepairProposal, markAmendmentApplied, nextAmendmentNumber, updateRepairProposal } from './amendments.queries'

/**
 * Amendments of a bound contract and repair proposals (issue #34 item 4, decision 066). An amendment
 * is drafted by one of the contract's two parties (the offer's buyer side, or whoever manages the
 * listing), drawn as our own document and sent as a signing packet to both sides' signers; only one
 * is out for signature at a time. When its packet completes (signing-jobs.ts), the offer's terms
 * become the amended ones, a new version, in the completion's transaction, and everything that reads
 * the terms (the timeline, the calendar, the dashboard, the net sheet) follows.
 */

type Party = { row: OfferRow; side: AmendmentSide; listing: OfferListingRow; zone: string }

const otherSide = (side: AmendmentSide): AmendmentSide => (side === 'buyer' ? 'seller' : 'buyer')

async function tellSide(tx: Db, ctx: NoticeContext, side: AmendmentSide, notice: Notice): Promise<void> {
  if (side === 'buyer') await notifyBuyerSide(tx, ctx, notice)
  else await notifySellerSide(tx, ctx, notice)
}

/**
 * The bound contract locked for a change by one of its parties. A reader of the offer who is not a
 * party (a teammate) is told so (403); anyone else, a principal broker included, gets the offer's 404.
 */
async function lockParty(tx: Db, actor: User, id: string): Promise<Party> {
  if (!isOfferId(id)) throw offerNotFound()
  const row = await lockOffer(tx, id.toLowerCase())
  if (!row) throw offerNotFound()
  const side: AmendmentSide | null = row.buyerId === actor.uid ? 'buyer' : (await isSellerOf(tx, actor, row)) ? 'seller' : null
  if (!side) {
    await loadOfferForViewer(tx, { viewer: actor, id: row.id })
    throw new AppError('FORBIDDEN', 'amendment.onlyParties')
  }
  if ((row.status as OfferStatus) !== 'accepted' || !row.bindingAgreementAt) throw new AppError('CONFLICT', 'amendment.notBound')
  const listing = await listingOf(tx, row)
  return { row, side, listing, zone: propertyTimeZone(listing.countyOrParish) }
}

/** An amendment's state, read from its packet at `now` (a packet past its expiry is expired before the job marks it). */
function stateOf(row: Pick<AmendmentWithPacket, 'packetStatus' | 'packetExpiresAt'>, now: Date): AmendmentState {
  if (row.packetStatus === null) return 'voided'
  const status = effectiveStatus({ status: row.packetStatus, expiresAt: row.packetExpiresAt }, now) as PacketStatus
  if (status === 'sent' || status === 'completing' || status === 'draft') return 'signing'
  if (status === 'completed') return 'signed'
  return status
}

/** The amendment out for signature on the contract, if any: a second one waits for it. */
async function amendmentInFlight(tx: Db, offerId: string, now: Date): Promise<AmendmentWithPacket | null> {
  return (await listAmendments(tx, offerId)).find((row) => stateOf(row, now) === 'signing') ?? null
}

/** The last day of the resolution period in the property's zone (from the repair request, or at the latest the inspection's end); null when waived. */
function resolutionEnd(row: OfferRow, zone: string): string | null {
  if (!row.bindingAgreementAt) return null
  return contractTimeline(termsOf(row), row.bindingAgreementAt, { zone }).items.find((item) => item.kind === 'resolutionPeriod')?.date ?? null
}

function badAmendment(problems: { path: string; key: AppError['key']; params?: Record<string, string | number> }[]): AppError {
  const [first] = problems
  return new AppError('BAD_REQUEST', first!.key, { params: first!.params, errors: problems.map((problem) => (problem.params ? problem : { path: problem.path, key: problem.key })) })
}

/** The checks of a draft, made before its document is drawn and again with the offer locked in the packet's transaction. */
async function checkDraft(tx: Db, actor: User, offerId: string, input: Pick<DraftAmendment, 'changes' | 'version' | 'confirmed'>, now: Date): Promise<Party & { number: number }> {
  const party = await lockParty(tx, actor, offerId)
  refuseStaleVersion(party.row, input.version)
  const flying = await amendmentInFlight(tx, party.row.id, now)
  if (flying) throw new AppError('CONFLICT', 'amendment.waitsForAnother', { params: { number: flying.number } })
  const problems = amendmentProblems(termsOf(party.row), input.changes, { today: dateInZone(now, party.zone), listPrice: party.listing.listPrice, confirmed: input.confirmed })
  if (problems.length > 0) throw badAmendment(problems)
  return { ...party, number: await nextAmendmentNumber(tx, party.row.id) }
}

type DraftOptions = {
  actor: User
  offerId: string
  input: DraftAmendment
  request?: RequestInfo
  now?: Date
  /** An accepted repair proposal the amendment is drafted from: checked again and answered in the same transaction. */
  fromProposal?: { id: string; check: (tx: Db, party: Party) => Promise<void>; answered: (tx: Db, party: Party, amendment: AmendmentRow) => Promise<void> }
}

/** Drafts an amendment and sends it for both sides' signatures. */
export async function draftAmendment(db: Db, ctx: SigningContext, { actor, offerId, input, request = {}, now = new Date(), fromProposal }: DraftOptions): Promise<ContractAmendments> {
  const party = await db.transaction(async (tx) => {
    const checked = await checkDraft(tx, actor, offerId, input, now)
    await fromProposal?.check(tx, checked)
    return checked
  })
  const { row, number } = party
  const terms = termsOf(row)
  const signers = await suggestedSigners(db, row)
  const buyerSide = signers.some((signer) => signer.role === 'buyer' || signer.role === 'buyer-agent')
  const sellerSide = signers.some((signer) => signer.role === 'seller' || signer.role === 'listing-agent')
  if (!buyerSide || !sellerSide) throw new AppError('CONFLICT', 'amendment.signersMissing')

  const lines = amendmentLines(terms, input.changes)
  const bytes = await runHeavy('renderAmendmentPdf', {
    number,
    address: party.listing.unparsedAddress || 'the Property',
    buyers: terms.buyers.map((buyer) => buyer.fullName).filter((name) => name.trim() !== ''),
    sellers: signers.filter((signer) => signer.role === 'seller').map((signer) => signer.name),
    agreement: `${terms.form.code} ${terms.form.version}`,
    bindingDate: formatZonedDay(row.bindingAgreementAt!, party.zone),
    version: row.version,
    prepared: formatZonedDay(now, party.zone),
    lines,
    createdAt: now,
  })
  const title = `Amendment ${number} to the Purchase and Sale Agreement`
  await sendDocumentPacket(db, ctx, {
    actor,
    offerId: row.id,
    kind: 'amendment',
    title,
    filename: `${title}.pdf`,
    pdf: bytes,
    signers,
    fields: 'signature-page',
    message: input.message,
    request,
    now,
    check: async (tx) => {
      const locked = await checkDraft(tx, actor, offerId, input, now)
      if (locked.number !== number) throw new AppError('CONFLICT', 'amendment.waitsForAnother', { params: { number: locked.number - 1 } })
      await fromProposal?.check(tx, locked)
    },
    record: async (tx, packet) => {
      const amendment = await insertAmendment(tx, {
        offerId: row.id,
        number,
        side: party.side,
        draftedBy: actor.uid,
        draftedByName: actor.name,
        changes: input.changes,
        message: input.message,
        baseVersion: row.version,
        packetId: packet.id,
        repairProposalId: fromProposal?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      const moved = timelineChanges(contractTimeline(terms, row.bindingAgreementAt!, { zone: party.zone }).items, contractTimeline(applyAmendment(terms, input.changes), row.bindingAgreementAt!, { zone: party.zone }).items)
      await recordEvent(tx, row, {
        type: 'amendment-drafted',
        actor,
        from: 'accepted',
        to: 'accepted',
        at: now,
        details: { amendmentId: amendment.id, number, side: party.side, packetId: packet.id, version: row.version, changes: input.changes, lines, timeline: moved, ...(fromProposal ? { repairProposalId: fromProposal.id } : {}) },
      })
      await fromProposal?.answered(tx, party, amendment)
    },
  })
  return getAmendments(db, { viewer: actor, offerId: row.id, now })
}

/**
 * A completed amendment packet (signing-jobs.ts, in the completion's transaction): the offer's terms
 * become the amended ones as its next version (kind 'amendment'), the ledger records it with what
 * changed, and both sides are told. A contract no longer bound (terminated, closed) keeps its terms.
 */
export async function applySignedAmendment(tx: Db, { packet, publicUrl, at }: { packet: { id: string; offerId: string }; publicUrl: string; at: Date }): Promise<void> {
  const amendment = await findAmendmentOfPacket(tx, packet.id)
  if (!amendment || amendment.appliedVersion !== null) return
  const row = await lockOffer(tx, packet.offerId)
  if (!row || (row.status as OfferStatus) !== 'accepted') return
  const before = termsOf(row)
  const changes = amendment.changes as AmendmentChanges
  const next = applyAmendment(before, changes)
  const side = amendment.side as AmendmentSide
  const version = await writeNextVersion(tx, row, { kind: 'amendment', side, actorId: amendment.draftedBy ?? row.buyerId, actorName: amendment.draftedByName, message: amendment.message, terms: next, at })
  const changed = await updateOffer(tx, row.id, { terms: next, version, purchasePrice: next.purchasePrice, updatedAt: at })
  await markAmendmentApplied(tx, amendment.id, { version, at })
  const listing = await listingOf(tx, changed)
  const zone = propertyTimeZone(listing.countyOrParish)
  const moved = row.bindingAgreementAt ? timelineChanges(contractTimeline(before, row.bindingAgreementAt, { zone }).items, contractTimeline(next, row.bindingAgreementAt, { zone }).items) : []
  await recordEvent(tx, changed, {
    type: 'amended',
    actor: null,
    from: 'accepted',
    to: 'accepted',
    at,
    details: { amendmentId: amendment.id, number: amendment.number, side, version, packetId: packet.id, changes, lines: amendmentLines(before, changes), timeline: moved },
  })
  const notice: Notice = { row: changed, listing, event: 'amended', actorName: null, date: next.closingDate }
  const noticeContext = { publicUrl, at }
  await notifyBuyerSide(tx, noticeContext, notice)
  await notifySellerSide(tx, noticeContext, notice)
}

// ---------------------------------------------------------------------------------------------
// Repair proposals

/** The buyer side proposes repairs during the resolution period; the seller side is asked to answer. */
export async function proposeRepairs(db: Db, ctx: Pick<SigningContext, 'publicUrl'>, { actor, offerId, input, now = new Date() }: { actor: User; offerId: string; input: ProposeRepairs; now?: Date }): Promise<ContractAmendments> {
  const id = await db.transaction(async (tx) => {
    const { row, side, listing, zone } = await lockParty(tx, actor, offerId)
    if (side !== 'buyer') throw new AppError('FORBIDDEN', 'amendment.onlyBuyerProposes')
    const ends = resolutionEnd(row, zone)
    if (ends === null) throw new AppError('CONFLICT', 'amendment.noResolutionPeriod')
    if (ends < dateInZone(now, zone)) throw new AppError('CONFLICT', 'amendment.resolutionOver', { params: { date: formatCalendarDate(ends) } })
    if ((await listRepairProposals(tx, row.id)).some((proposal) => proposal.status === 'open')) throw new AppError('CONFLICT', 'amendment.repairsOpen')
    const round: RepairRound = { side, repairs: input.repairs, message: input.message, at: now.toISOString(), byName: actor.name }
    const proposal = await insertRepairProposal(tx, { offerId: row.id, status: 'open', rounds: [round], createdAt: now, updatedAt: now })
    await recordEvent(tx, row, { type: 'repairs-proposed', actor, from: 'accepted', to: 'accepted', at: now, details: { proposalId: proposal.id, side, repairs: input.repairs, message: input.message } })
    await notifySellerSide(tx, { publicUrl: ctx.publicUrl, at: now }, { row, listing, event: 'repairs-proposed', actorName: actor.name, note: input.message || null })
    return row.id
  })
  return getAmendments(db, { viewer: actor, offerId: id, now })
}

/** The proposal locked for an answer by the side whose turn it is. */
async function lockOpenProposal(tx: Db, party: Party, proposalId: string): Promise<RepairProposalRow> {
  if (!isOfferId(proposalId)) throw new AppError('NOT_FOUND', 'amendment.repairsNotFound')
  const proposal = await lockRepairProposal(tx, { offerId: party.row.id, id: proposalId.toLowerCase() })
  if (!proposal) throw new AppError('NOT_FOUND', 'amendment.repairsNotFound')
  if (proposal.status !== 'open') throw new AppError('CONFLICT', 'amendment.repairsNotOpen')
  if (repairsAwaiting(proposal.rounds) !== party.side) throw new AppError('CONFLICT', 'amendment.notYourTurn')
  return proposal
}

/**
 * The answer to a repair proposal by the side whose turn it is: accepted drafts the amendment with
 * the last list and sends it for signature; countered puts the side's own list back; declined ends
 * the proposal, and the contract's stated outcome follows (the resolution period's end).
 */
export async function answerRepairs(db: Db, ctx: SigningContext, { actor, offerId, proposalId, input, request = {}, now = new Date() }: { actor: User; offerId: string; proposalId: string; input: AnswerRepairs; request?: RequestInfo; now?: Date }): Promise<ContractAmendments> {
  if (input.answer === 'accepted') {
    const current = await db.transaction(async (tx) => {
      const party = await lockParty(tx, actor, offerId)
      const proposal = await lockOpenProposal(tx, party, proposalId)
      return { version: party.row.version, repairs: proposal.rounds.at(-1)!.repairs, id: proposal.id }
    })
    return draftAmendment(db, ctx, {
      actor,
      offerId,
      input: { changes: { repairs: current.repairs }, version: current.version, message: input.message, confirmed: false },
      request,
      now,
      fromProposal: {
        id: current.id,
        check: async (tx, party) => {
          await lockOpenProposal(tx, party, current.id)
        },
        answered: async (tx, party, amendment) => {
          await updateRepairProposal(tx, current.id, { status: 'accepted', amendmentId: amendment.id, updatedAt: now })
          await recordEvent(tx, party.row, { type: 'repairs-answered', actor, from: 'accepted', to: 'accepted', at: now, details: { proposalId: current.id, side: party.side, answer: 'accepted', repairs: current.repairs, amendmentId: amendment.id } })
          await tellSide(tx, { publicUrl: ctx.publicUrl, at: now }, otherSide(party.side), { row: party.row, listing: party.listing, event: 'repairs-answered', actorName: actor.name, note: input.message || null })
        },
      },
    })
  }
  const id = await db.transaction(async (tx) => {
    const party = await lockParty(tx, actor, offerId)
    const proposal = await lockOpenProposal(tx, party, proposalId)
    const rounds = input.answer === 'countered' ? [...proposal.rounds, { side: party.side, repairs: input.repairs ?? [], message: input.message, at: now.toISOString(), byName: actor.name }] : proposal.rounds
    await updateRepairProposal(tx, proposal.id, { status: input.answer === 'declined' ? 'declined' : 'open', rounds, updatedAt: now })
    await recordEvent(tx, party.row, {
      type: 'repairs-answered',
      actor,
      from: 'accepted',
      to: 'accepted',
      at: now,
      details: { proposalId: proposal.id, side: party.side, answer: input.answer, ...(input.answer === 'countered' ? { repairs: input.repairs } : {}), message: input.message },
    })
    await tellSide(tx, { publicUrl: ctx.publicUrl, at: now }, otherSide(party.side), { row: party.row, listing: party.listing, event: 'repairs-answered', actorName: actor.name, note: input.message || null })
    return party.row.id
  })
  return getAmendments(db, { viewer: actor, offerId: id, now })
}

// ---------------------------------------------------------------------------------------------
// Reading

function amendmentView(row: AmendmentWithPacket, baseTerms: ReturnType<typeof termsOf> | null, now: Date): ContractAmendment {
  const changes = row.changes as AmendmentChanges
  return {
    id: row.id,
    number: row.number,
    side: row.side as AmendmentSide,
    draftedByName: row.draftedByName,
    createdAt: row.createdAt.toISOString(),
    state: stateOf(row, now),
    changes,
    lines: baseTerms ? amendmentLines(baseTerms, changes) : [],
    baseVersion: row.baseVersion,
    appliedVersion: row.appliedVersion,
    message: row.message,
    packetId: row.packetId,
    repairProposalId: row.repairProposalId,
  }
}

function proposalView(row: RepairProposalRow, resolutionEnds: string | null): RepairProposal {
  return {
    id: row.id,
    status: row.status as RepairProposal['status'],
    rounds: row.rounds,
    awaiting: row.status === 'open' ? repairsAwaiting(row.rounds) : null,
    amendmentId: row.amendmentId,
    resolutionEnds: row.status === 'declined' ? resolutionEnds : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * GET /api/offers/:id/amendments: whoever reads the contract (its parties and their teams) reads its
 * amendments and repair proposals; only the parties may draft or answer.
 */
export async function getAmendments(db: Db, { viewer, offerId, now = new Date() }: { viewer: User; offerId: string; now?: Date }): Promise<ContractAmendments> {
  const { row, viewer: as } = await loadOfferForViewer(db, { viewer, id: offerId, now })
  const side: AmendmentSide | null = as === 'link' ? null : as
  const listing = await listingOf(db, row)
  const zone = propertyTimeZone(listing.countyOrParish)
  const bound = (row.status as OfferStatus) === 'accepted' && row.bindingAgreementAt !== null
  const [amendments, proposals] = await Promise.all([listAmendments(db, row.id), listRepairProposals(db, row.id)])
  const versions = new Map<number, ReturnType<typeof termsOf>>()
  for (const version of await listOfferVersions(db, row.id)) versions.set(version.number, termsOf(version))
  versions.set(row.version, termsOf(row))
  const flying = amendments.find((amendment) => stateOf(amendment, now) === 'signing') ?? null
  const ends = bound ? resolutionEnd(row, zone) : null
  const runningEnds = ends !== null && ends >= dateInZone(now, zone) ? ends : null
  return {
    amendments: amendments.map((amendment) => amendmentView(amendment, versions.get(amendment.baseVersion) ?? null, now)),
    repairProposals: proposals.map((proposal) => proposalView(proposal, ends)),
    side,
    version: row.version,
    canDraft: side !== null && bound && flying === null,
    waitingFor: flying?.number ?? null,
    canProposeRepairs: side === 'buyer' && bound && runningEnds !== null && !proposals.some((proposal) => proposal.status === 'open'),
    resolutionEnds: runningEnds,
  }
}
