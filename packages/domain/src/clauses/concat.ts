import { z } from 'zod'
import type { Message } from '../messages'
import { message } from '../messages'
import { freeText } from '../validation'
import type { ClauseCatalogue, ClauseField, ClauseFormData } from './clause-types'
import { checkClauseField } from './fields'
import { isTicked } from './clause-text'

/** The field of that name in a catalogue, if any (a form checks a field on blur by its name). */
export function findClauseField(catalogue: ClauseCatalogue, name: string): ClauseField | undefined {
  for (const clause of catalogue) {
    const field = clause.fields.find((candidate) => candidate.name === name)
    if (field) return field
  }
  return undefined
}

/** The message for one field's value, or null: the check a form runs on blur. */
export function checkFieldValue(field: ClauseField, value: unknown): Message | null {
  return checkClauseField(field.kind, value, field.maxLength)
}

export type ClauseFormCheck = {
  /** Field name -> message, for the fields of ticked clauses only. */
  readonly errors: Readonly<Record<string, Message>>
  readonly anyTicked: boolean
  /** At least one clause ticked and no field in error: Import may emit. */
  readonly canImport: boolean
  /** The form's line under the buttons, or null when Import may proceed. */
  readonly message: Message | null
}

/**
 * Checks every field of every ticked clause (spec section 5). 'Required' for an empty or white-space
 * field, the kind's message otherwise. The form's message is the spec's 'Please fill in all required
 * fields' when a field is empty, else a request to correct the fields marked in red.
 */
export function validateClauseForm(catalogue: ClauseCatalogue, formData: ClauseFormData): ClauseFormCheck {
  const errors: Record<string, Message> = {}
  let anyTicked = false
  for (const clause of catalogue) {
    if (!isTicked(formData, clause)) continue
    anyTicked = true
    for (const field of clause.fields) {
      const problem = checkFieldValue(field, formData[field.name])
      if (problem) errors[field.name] = problem
    }
  }
  const problems = Object.values(errors)
  const formMessage = !anyTicked
    ? message('clauses.tickOne')
    : problems.some((problem) => problem.key === 'common.required')
      ? message('clauses.fillAll')
      : problems.length > 0
        ? message('clauses.fixFields')
        : null
  return { errors, anyTicked, canImport: formMessage === null, message: formMessage }
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

// The one cap on any value, ticked or not, before the per-field rules of the ticked clauses run.
const VALUE_MAX_LENGTH = 5000

/**
 * The one schema of a clause form's data, for either catalogue: the API's body of an RF707 PDF and
 * the offer's saved choices (terms.stipulationChoices, terms.addendum). Only the catalogue's names
 * (booleans for checkboxes, strings for fields, each optional), at least one clause ticked, and the
 * rules of validateClauseForm, each error on its field's path.
 */
export function clauseFormDataSchema(catalogue: ClauseCatalogue): z.ZodType<ClauseFormData> {
  // One schema a kind of entry, shared by every name of the catalogue: a zod schema never changes once
  // made, and one made for each name was most of the work of making the offer terms' schema (decision 100).
  const checkbox = z.boolean().optional()
  const value = freeText().max(VALUE_MAX_LENGTH, 'common.tooLong').optional()
  const shape: Record<string, typeof checkbox | typeof value> = {}
  for (const clause of catalogue) {
    shape[clause.checkbox] = checkbox
    for (const field of clause.fields) shape[field.name] = value
  }
  return z.strictObject(shape).superRefine((data, ctx) => {
    const check = validateClauseForm(catalogue, data)
    for (const [name, problem] of Object.entries(check.errors)) ctx.addIssue({ code: 'custom', path: [name], message: problem.key, params: problem.params })
    if (!check.anyTicked) ctx.addIssue({ code: 'custom', path: [], message: 'clauses.tickOne' })
  })
}
