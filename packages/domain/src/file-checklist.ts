import { z } from 'zod'
import type { PropertyType } from './listing-values'
import { PROPERTY_TYPES } from './listing-values'
import type { Message, MessageKey } from './messages'
import { message } from './messages'
import { freeText } from './validation'

/**
 * The documents a brokerage's file of a transaction must hold (issue #35, item 1), from the
 * transaction's own facts: the agreement, the RF707 when it has clauses, the property condition
 * disclosure (or its disclaimer or exemption), the lead-based paint disclosure for a home built
 * before 1978, the agency disclosure, every notice and amendment, the earnest money receipt and, once
 * closed, the closing statement; plus the brokerage's own rules, by side, property type and price.
 * Sources: domain.md section 1 (Disclosures; T.C.A. 66-5-202; the federal lead-based paint rule for
 * homes built before 1978; Rule 1260-02-.40 on what a file keeps).
 */

export const FILE_SLOT_KINDS = [
  'purchaseAgreement',
  'contractLanguageAddendum',
  'propertyConditionDisclosure',
  'leadBasedPaintDisclosure',
  'agencyDisclosure',
  'contractNotice',
  'contractAmendment',
  'earnestMoneyReceipt',
  'closingStatement',
  'brokerageRule',
] as const
export type FileSlotKind = (typeof FILE_SLOT_KINDS)[number]

/** What a document put in a slot is: the condition disclosure's slot takes any of its three forms. */
export const FILE_DOCUMENT_KINDS = [...FILE_SLOT_KINDS, 'propertyConditionDisclaimer', 'propertyConditionExemption'] as const
export type FileDocumentKind = (typeof FILE_DOCUMENT_KINDS)[number]

/** Homes built before this year need the federal lead-based paint disclosure. */
export const LEAD_PAINT_BEFORE_YEAR = 1978

export const FILE_SIDES = ['listing', 'buyer'] as const
/** Whose file it is: the listing side's brokerage, or the buyer side's. */
export type FileSide = (typeof FILE_SIDES)[number]

/** What the checklist reads of a transaction. */
export type FileFacts = {
  side: FileSide
  propertyType: PropertyType | null
  yearBuilt: number | null
  /** The contract's price, whole dollars. */
  price: number
  /** Whether the agreement carries RF707 clauses. */
  hasContractLanguage: boolean
  /** The earnest money's amount; 0 or null when there is none. */
  earnestMoney: number | null
  closed: boolean
  /** The contract's notices and amendments, each needing its own slot. */
  contractDocuments: readonly { id: string; kind: 'notice' | 'amendment'; title: string }[]
}

export const BROKERAGE_RULE_TITLE_MAX = 120

/** A brokerage's own required document: for a side, some property types, a price range; each left open applies to all. */
export const BrokerageRuleSchema = z
  .object({
    title: freeText({ error: 'file.ruleTitleRequired' }).trim().min(1, 'file.ruleTitleRequired').max(BROKERAGE_RULE_TITLE_MAX, 'file.ruleTitleTooLong'),
    side: z.enum(FILE_SIDES).nullable().default(null),
    propertyTypes: z.array(z.enum(PROPERTY_TYPES)).max(PROPERTY_TYPES.length).default([]),
    minPrice: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
    maxPrice: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
  })
  .refine((rule) => rule.minPrice === null || rule.maxPrice === null || rule.minPrice <= rule.maxPrice, { message: 'file.rulePriceOrder', path: ['maxPrice'] })
export type BrokerageRuleInput = z.input<typeof BrokerageRuleSchema>
export type BrokerageRule = z.infer<typeof BrokerageRuleSchema> & { id: string }

/** One required document: a stable key (kept by the documents filed in it), what it takes, and why the file needs it. */
export type FileSlot = {
  key: string
  kind: FileSlotKind
  accepts: readonly FileDocumentKind[]
  title: Message
  why: Message
}

