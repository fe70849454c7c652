import type { FileSlot } from './file-checklist'
import type { Message, MessageKey } from './messages'
import { message, messageText } from './messages'

/**
 * The automatic audit of a brokerage's file (issue #35, item 2), recomputed on every change. It reads
 * the file as data: the slots the checklist requires (file-checklist.ts), the documents filed in them,
 * the signing packets with their own fields (Offerbook placed every signature and initial itself, so
 * whether one is signed is known, not guessed from an image), the seal's check, and the contract's
 * dates. Each finding says what is missing, where, and who must act.
 */

/** Who must act on a finding. */
export const FINDING_ACTORS = ['listingAgent', 'buyerAgent', 'fileAgent', 'signer', 'broker', 'holder'] as const
export type FindingActor = (typeof FINDING_ACTORS)[number]

export const FINDING_CODES = [
  'slotEmpty',
  'documentReturned',
  'documentPending',
  'duplicate',
  'fieldUnsigned',
  'packetNotSealed',
  'packetBroken',
  'bindingBeforeSignature',
  'noticeOutsidePeriod',
  'earnestMoneyLate',
  'earnestMoneyMissing',
] as const
export type FindingCode = (typeof FINDING_CODES)[number]

export type Finding = {
  code: FindingCode
  /** Where: a slot key, a document id, a packet id (and its field), or the contract itself. */
  where: { slot?: string; documentId?: string; packetId?: string; fieldId?: string; noticeId?: string }
  who: FindingActor
  /** The signer's name when `who` is a signer. */
  whoName?: string
  text: Message
}

export type FileDocument = {
  id: string
  slotKey: string
  filename: string
  /** The SHA-256 of its bytes: the same file filed twice is known by its content, not its name. */
  sha256: string
  review: 'pending' | 'approved' | 'returned'
  reviewNote?: string | null
}

export type FilePacketField = { id: string; type: 'signature' | 'initials' | 'date' | 'text' | 'checkbox'; signerName: string; page: number; required: boolean; filled: boolean }

export type FilePacket = {
  id: string
  title: string
  /** The packet's own state; only a completed one is sealed. */
  status: 'draft' | 'sent' | 'completing' | 'completed' | 'declined' | 'expired' | 'voided'
  /** Whether its sealed file still matches its seal; null while it has none. */
  intact: boolean | null
  fields: readonly FilePacketField[]
}

export type FileNotice = { id: string; title: string; givenOn: string; periodEndsOn: string | null }

export type FileAuditInput = {
  slots: readonly FileSlot[]
  documents: readonly FileDocument[]
  packets: readonly FilePacket[]
  /** The side whose agent keeps this file. */
  side: 'listing' | 'buyer'
  /** YYYY-MM-DD in the property's zone, or null while the contract is not binding. */
  bindingAgreementDate: string | null
  /** The date (same zone) of the last signature on the acceptance, or null when it is not signed here. */
  lastAcceptanceSignatureDate: string | null
  notices: readonly FileNotice[]
  earnestMoney: { dueDate: string | null; receivedOn: string | null } | null
  /** Today in the property's zone: earnest money not yet due is not missing. */
  today: string
}

export type FileAudit = { clean: boolean; findings: Finding[] }

/** A blank field's finding, by the field's type (a checkbox may be left unticked). */
const UNSIGNED: Record<Exclude<FilePacketField['type'], 'checkbox'>, MessageKey> = {
  signature: 'file.findingSignatureUnsigned',
  initials: 'file.findingInitialsUnsigned',
  date: 'file.findingDateUnsigned',
  text: 'file.findingTextUnsigned',
}

/** A slot's name in the catalogue's English; the web names it again in the reader's language from the finding's slot. */
const slotName = (slot: FileSlot) => messageText(slot.title.key, slot.title.params)

