import type { Readable } from 'node:stream'
import type { z } from 'zod'
import type { FileAudit, FileAuditInput, FilePacket, FilePacketField } from '@offerbook/domain/file-audit'
import { auditFile } from '@offerbook/domain/file-audit'
import type { BrokerageRule, FileDocumentKind, FileFacts, FileSide, FileSlot } from '@offerbook/domain/file-checklist'
import type { BrokerageRuleSchema } from '@offerbook/domain/file-checklist'
import { FILE_SIDES, requiredSlots } from '@offerbook/domain/file-checklist'
import type { PropertyType } from '@offerbook/domain/listing-values'
import type { MessageKey } from '@offerbook/domain/messages'
import { addendumClausesText } from '@offerbook/domain/offer-clauses'
import type { OfferStatus } from '@offerbook/domain/offer-status'
import { contractTimelineView } from '@offerbook/domain/contract-timeline-view'
import type { PropertyTimeZone } from '@offerbook/domain/property-time'
import { dateInZone, propertyTimeZone } from '@offerbook/domain/property-time'
import type { BrokerageRuleView, FileDocumentView, FileReview, ReviewQueueItem, ReviewQueuePage, ReviewQueueQuery, TransactionFileView } from '@offerbook/domain/transaction-file-view'
import type { Language, User } from '@offerbook/domain/user'
import { LanguageSchema } from '@offerbook/domain/user'
import { isUuid } from '@offerbook/domain/validation'
import type { FieldError } from '../../app-error'
import { AppError, fieldError } from '../../app-error'
import type { Db } from '../../db/client'
import type { UploadedFile } from '../../http/multipart-upload'
import type { FileStorage } from '../../storage/storage'
import { notify } from '../notifications/notifications.service'
import { buyerOfferPath, sellerOfferPath } from '../offers/offers-notify'
import { termsOf } from '../offers/offers-access'
import { insertOfferEvent } from '../offers/offer-rows.service'
import { leadsBrokerage } from '../teams/team-rules'
import { addFileDocument, toDocumentView } from './file-documents.service'
import type { BrokerageRuleRow, FileDocumentRow, FileOfferRow } from './transaction-files.queries'
import {
  agentsLedBy,
  brokerOfAgent,
  contractsOfAgents,
  deleteBrokerageRule,
  findAttestedEarnestMoneyDate,
  findFileClose,
  findFileDocument,
  findFileOffer,
  findPeopleByIds,
  insertBrokerageRule,
  insertFileClose,
  leaderRowsOver,
  listAmendmentsOfOffer,
  listBrokerageRules,
  listFileCloses,
  listFileDocuments,
  listNoticesOfOffer,
  listOfferPackets,
  lockFileDocument,
  updateReview,
  usersWithRole,
} from './transaction-files.queries'

/**
 * The brokerage's file of a transaction (issue #35, decision 068). A file is per offer and side: the
 * side's agent keeps it (uploads), the principal broker of that agent's brokerage and the agent's
 * team leader review it (approve, return with a note) and close it once its audit is clean and every
 * document approved. Anyone else gets 404. The checklist and the audit are the domain's
 * (requiredSlots, auditFile), fed from the offer's own facts.
 */

export const fileNotFound = () => new AppError('NOT_FOUND', 'file.notFound')

/** A signing field's type as the audit names it: the date of signing is a date, the signer's printed name a text. */
const AUDIT_FIELD_TYPES: Readonly<Record<string, FilePacketField['type']>> = { signature: 'signature', initials: 'initials', 'date-signed': 'date', 'full-name': 'text', text: 'text', checkbox: 'checkbox' }

/** Packets the audit reads: those out for signature or signed (a declined, expired or voided one is not part of the contract). */
const LIVE_PACKET_STATUSES = new Set(['sent', 'completing', 'completed'])

/** The agents of a side: the listing's list agent and owner, or the offer's buyer when a buyer agent. The first is the one named. */
async function sideAgentIds(db: Db, offer: FileOfferRow, side: FileSide): Promise<string[]> {
  if (side === 'listing') return [...new Set([offer.listAgentUserId, offer.ownerId].filter((id): id is string => id !== null))]
  return (await usersWithRole(db, [offer.buyerId], 'BUYER_AGENT')).length > 0 ? [offer.buyerId] : []
}

export type FileAccess = {
  offer: FileOfferRow
  side: FileSide
  agentIds: string[]
  isAgent: boolean
  reviews: boolean
}