/** Each slot's name in the catalogue. */
const SLOT_TITLES: Readonly<Record<FileSlotKind, MessageKey>> = {
  purchaseAgreement: 'file.slotPurchaseAgreement',
  contractLanguageAddendum: 'file.slotContractLanguageAddendum',
  propertyConditionDisclosure: 'file.slotPropertyConditionDisclosure',
  leadBasedPaintDisclosure: 'file.slotLeadBasedPaintDisclosure',
  agencyDisclosure: 'file.slotAgencyDisclosure',
  contractNotice: 'file.slotContractNotice',
  contractAmendment: 'file.slotContractAmendment',
  earnestMoneyReceipt: 'file.slotEarnestMoneyReceipt',
  closingStatement: 'file.slotClosingStatement',
  brokerageRule: 'file.slotBrokerageRule',
}

function slot(kind: FileSlotKind, why: Message, extra: { key?: string; title?: Message; accepts?: readonly FileDocumentKind[] } = {}): FileSlot {
  return { key: extra.key ?? kind, kind, accepts: extra.accepts ?? [kind], title: extra.title ?? message(SLOT_TITLES[kind]), why }
}

/** Whether a brokerage rule asks this transaction for its document. */
export function ruleApplies(rule: Omit<BrokerageRule, 'id' | 'title'>, facts: Pick<FileFacts, 'side' | 'propertyType' | 'price'>): boolean {
  if (rule.side !== null && rule.side !== facts.side) return false
  if (rule.propertyTypes.length > 0 && (facts.propertyType === null || !rule.propertyTypes.includes(facts.propertyType))) return false
  if (rule.minPrice !== null && facts.price < rule.minPrice) return false
  if (rule.maxPrice !== null && facts.price > rule.maxPrice) return false
  return true
}

/** The slots of a transaction's file, in the order a broker reads a file: the contract, the disclosures, the money, the rest. */
export function requiredSlots(facts: FileFacts, rules: readonly BrokerageRule[] = []): FileSlot[] {
  const slots: FileSlot[] = [slot('purchaseAgreement', message('file.whyPurchaseAgreement'))]
  if (facts.hasContractLanguage) slots.push(slot('contractLanguageAddendum', message('file.whyContractLanguageAddendum')))
  slots.push(
    slot('propertyConditionDisclosure', message('file.whyPropertyConditionDisclosure'), {
      accepts: ['propertyConditionDisclosure', 'propertyConditionDisclaimer', 'propertyConditionExemption'],
    }),
  )
  if (facts.yearBuilt === null) slots.push(slot('leadBasedPaintDisclosure', message('file.whyLeadBasedPaintUnknown')))
  else if (facts.yearBuilt < LEAD_PAINT_BEFORE_YEAR) slots.push(slot('leadBasedPaintDisclosure', message('file.whyLeadBasedPaintBuilt', { year: facts.yearBuilt })))
  slots.push(slot('agencyDisclosure', message('file.whyAgencyDisclosure')))
  for (const document of facts.contractDocuments) {
    const kind = document.kind === 'notice' ? 'contractNotice' : 'contractAmendment'
    slots.push(slot(kind, message('file.whyContractDocument'), { key: `${kind}:${document.id}`, title: message(SLOT_TITLES[kind], { title: document.title }) }))
  }
  if (facts.earnestMoney !== null && facts.earnestMoney > 0) slots.push(slot('earnestMoneyReceipt', message('file.whyEarnestMoneyReceipt', { amount: `$${facts.earnestMoney.toLocaleString('en-US')}` })))
  if (facts.closed) slots.push(slot('closingStatement', message('file.whyClosingStatement')))
  for (const rule of rules) {
    if (ruleApplies(rule, facts)) slots.push(slot('brokerageRule', message('file.whyBrokerageRule'), { key: `brokerageRule:${rule.id}`, title: message('file.slotBrokerageRule', { title: rule.title }) }))
  }
  return slots
}