/** The file's findings, in the order a broker works through them: documents, signatures, dates, money. */
export function auditFile(input: FileAuditInput): FileAudit {
  const findings: Finding[] = []
  const agent = input.side === 'listing' ? 'listingAgent' : 'buyerAgent'
  const filed = new Map<string, FileDocument[]>()
  for (const document of input.documents) filed.set(document.slotKey, [...(filed.get(document.slotKey) ?? []), document])

  // Every required slot filled, and what is filed reviewed.
  for (const slot of input.slots) {
    const documents = filed.get(slot.key) ?? []
    if (documents.length === 0) {
      findings.push({ code: 'slotEmpty', where: { slot: slot.key }, who: 'fileAgent', text: message('file.findingSlotEmpty', { slot: slotName(slot) }) })
      continue
    }
    for (const document of documents) {
      if (document.review === 'returned')
        findings.push({ code: 'documentReturned', where: { slot: slot.key, documentId: document.id }, who: 'fileAgent', text: message('file.findingDocumentReturned', { slot: document.filename, note: document.reviewNote ?? '' }) })
      else if (document.review === 'pending') findings.push({ code: 'documentPending', where: { slot: slot.key, documentId: document.id }, who: 'broker', text: message('file.findingDocumentPending', { slot: document.filename }) })
    }
  }
  // The same bytes filed twice, whatever their names.
  const byHash = new Map<string, FileDocument>()
  for (const document of input.documents) {
    const first = byHash.get(document.sha256)
    if (first) findings.push({ code: 'duplicate', where: { slot: document.slotKey, documentId: document.id }, who: 'fileAgent', text: message('file.findingDuplicate', { slot: document.filename, other: first.filename }) })
    else byHash.set(document.sha256, document)
  }

  // Every packet signed by its signers, sealed, and intact.
  for (const packet of input.packets) {
    if (packet.status === 'draft' || packet.status === 'voided') continue
    for (const field of packet.fields) {
      if (!field.required || field.filled || field.type === 'checkbox') continue
      findings.push({
        code: 'fieldUnsigned',
        where: { packetId: packet.id, fieldId: field.id },
        who: 'signer',
        whoName: field.signerName,
        text: message(UNSIGNED[field.type], { packet: packet.title, signer: field.signerName, page: field.page }),
      })
    }
    if (packet.status !== 'completed') findings.push({ code: 'packetNotSealed', where: { packetId: packet.id }, who: agent, text: message('file.findingPacketNotSealed', { packet: packet.title }) })
    else if (packet.intact === false) findings.push({ code: 'packetBroken', where: { packetId: packet.id }, who: 'broker', text: message('file.findingPacketBroken', { packet: packet.title }) })
  }

  // Dates that agree with each other.
  if (input.bindingAgreementDate !== null && input.lastAcceptanceSignatureDate !== null && input.bindingAgreementDate < input.lastAcceptanceSignatureDate) {
    findings.push({ code: 'bindingBeforeSignature', where: {}, who: agent, text: message('file.findingBindingBeforeSignature', { binding: input.bindingAgreementDate, signed: input.lastAcceptanceSignatureDate }) })
  }
  for (const notice of input.notices) {
    if (notice.periodEndsOn !== null && notice.givenOn > notice.periodEndsOn)
      findings.push({ code: 'noticeOutsidePeriod', where: { noticeId: notice.id }, who: agent, text: message('file.findingNoticeOutsidePeriod', { notice: notice.title, given: notice.givenOn, ended: notice.periodEndsOn }) })
  }

  // Earnest money receipted by its due date.
  const money = input.earnestMoney
  if (money && money.dueDate !== null) {
    if (money.receivedOn !== null && money.receivedOn > money.dueDate)
      findings.push({ code: 'earnestMoneyLate', where: { slot: 'earnestMoneyReceipt' }, who: 'holder', text: message('file.findingEarnestMoneyLate', { received: money.receivedOn, due: money.dueDate }) })
    else if (money.receivedOn === null && input.today > money.dueDate)
      findings.push({ code: 'earnestMoneyMissing', where: { slot: 'earnestMoneyReceipt' }, who: 'holder', text: message('file.findingEarnestMoneyMissing', { due: money.dueDate }) })
  }

  return { clean: findings.length === 0, findings }
}