/** Who reads a file: its side's agent, and the principal broker or team leader who leads that agent. Anyone else: 404. */
export async function fileAccess(db: Db, viewer: User, offerId: string, side: FileSide): Promise<FileAccess> {
  if (!isUuid(offerId)) throw fileNotFound()
  const offer = await findFileOffer(db, offerId.toLowerCase())
  if (!offer || (offer.status as OfferStatus) === 'draft') throw fileNotFound()
  const agentIds = await sideAgentIds(db, offer, side)
  if (agentIds.length === 0) throw fileNotFound()
  const isAgent = agentIds.includes(viewer.uid)
  const led = await leaderRowsOver(db, viewer.uid, agentIds)
  const reviews = led.some((row) => !row.brokerage || leadsBrokerage(viewer))
  if (!isAgent && !reviews) throw fileNotFound()
  return { offer, side, agentIds, isAgent, reviews }
}

// ---------------------------------------------------------------------------------------------
// The file's state: checklist, documents, audit

const toRule = (row: BrokerageRuleRow): BrokerageRule => ({
  id: row.id,
  title: row.title,
  side: (row.side as FileSide | null) ?? null,
  propertyTypes: row.propertyTypes as PropertyType[],
  minPrice: row.minPrice,
  maxPrice: row.maxPrice,
})

export type FileState = {
  slots: FileSlot[]
  /** Every document of the file, superseded ones included. */
  documents: FileDocumentRow[]
  audit: FileAudit
  closedAt: Date | null
}

/** A document still standing: not replaced after it was returned. */
const standing = (row: FileDocumentRow) => row.supersededBy === null

/**
 * Loads what the checklist and the audit read of an offer and audits one side's file: the terms,
 * the listing's year built and property type, the RF707 clauses, the notices and amendments, the
 * packets with their own fields and seal state, the binding date and the last acceptance
 * signature, the earnest money's due date and receipt.
 */
export async function loadFileState(db: Db, offer: FileOfferRow, side: FileSide, { agentIds, now = new Date() }: { agentIds: readonly string[]; now?: Date }): Promise<FileState> {
  const terms = termsOf(offer)
  const zone = propertyTimeZone(offer.county)
  const brokerId = agentIds[0] === undefined ? null : await brokerOfAgent(db, agentIds[0])
  const [rules, notices, amendments, packetRows, documents, closed, attestedOn] = await Promise.all([
    brokerId === null ? Promise.resolve([]) : listBrokerageRules(db, brokerId),
    listNoticesOfOffer(db, offer.id),
    listAmendmentsOfOffer(db, offer.id),
    listOfferPackets(db, offer.id),
    listFileDocuments(db, offer.id, side),
    findFileClose(db, offer.id, side),
    findAttestedEarnestMoneyDate(db, offer.id),
  ])
  const status = offer.status as OfferStatus
  const facts: FileFacts = {
    side,
    propertyType: (offer.propertyType as PropertyType | null) ?? null,
    yearBuilt: offer.yearBuilt,
    price: offer.finalPrice ?? offer.purchasePrice ?? terms.purchasePrice ?? 0,
    hasContractLanguage: addendumClausesText(terms).trim() !== '',
    earnestMoney: terms.earnestMoney.amount,
    closed: status === 'closed',
    contractDocuments: [
      ...notices.filter((notice) => LIVE_PACKET_STATUSES.has(notice.status)).map((notice) => ({ id: notice.id, kind: 'notice' as const, title: notice.title })),
      ...amendments.filter((amendment) => LIVE_PACKET_STATUSES.has(amendment.status)).map((amendment) => ({ id: amendment.id, kind: 'amendment' as const, title: amendment.title })),
    ],
  }
  const slots = requiredSlots(facts, rules.map(toRule))

  const fieldsOf = new Map<string, FilePacketField[]>()
  for (const field of packetRows.fields) {
    const list = fieldsOf.get(field.packetId) ?? []
    list.push({ id: field.id, type: AUDIT_FIELD_TYPES[field.type] ?? 'text', signerName: field.signerName, page: field.page + 1, required: field.required, filled: field.value !== null && field.value !== '' })
    fieldsOf.set(field.packetId, list)
  }
  const live = packetRows.packets.filter((packet) => LIVE_PACKET_STATUSES.has(packet.status))
  const packets: FilePacket[] = live.map((packet) => ({
    id: packet.id,
    title: packet.title,
    status: packet.status as FilePacket['status'],
    // The seal's state as the signing record keeps it: a completed packet names its sealed file and that file's SHA-256.
    intact: packet.status === 'completed' ? packet.signedFileId !== null && packet.signedSha256 !== null : null,
    fields: fieldsOf.get(packet.id) ?? [],
  }))
  // The acceptance: the last signature on the newest completed agreement.
  const agreement = live.filter((packet) => packet.kind === 'offer' && packet.status === 'completed').at(-1)
  const signedTimes = agreement ? packetRows.signers.filter((signer) => signer.packetId === agreement.id && signer.signedAt !== null).map((signer) => signer.signedAt!.getTime()) : []
  const lastSigned = signedTimes.length > 0 ? new Date(Math.max(...signedTimes)) : null

  const timeline = offer.bindingAgreementAt ? contractTimelineView(offer.id, terms, offer.bindingAgreementAt, { zone, now }) : null
  const dateOf = (kind: string | null) => (kind === null ? null : (timeline?.items.find((item) => item.kind === kind)?.date ?? null))
  const current = documents.filter(standing)
  const receipts = current.filter((row) => row.slotKey === 'earnestMoneyReceipt' && row.review !== 'returned')
  const input: FileAuditInput = {
    slots,
    // A packet's sealed agreement fills the agreement's slot and the RF707's: one file in two slots, not a duplicate.
    documents: current.map((row) => ({ id: row.id, slotKey: row.slotKey, filename: row.filename, sha256: row.source === 'packet' ? `${row.sha256}:${row.slotKey}` : row.sha256, review: row.review as 'pending', reviewNote: row.reviewNote })),
    packets,
    side,
    bindingAgreementDate: timeline?.bindingAgreementDate ?? null,
    lastAcceptanceSignatureDate: lastSigned ? dateInZone(lastSigned, zone) : null,
    notices: notices
      .filter((notice) => notice.deliveredAt !== null)
      .map((notice) => ({ id: notice.id, title: notice.title, givenOn: dateInZone(notice.deliveredAt!, zone), periodEndsOn: dateOf(notice.item) })),
    earnestMoney:
      terms.earnestMoney.amount !== null && terms.earnestMoney.amount > 0
        ? { dueDate: dateOf('earnestMoney'), receivedOn: receivedOnOf(receipts, attestedOn, zone) }
        : null,
    today: dateInZone(now, zone),
  }
  return { slots, documents, audit: auditFile(input), closedAt: closed?.closedAt ?? null }
}

