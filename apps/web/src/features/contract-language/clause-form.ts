import type { ClauseCatalogue, ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import { emptyClauseForm } from '@offerbook/domain/clauses/concat'

/**
 * What the stipulation modal emits on Import (spec section 3): the text of the ticked clauses, and
 * the choices, which the offer saves (terms.stipulationChoices) and EDIT reopens.
 */
export type StipulationValue = { concatLabel: string; stipulationFormData: ClauseFormData }

/** What the addendum modal emits on Import: the RF707 choices, as POST /api/contracts/rf707/pdf takes them. */
export type AddendumValue = { concatLabel: string; formData: ClauseFormData }

/** Spec sections 4 and 9: the stipulation modal's error line clears after 3000 ms. */
export const CLAUSE_MESSAGE_MS = 3000

/**
 * The form as it opens: empty when there is no saved value (spec section 4), else the saved choices.
 * Only the catalogue's names are taken, each with its own type, so a stored value from an older
 * catalogue or a hand-made object cannot put anything else into the form or the PDF request.
 */
export function restoreClauseForm(catalogue: ClauseCatalogue, saved?: ClauseFormData | null): ClauseFormData {
  const values = emptyClauseForm(catalogue)
  if (!saved) return values
  for (const clause of catalogue) {
    values[clause.checkbox] = saved[clause.checkbox] === true
    for (const field of clause.fields) {
      const value = saved[field.name]
      if (typeof value === 'string') values[field.name] = value
    }
  }
  return values
}

export { hasSavedValue } from './saved-value'

export { fieldLabelKey } from '../../shared/i18n/clause-labels'

/** The id of a field's input inside one form (the form's prefix keeps two open forms apart). */
export function fieldInputId(formId: string, fieldName: string): string {
  return `${formId}-${fieldName}`
}
