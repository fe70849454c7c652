import { z } from 'zod'
import { freeText } from '../validation'
import type { Clause, ClauseCatalogue, ClauseField, ClauseFormData } from './clause-types'
import { CLAUSE_MESSAGES, checkClauseField, plainValue } from './fields'

/** A checkbox counts as ticked only when it is exactly true. */
export function isTicked(formData: ClauseFormData, clause: Clause): boolean {
  return formData[clause.checkbox] === true
}

/** A field's value as it is printed: plain text on one line, trimmed (see plainValue). */
export function fieldValue(formData: ClauseFormData, name: string): string {
  return plainValue(formData[name])
}

/** One clause's text with the filled values in place of its blanks. */
export function clauseText(clause: Clause, formData: ClauseFormData): string {
  return clause.template.replace(/\{([A-Z][0-9]?text\d+)\}/g, (_, name: string) => fieldValue(formData, name))
}

/**
 * The stipulation text (spec section 3, concatLabel): one line per ticked clause, in catalogue order,
 * the filled values in place, joined by '\n'. Nothing ticked gives ''.
 */
export function concatLabel(catalogue: ClauseCatalogue, formData: ClauseFormData): string {
  return catalogue
    .filter((clause) => isTicked(formData, clause))
    .map((clause) => clauseText(clause, formData))
    .join('\n')
}

/** The field of that name in a catalogue, if any (a form checks a field on blur by its name). */
export function findClauseField(catalogue: ClauseCatalogue, name: string): ClauseField | undefined {
  for (const clause of catalogue) {
    const field = clause.fields.find((candidate) => candidate.name === name)
    if (field) return field
  }
  return undefined
}

/** The message for one field's value, or null: the check a form runs on blur. */
export function checkFieldValue(field: ClauseField, value: unknown): string | null {
  return checkClauseField(field.kind, value, field.maxLength)
}

export type ClauseFormCheck = {
  /** Field name -> message, for the fields of ticked clauses only. */
  readonly errors: Readonly<Record<string, string>>
  readonly anyTicked: boolean
  /** At least one clause ticked and no field in error: Import may emit. */
  readonly canImport: boolean
  /** The form's line under the buttons, or null when Import may proceed. */
  readonly message: string | null
}

/**
 * Checks every field of every ticked clause (spec section 5). 'Required' for an empty or white-space
 * field, the kind's message otherwise. The form's message is the spec's 'Please fill in all required
 * fields' when a field is empty, else a request to correct the fields marked in red.
 */
export function validateClauseForm(catalogue: ClauseCatalogue, formData: ClauseFormData): ClauseFormCheck {
  const errors: Record<string, string> = {}
  let anyTicked = false
  for (const clause of catalogue) {
    if (!isTicked(formData, clause)) continue
    anyTicked = true
    for (const field of clause.fields) {
      const message = checkFieldValue(field, formData[field.name])
      if (message) errors[field.name] = message
    }
  }
  const messages = Object.values(errors)
  const message = !anyTicked
    ? CLAUSE_MESSAGES.tickOne
    : messages.includes(CLAUSE_MESSAGES.required)
      ? CLAUSE_MESSAGES.fillAll
      : messages.length > 0
        ? CLAUSE_MESSAGES.fixFields
        : null
  return { errors, anyTicked, canImport: message === null, message }
}

/** Every checkbox false and every field empty: the form opened with no existing value. */
export function emptyClauseForm(catalogue: ClauseCatalogue): Record<string, boolean | string> {
  const data: Record<string, boolean | string> = {}
  for (const clause of catalogue) {
    data[clause.checkbox] = false
    for (const field of clause.fields) data[field.name] = ''
  }
  return data
}

// A generous cap on any single value in a body, before the per-field rules run.
const BODY_VALUE_MAX_LENGTH = 5000

/**
 * The form data as an API body: only the catalogue's names (booleans for checkboxes, strings for
 * fields, each optional), and the rules of validateClauseForm, each error on its field's path.
 */
export function clauseFormDataSchema(catalogue: ClauseCatalogue) {
  const shape: Record<string, z.ZodOptional<z.ZodBoolean> | z.ZodOptional<z.ZodString>> = {}
  for (const clause of catalogue) {
    shape[clause.checkbox] = z.boolean().optional()
    for (const field of clause.fields) shape[field.name] = freeText().max(BODY_VALUE_MAX_LENGTH, CLAUSE_MESSAGES.tooLong(BODY_VALUE_MAX_LENGTH)).optional()
  }
  return z.strictObject(shape).superRefine((data, ctx) => {
    const check = validateClauseForm(catalogue, data)
    for (const [name, message] of Object.entries(check.errors)) ctx.addIssue({ code: 'custom', path: [name], message })
    if (!check.anyTicked) ctx.addIssue({ code: 'custom', path: [], message: CLAUSE_MESSAGES.tickOne })
  })
}