/**
 * When the earnest money was received, as the file shows it: the date the holder attested (decision
 * 070) while the holder's receipt stands in the file, else the day the first standing receipt was filed.
 */
function receivedOnOf(receipts: readonly FileDocumentRow[], attestedOn: string | null, zone: PropertyTimeZone): string | null {
  if (receipts.length === 0) return null
  if (attestedOn !== null && receipts.some((row) => row.source === 'trust')) return attestedOn
  return dateInZone(new Date(Math.min(...receipts.map((row) => row.uploadedAt.getTime()))), zone)
}

/** Whether the file may be closed: a clean audit and every standing document approved. */
function closeProblems(state: FileState): FieldError[] {
  const problems: FieldError[] = state.audit.findings.map((finding) => ({ path: finding.where.documentId ?? finding.where.slot ?? finding.where.packetId ?? finding.where.noticeId ?? 'file', key: finding.text.key as MessageKey, params: finding.text.params }))
  for (const row of state.documents.filter(standing)) {
    if (row.review !== 'approved' && !problems.some((problem) => problem.path === row.id)) problems.push({ path: row.id, key: 'file.documentNotApproved', params: { filename: row.filename } })
  }
  return problems
}

async function agentName(db: Db, access: FileAccess): Promise<string> {
  const people = await findPeopleByIds(db, access.agentIds)
  return people.find((person) => person.id === access.agentIds[0])?.name ?? people[0]?.name ?? ''
}

function viewOf(access: FileAccess, state: FileState, name: string): TransactionFileView {
  const open = state.closedAt === null
  return {
    offerId: access.offer.id,
    side: access.side,
    address: access.offer.address || access.offer.listingId,
    agentName: name,
    closedAt: state.closedAt?.toISOString() ?? null,
    canReview: access.reviews && open,
    canUpload: access.isAgent && open,
    canClose: access.reviews && open,
    slots: state.slots.map((slot) => ({
      key: slot.key,
      kind: slot.kind,
      title: slot.title,
      why: slot.why,
      accepts: [...slot.accepts],
      documents: state.documents.filter((row) => row.slotKey === slot.key).map(toDocumentView),
    })),
    audit: state.audit,
  }
}

