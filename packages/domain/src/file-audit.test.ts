import { describe, expect, it } from 'vitest'
import type { FileAuditInput, FileDocument, FilePacket } from './file-audit'
import { auditFile } from './file-audit'
import { requiredSlots } from './file-checklist'
import { messageText } from './messages'

const slots = requiredSlots({ side: 'listing', propertyType: 'Residential', yearBuilt: 1965, price: 300_000, hasContractLanguage: false, earnestMoney: 3_000, closed: false, contractDocuments: [] })

let next = 0
const document = (slotKey: string, over: Partial<FileDocument> = {}): FileDocument => ({ id: `d${++next}`, slotKey, filename: `${slotKey}.pdf`, sha256: `hash-${slotKey}`, review: 'approved', ...over })

const sealed = (over: Partial<FilePacket> = {}): FilePacket => ({
  id: 'p1',
  title: 'Purchase and Sale Agreement',
  status: 'completed',
  intact: true,
  fields: [
    { id: 'f1', type: 'signature', signerName: 'Ben Buyer', page: 9, required: true, filled: true },
    { id: 'f2', type: 'initials', signerName: 'Sam Seller', page: 3, required: true, filled: true },
  ],
  ...over,
})

/** A complete file: every slot filled and approved, the agreement sealed, dates in order, the money received on time. */
const complete = (over: Partial<FileAuditInput> = {}): FileAuditInput => ({
  slots,
  documents: slots.map((slot) => document(slot.key)),
  packets: [sealed()],
  side: 'listing',
  bindingAgreementDate: '2026-12-02',
  lastAcceptanceSignatureDate: '2026-12-01',
  notices: [{ id: 'n1', title: 'Inspection result', givenOn: '2026-12-10', periodEndsOn: '2026-12-12' }],
  earnestMoney: { dueDate: '2026-12-05', receivedOn: '2026-12-04' },
  today: '2026-12-20',
  ...over,
})

const texts = (input: FileAuditInput) => auditFile(input).findings.map((finding) => messageText(finding.text.key, finding.text.params))

describe('the audit of a transaction file', () => {
  it('passes a complete file', () => {
    expect(slots.map((slot) => slot.key)).toContain('leadBasedPaintDisclosure')
    expect(auditFile(complete())).toEqual({ clean: true, findings: [] })
  })

  it('names each empty slot, for the agent who keeps the file', () => {
    const input = complete({ documents: complete().documents.filter((item) => item.slotKey !== 'leadBasedPaintDisclosure') })
    expect(auditFile(input).findings).toEqual([expect.objectContaining({ code: 'slotEmpty', where: { slot: 'leadBasedPaintDisclosure' }, who: 'fileAgent' })])
    expect(texts(input)).toEqual(['Missing: Lead-based paint disclosure.'])
  })

  it('sends a returned document back to the agent with the note, and a pending one to the broker', () => {
    const documents = complete().documents.map((item) =>
      item.slotKey === 'agencyDisclosure' ? { ...item, review: 'returned' as const, reviewNote: 'Unsigned page 2' } : item.slotKey === 'earnestMoneyReceipt' ? { ...item, review: 'pending' as const } : item,
    )
    const { findings } = auditFile(complete({ documents }))
    expect(findings.map((finding) => [finding.code, finding.who])).toEqual([
      ['documentReturned', 'fileAgent'],
      ['documentPending', 'broker'],
    ])
    expect(texts(complete({ documents }))[0]).toBe('agencyDisclosure.pdf was returned by the broker: Unsigned page 2')
  })

  it('knows the same file filed twice by its content, whatever its name', () => {
    const documents = [...complete().documents, document('agencyDisclosure', { filename: 'copy of agency.pdf', sha256: 'hash-purchaseAgreement' })]
    expect(texts(complete({ documents }))).toEqual(['copy of agency.pdf is the same file as purchaseAgreement.pdf.'])
  })

  it("finds a signature or initials left blank from the packet's own fields, naming the signer and page", () => {
    const packet = sealed({ status: 'sent', intact: null, fields: [...sealed().fields.slice(0, 1), { id: 'f2', type: 'initials', signerName: 'Sam Seller', page: 3, required: true, filled: false }] })
    const { findings } = auditFile(complete({ packets: [packet] }))
    expect(findings.map((finding) => [finding.code, finding.who, finding.whoName, finding.where])).toEqual([
      ['fieldUnsigned', 'signer', 'Sam Seller', { packetId: 'p1', fieldId: 'f2' }],
      ['packetNotSealed', 'listingAgent', undefined, { packetId: 'p1' }],
    ])
    expect(texts(complete({ packets: [packet] }))[0]).toBe('Purchase and Sale Agreement: Sam Seller has not initialed page 3.')
    // An optional field, a checkbox and a draft's fields are no findings.
    const quiet = sealed({ fields: [{ id: 'f3', type: 'text', signerName: 'Ben Buyer', page: 1, required: false, filled: false }, { id: 'f4', type: 'checkbox', signerName: 'Ben Buyer', page: 1, required: true, filled: false }] })
    expect(auditFile(complete({ packets: [quiet, sealed({ id: 'p2', status: 'draft', intact: null, fields: [{ id: 'f5', type: 'signature', signerName: 'X', page: 1, required: true, filled: false }] })] })).clean).toBe(true)
  })

  it('finds a sealed file that no longer matches its seal', () => {
    expect(auditFile(complete({ packets: [sealed({ intact: false })] })).findings.map((finding) => [finding.code, finding.who])).toEqual([['packetBroken', 'broker']])
  })

  it('finds dates that disagree: binding before the last acceptance signature, a notice after its period', () => {
    expect(texts(complete({ bindingAgreementDate: '2026-11-30' }))).toEqual(['The Binding Agreement Date (2026-11-30) comes before the last acceptance signature (2026-12-01).'])
    expect(texts(complete({ notices: [{ id: 'n1', title: 'Inspection result', givenOn: '2026-12-13', periodEndsOn: '2026-12-12' }] }))).toEqual(['Inspection result was given on 2026-12-13, after its period ended on 2026-12-12.'])
    // Given on the last day is inside the period.
    expect(auditFile(complete({ notices: [{ id: 'n1', title: 'Inspection result', givenOn: '2026-12-12', periodEndsOn: '2026-12-12' }] })).clean).toBe(true)
  })

  it('finds earnest money received late, or not received once due, for its holder; not before it is due', () => {
    expect(texts(complete({ earnestMoney: { dueDate: '2026-12-05', receivedOn: '2026-12-06' } }))).toEqual(['The earnest money was received on 2026-12-06, after it was due on 2026-12-05.'])
    expect(auditFile(complete({ earnestMoney: { dueDate: '2026-12-05', receivedOn: null } })).findings.map((finding) => [finding.code, finding.who])).toEqual([['earnestMoneyMissing', 'holder']])
    expect(auditFile(complete({ earnestMoney: { dueDate: '2026-12-05', receivedOn: null }, today: '2026-12-05' })).clean).toBe(true)
  })
})
