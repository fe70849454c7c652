import type { Clause, ClauseField } from '@offerbook/domain/clauses/clause-types'
import { RF707_EXTRA_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'

/**
 * The i18n key of a clause field's label. The RF707 extra options reuse the letters N and O, whose
 * field names mean something else in the stipulation catalogue (decision 010), so they have a key of their own.
 */
export function fieldLabelKey(clause: Clause, field: ClauseField): string {
  return RF707_EXTRA_CLAUSES.includes(clause) ? 'clauses.fieldLabels.extraLanguage' : `clauses.fieldLabels.${field.name}`
}