/** GET /api/offers/:offerId/file/:side */
export async function getTransactionFile(db: Db, { viewer, offerId, side, now = new Date() }: { viewer: User; offerId: string; side: FileSide; now?: Date }): Promise<TransactionFileView> {
  const access = await fileAccess(db, viewer, offerId, side)
  const [state, name] = await Promise.all([loadFileState(db, access.offer, side, { agentIds: access.agentIds, now }), agentName(db, access)])
  return viewOf(access, state, name)
}

// ---------------------------------------------------------------------------------------------
// Uploads and downloads

export type UploadForm = { slotKey: string | null; kind: string | null; file: UploadedFile }

/** POST /api/offers/:offerId/file/:side/documents: the side's agent files a document into one of the file's slots. */
export async function uploadFileDocument(
  db: Db,
  storage: FileStorage,
  { actor, offerId, side, readForm, now = new Date() }: { actor: User; offerId: string; side: FileSide; readForm: () => Promise<UploadForm>; now?: Date },
): Promise<FileDocumentView> {
  const access = await fileAccess(db, actor, offerId, side)
  if (!access.isAgent) throw new AppError('FORBIDDEN', 'file.notYourFile')
  const form = await readForm()
  const state = await loadFileState(db, access.offer, side, { agentIds: access.agentIds, now })
  if (state.closedAt !== null) throw new AppError('CONFLICT', 'file.closed')
  if (!form.slotKey) throw fieldError('slotKey', 'file.slotRequired')
  const slot = state.slots.find((each) => each.key === form.slotKey)
  if (!slot) throw fieldError('slotKey', 'file.slotUnknown', { slot: form.slotKey.slice(0, 100) })
  if (!form.kind) throw fieldError('kind', 'file.kindRequired')
  if (!(slot.accepts as readonly string[]).includes(form.kind)) throw fieldError('kind', 'file.kindNotAccepted', { slot: slot.key })
  return addFileDocument(db, storage, { offerId: access.offer.id, side, slotKey: slot.key, kind: form.kind as FileDocumentKind, filename: form.file.filename, bytes: form.file.bytes, source: 'upload', actor: { uid: actor.uid, name: actor.name }, now })
}

export type FileDocumentContent = { body: Readable; contentType: string; size: number; filename: string }

/** GET …/documents/:documentId: the bytes, for whoever reads the file. */
export async function openFileDocument(db: Db, storage: FileStorage, { viewer, offerId, side, documentId }: { viewer: User; offerId: string; side: FileSide; documentId: string }): Promise<FileDocumentContent> {
  const access = await fileAccess(db, viewer, offerId, side)
  const row = isUuid(documentId) ? await findFileDocument(db, { offerId: access.offer.id, side, id: documentId.toLowerCase() }) : null
  if (!row) throw new AppError('NOT_FOUND', 'file.documentNotFound')
  const content = await storage.get(row.storageKey)
  if (!content) throw new AppError('NOT_FOUND', 'file.documentNotFound')
  return { body: content.body, contentType: row.contentType, size: content.size, filename: row.filename }
}

// ---------------------------------------------------------------------------------------------
// Review and close

const languageOf = (value: string): Language => LanguageSchema.catch('en-us').parse(value)

/** The agent told of a decision: a notification and an email in their language, in the decision's transaction. */
async function tellAgent(tx: Db, { access, row, decision, note, reviewerName, publicUrl, now }: { access: FileAccess; row: FileDocumentRow; decision: FileReview['decision']; note: string | null; reviewerName: string; publicUrl: string; now: Date }): Promise<void> {
  const agentId = row.uploadedBy !== null && access.agentIds.includes(row.uploadedBy) ? row.uploadedBy : access.agentIds[0]
  if (agentId === undefined) return
  const [agent] = await findPeopleByIds(tx, [agentId])
  if (!agent) return
  const address = access.offer.address || access.offer.listingId
  const event = decision === 'approve' ? 'file-document-approved' : 'file-document-returned'
  // The agent keeps the file in the offer page's File section, on their side's page of the offer.
  const path = access.side === 'listing' ? sellerOfferPath({ id: access.offer.id, listingId: access.offer.listingId }) : buyerOfferPath({ id: access.offer.id })
  await notify(tx, {
    userId: agent.id,
    type: `offer.${event}`,
    offerId: access.offer.id,
    listingId: access.offer.listingId,
    data: { address, side: access.side === 'listing' ? 'seller' : 'buyer', fileSide: access.side, offerId: access.offer.id, listingId: access.offer.listingId, filename: row.filename, note },
    email: { to: agent.email, locale: languageOf(agent.language), publicUrl, message: { name: 'file-review', data: { decision, address, filename: row.filename, note, reviewerName, path } } },
    at: now,
  })
}

