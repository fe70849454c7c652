import type { Clause, ClauseCatalogue, ClauseField, ClauseFormData } from './clauses/clause-types'
import { isTicked, printedFieldValue } from './clauses/clause-text'
import { RF707_CLAUSES } from './clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from './clauses/stipulation-catalogue'
import type { Concession, OfferTerms } from './offer-terms'

/**
 * The difference between two versions of an offer, term by term and clause by clause (decision 051):
 * what the negotiation shows between versions and what a changed-while-you-looked dialog lists. Each
 * line is data; the browser writes it in the reader's language ('Stipulation A struck', 'RF707
 * clause F: 30 days → 21 days').
 */

/** A term's value, typed so that each language can write it its own way. */
export type TermValue =
  | { readonly type: 'money'; readonly value: number | null }
  | { readonly type: 'days'; readonly value: number | null }
  | { readonly type: 'date'; readonly value: string | null }
  | { readonly type: 'instant'; readonly value: string | null }
  | { readonly type: 'yesNo'; readonly value: boolean | null }
  | { readonly type: 'choice'; readonly group: ChoiceGroup; readonly value: string | null }
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'concession'; readonly value: Concession }

/** The lists a choice's value comes from (each has its labels in the browser's texts). */
export type ChoiceGroup = 'financing' | 'holder' | 'possession' | 'warrantyPayer'

/** Which list of clauses a clause comes from. */
export type ClauseSet = 'stipulations' | 'rf707'

export type TermDifference =
  /** A term, or one field of a group ('financing.type'), changed. */
  | { readonly kind: 'term'; readonly path: TermPath; readonly before: TermValue; readonly after: TermValue }
  /** A clause ticked in the later version and not in the earlier, or the other way round. */
  | { readonly kind: 'clause'; readonly set: ClauseSet; readonly clause: Clause; readonly change: 'added' | 'struck' }
  /** A field of a clause ticked in both versions, changed. Values are as the contract prints them. */
  | { readonly kind: 'clauseField'; readonly set: ClauseSet; readonly clause: Clause; readonly field: ClauseField; readonly before: string; readonly after: string }

const money = (value: number | null): TermValue => ({ type: 'money', value })
const days = (value: number | null): TermValue => ({ type: 'days', value })
const date = (value: string | null): TermValue => ({ type: 'date', value })
const yesNo = (value: boolean | null): TermValue => ({ type: 'yesNo', value })
const choice = (group: ChoiceGroup, value: string | null): TermValue => ({ type: 'choice', group, value })
const text = (value: string): TermValue => ({ type: 'text', value })

/** Every term the difference compares, in the agreement's order, each as the reader sees it. */
const TERM_VALUES = {
  purchasePrice: (terms) => money(terms.purchasePrice),
  escalation: (terms) => yesNo(terms.escalation !== null),
  'escalation.increment': (terms) => money(terms.escalation?.increment ?? null),
  'escalation.cap': (terms) => money(terms.escalation?.cap ?? null),
  'escalation.proofRequired': (terms) => yesNo(terms.escalation?.proofRequired ?? null),
  'earnestMoney.amount': (terms) => money(terms.earnestMoney.amount),
  'earnestMoney.holder': (terms) => choice('holder', terms.earnestMoney.holder),
  'earnestMoney.holderName': (terms) => text(terms.earnestMoney.holderName),
  'earnestMoney.holderAddress': (terms) => text(terms.earnestMoney.holderAddress),
  'earnestMoney.dueDays': (terms) => days(terms.earnestMoney.dueDays),
  'financing.type': (terms) => choice('financing', terms.financing.type),
  'financing.otherDescription': (terms) => text(terms.financing.otherDescription),
  'financing.loanAmount': (terms) => money(terms.financing.loanAmount),
  'financing.downPayment': (terms) => money(terms.financing.downPayment),
  'financing.lenderName': (terms) => text(terms.financing.lenderName),
  'financing.lenderPhone': (terms) => text(terms.financing.lenderPhone),
  'financing.lenderEmail': (terms) => text(terms.financing.lenderEmail),
  appraisalContingency: (terms) => yesNo(terms.appraisalContingency),
  inspectionPeriodDays: (terms) => days(terms.inspectionPeriodDays),
  resolutionPeriodDays: (terms) => days(terms.resolutionPeriodDays),
  saleOfBuyersPropertyContingency: (terms) => yesNo(terms.saleOfBuyersPropertyContingency),
  closingDate: (terms) => date(terms.closingDate),
  'possession.time': (terms) => choice('possession', terms.possession.time),
  'possession.date': (terms) => date(terms.possession.date),
  sellerConcessions: (terms) => ({ type: 'concession', value: terms.sellerConcessions }),
  buyerBrokerCompensation: (terms) => ({ type: 'concession', value: terms.buyerBrokerCompensation }),
  'homeWarranty.included': (terms) => yesNo(terms.homeWarranty.included),
  'homeWarranty.paidBy': (terms) => choice('warrantyPayer', terms.homeWarranty.paidBy),
  'homeWarranty.amount': (terms) => money(terms.homeWarranty.amount),
  stipulations: (terms) => text(terms.stipulations),
  expiresAt: (terms) => ({ type: 'instant', value: terms.expiresAt }),
} as const satisfies Record<string, (terms: OfferTerms) => TermValue>

/** A term or a group's field, as the difference names it. */
export type TermPath = keyof typeof TERM_VALUES
export const TERM_PATHS = Object.keys(TERM_VALUES) as TermPath[]

const sameValue = (a: TermValue, b: TermValue) => JSON.stringify(a) === JSON.stringify(b)

/** Where the clause lines go among the terms: the stipulations before the free text, the RF707 after it. */
const CLAUSES_BEFORE: TermPath = 'stipulations'
const RF707_BEFORE: TermPath = 'expiresAt'

function clauseDifferences(set: ClauseSet, catalogue: ClauseCatalogue, before: ClauseFormData | null, after: ClauseFormData | null): TermDifference[] {
  const lines: TermDifference[] = []
  for (const clause of catalogue) {
    const was = before !== null && isTicked(before, clause)
    const is = after !== null && isTicked(after, clause)
    if (was !== is) {
      lines.push({ kind: 'clause', set, clause, change: is ? 'added' : 'struck' })
      continue
    }
    if (!was || before === null || after === null) continue
    for (const field of clause.fields) {
      const old = printedFieldValue(field, before)
      const now = printedFieldValue(field, after)
      if (old !== now) lines.push({ kind: 'clauseField', set, clause, field, before: old, after: now })
    }
  }
  return lines
}

/**
 * Each difference between two versions, in the agreement's order: the terms and their fields, the
 * special stipulations clause by clause and then their free text, the RF707 clause by clause, and
 * the offer's expiry. The parties and the form are not negotiated and not compared. Equal versions
 * give [].
 */
export function termDifferences(before: OfferTerms, after: OfferTerms): TermDifference[] {
  const lines: TermDifference[] = []
  for (const path of TERM_PATHS) {
    if (path === CLAUSES_BEFORE) lines.push(...clauseDifferences('stipulations', STIPULATION_CLAUSES, before.stipulationChoices, after.stipulationChoices))
    if (path === RF707_BEFORE) lines.push(...clauseDifferences('rf707', RF707_CLAUSES, before.addendum, after.addendum))
    const was = TERM_VALUES[path](before)
    const is = TERM_VALUES[path](after)
    if (!sameValue(was, is)) lines.push({ kind: 'term', path, before: was, after: is })
  }
  return lines
}
