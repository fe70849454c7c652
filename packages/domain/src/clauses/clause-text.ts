import type { Clause, ClauseCatalogue, ClauseField, ClauseFormData } from './clause-types'
import { numberFormat } from '../intl-formats'
import { plainValue } from './plain-value'

// A clause's printed text from its form's values: free of zod, so a page that shows an offer's
// clauses loads no schema (the checks and the form's schema are in fields.ts and concat.ts).

/** A checkbox counts as ticked only when it is exactly true. */
export function isTicked(formData: ClauseFormData, clause: Clause): boolean {
  return formData[clause.checkbox] === true
}

/** A field's value as it is printed: plain text on one line, trimmed (see plainValue). */
export function fieldValue(formData: ClauseFormData, name: string): string {
  return plainValue(formData[name])
}

const AMOUNT = numberFormat('en-US', { maximumFractionDigits: 2 })
const AMOUNT_WITH_CENTS = numberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * A field's value as a contract prints it: a dollar amount grouped by thousands (the template puts
 * the '$' before it: '$5,000', not '$5000'), with cents when they were typed ('1,234.50'); every other
 * kind as typed (plainValue). Legal text is English (decision 012), so amounts are written in en-US.
 */
export function printedFieldValue(field: Pick<ClauseField, 'name' | 'kind'>, formData: ClauseFormData): string {
  const value = fieldValue(formData, field.name)
  if (field.kind !== 'dollars' || value === '') return value
  const amount = Number(value.replaceAll(',', ''))
  if (!Number.isFinite(amount)) return value
  return (value.includes('.') ? AMOUNT_WITH_CENTS : AMOUNT).format(amount)
}

/** One clause's text with the filled values in place of its blanks (amounts formatted). */
export function clauseText(clause: Clause, formData: ClauseFormData): string {
  return clause.template.replace(/\{([A-Z][0-9]?text\d+)\}/g, (_, name: string) => {
    const field = clause.fields.find((candidate) => candidate.name === name)
    return field ? printedFieldValue(field, formData) : fieldValue(formData, name)
  })
}

/** 'A. Seller pays Buyer's expenses: At Closing, …': a clause as it is imported, with its letter and title. */
export function clauseLine(clause: Clause, formData: ClauseFormData): string {
  return `${clause.key}. ${clause.title}: ${clauseText(clause, formData)}`
}

/**
 * The stipulation text (spec section 3, concatLabel): one line per ticked clause, in catalogue order,
 * each with its letter and title and the filled values in place, joined by '\n'. Nothing ticked gives ''.
 */
export function concatLabel(catalogue: ClauseCatalogue, formData: ClauseFormData): string {
  return catalogue
    .filter((clause) => isTicked(formData, clause))
    .map((clause) => clauseLine(clause, formData))
    .join('\n')
}