/** POST …/documents/:documentId/review: the principal broker (or team leader) approves a document or returns it with a note. */
export async function reviewFileDocument(
  db: Db,
  { actor, offerId, side, documentId, review, publicUrl, now = new Date() }: { actor: User; offerId: string; side: FileSide; documentId: string; review: FileReview; publicUrl: string; now?: Date },
): Promise<FileDocumentView> {
  const access = await fileAccess(db, actor, offerId, side)
  if (!access.reviews) throw new AppError('FORBIDDEN', 'file.notReviewer')
  const found = isUuid(documentId) ? await findFileDocument(db, { offerId: access.offer.id, side, id: documentId.toLowerCase() }) : null
  if (!found) throw new AppError('NOT_FOUND', 'file.documentNotFound')
  const note = review.decision === 'return' ? (review.note ?? '').trim() : null
  return db.transaction(async (tx) => {
    const row = await lockFileDocument(tx, found.id)
    if (!row) throw new AppError('NOT_FOUND', 'file.documentNotFound')
    if (await findFileClose(tx, access.offer.id, side)) throw new AppError('CONFLICT', 'file.closed')
    if (row.supersededBy !== null) throw new AppError('CONFLICT', 'file.documentSuperseded')
    const updated = await updateReview(tx, row.id, { review: review.decision === 'approve' ? 'approved' : 'returned', reviewNote: note, reviewedBy: actor.uid, reviewedByName: actor.name, reviewedAt: now })
    const status = access.offer.status as OfferStatus
    // The record says who decided what on which document; the note stays in the brokerage's file.
    await insertOfferEvent(tx, {
      offerId: access.offer.id,
      type: review.decision === 'approve' ? 'file-document-approved' : 'file-document-returned',
      actorId: actor.uid,
      actorName: actor.name,
      fromStatus: status,
      toStatus: status,
      at: now,
      details: { side, documentId: row.id, slot: row.slotKey, filename: row.filename, sha256: row.sha256 },
    })
    await tellAgent(tx, { access, row, decision: review.decision, note, reviewerName: actor.name, publicUrl, now })
    return toDocumentView(updated)
  })
}

/** POST …/close: closes the file in the brokerage, only when its audit is clean and every document approved (409 file.notClean listing what stands in the way). */
export async function closeTransactionFile(db: Db, { actor, offerId, side, now = new Date() }: { actor: User; offerId: string; side: FileSide; now?: Date }): Promise<{ closedAt: string }> {
  const access = await fileAccess(db, actor, offerId, side)
  if (!access.reviews) throw new AppError('FORBIDDEN', 'file.notReviewer')
  return db.transaction(async (tx) => {
    const state = await loadFileState(tx, access.offer, side, { agentIds: access.agentIds, now })
    if (state.closedAt !== null) throw new AppError('CONFLICT', 'file.closed')
    const problems = closeProblems(state)
    if (problems.length > 0) throw new AppError('CONFLICT', 'file.notClean', { errors: problems })
    if (!(await insertFileClose(tx, { offerId: access.offer.id, side, closedAt: now, closedBy: actor.uid, closedByName: actor.name }))) throw new AppError('CONFLICT', 'file.closed')
    const status = access.offer.status as OfferStatus
    await insertOfferEvent(tx, { offerId: access.offer.id, type: 'file-closed', actorId: actor.uid, actorName: actor.name, fromStatus: status, toStatus: status, at: now, details: { side, documents: state.documents.filter(standing).length } })
    return { closedAt: now.toISOString() }
  })
}

// ---------------------------------------------------------------------------------------------
// The review queue

/** Files the queue reads at most (the newest contracts first) before it filters and pages them. */
export const REVIEW_QUEUE_SCAN_LIMIT = 500

/** GET /api/review: the files of a principal broker's agents (and of a team leader's team), with their audit state. */
export async function reviewQueue(db: Db, { actor, query, now = new Date() }: { actor: User; query: ReviewQueueQuery; now?: Date }): Promise<ReviewQueuePage> {
  const [brokerage, team] = await Promise.all([leadsBrokerage(actor) ? agentsLedBy(db, actor.uid, true) : Promise.resolve([]), agentsLedBy(db, actor.uid, false)])
  if (!leadsBrokerage(actor) && team.length === 0) throw new AppError('FORBIDDEN', 'file.queueNotAllowed')
  const agents = new Map([...brokerage, ...team].map((agent) => [agent.id, agent.name]))
  const contracts = await contractsOfAgents(db, [...agents.keys()], REVIEW_QUEUE_SCAN_LIMIT)
  const buyerAgents = new Set(await usersWithRole(db, [...new Set(contracts.map((row) => row.buyerId))].filter((id) => agents.has(id)), 'BUYER_AGENT'))
  const closes = await listFileCloses(
    db,
    contracts.map((row) => row.offerId),
  )
  const items: ReviewQueueItem[] = []
  for (const row of contracts) {
    const offer = await findFileOffer(db, row.offerId)
    if (!offer) continue
    for (const side of FILE_SIDES) {
      const sideAgents = side === 'buyer' ? (buyerAgents.has(row.buyerId) ? [row.buyerId] : []) : [...new Set([row.listAgentUserId, row.ownerId].filter((id): id is string => id !== null))]
      const ours = sideAgents.find((id) => agents.has(id))
      if (ours === undefined) continue
      const state = await loadFileState(db, offer, side, { agentIds: sideAgents, now })
      const current = state.documents.filter(standing)
      const approvedAll = current.every((each) => each.review === 'approved')
      const closedAt = closes.find((close) => close.offerId === row.offerId && close.side === side)?.closedAt ?? null
      items.push({
        offerId: row.offerId,
        side,
        address: offer.address || offer.listingId,
        agentName: agents.get(ours) ?? '',
        pending: current.filter((each) => each.review === 'pending').length,
        returned: current.filter((each) => each.review === 'returned').length,
        findings: state.audit.findings.length,
        clean: state.audit.clean && approvedAll,
        closedAt: closedAt?.toISOString() ?? null,
      })
    }
  }
  const open = (item: ReviewQueueItem) => item.closedAt === null
  const matching = items.filter((item) => {
    switch (query.state) {
      case 'needsReview':
        return open(item) && item.pending > 0
      case 'returned':
        return open(item) && item.returned > 0
      case 'clean':
        return open(item) && item.clean
      case 'closed':
        return !open(item)
      default:
        return true
    }
  })
  // Open files first, those waiting on the broker first; closed files last, the newest close first.
  matching.sort((a, b) => Number(!open(a)) - Number(!open(b)) || b.pending - a.pending || b.returned - a.returned || (b.closedAt ?? '').localeCompare(a.closedAt ?? '') || a.offerId.localeCompare(b.offerId) || a.side.localeCompare(b.side))
  const { page, pageSize } = query
  return { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize }
}

// ---------------------------------------------------------------------------------------------
// The brokerage's own rules

function ruleView(row: BrokerageRuleRow): BrokerageRuleView {
  const rule = toRule(row)
  return { id: rule.id, title: rule.title, side: rule.side, propertyTypes: rule.propertyTypes, minPrice: rule.minPrice, maxPrice: rule.maxPrice }
}

function assertPrincipalBroker(actor: User): void {
  if (!leadsBrokerage(actor)) throw new AppError('FORBIDDEN', 'file.rulesNotAllowed')
}

export async function listRules(db: Db, { actor }: { actor: User }): Promise<{ rules: BrokerageRuleView[] }> {
  assertPrincipalBroker(actor)
  return { rules: (await listBrokerageRules(db, actor.uid)).map(ruleView) }
}

export async function addRule(db: Db, { actor, rule }: { actor: User; rule: z.infer<typeof BrokerageRuleSchema> }): Promise<BrokerageRuleView> {
  assertPrincipalBroker(actor)
  return ruleView(await insertBrokerageRule(db, { brokerId: actor.uid, title: rule.title, side: rule.side, propertyTypes: rule.propertyTypes, minPrice: rule.minPrice, maxPrice: rule.maxPrice }))
}

export async function removeRule(db: Db, { actor, id }: { actor: User; id: string }): Promise<void> {
  assertPrincipalBroker(actor)
  if (!isUuid(id) || !(await deleteBrokerageRule(db, { brokerId: actor.uid, id: id.toLowerCase() }))) throw new AppError('NOT_FOUND', 'file.ruleNotFound')
}
