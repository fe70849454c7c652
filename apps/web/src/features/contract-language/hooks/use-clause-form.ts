import { useCallback, useId, useState } from 'react'
import type { Clause, ClauseCatalogue, ClauseField, ClauseFormData } from '@offerbook/domain/clauses/clause-types'
import type { ClauseFormCheck } from '@offerbook/domain/clauses/concat'
import { checkFieldValue, validateClauseForm } from '@offerbook/domain/clauses/concat'
import type { Message } from '@offerbook/domain/messages'
import { fieldInputId, restoreClauseForm } from '../clause-form'

export type ClauseForm = {
  /** Prefix of the ids of this form's inputs. */
  formId: string
  values: ClauseFormData
  /** Field name -> message (translated where it is shown); only fields of ticked clauses. */
  errors: Readonly<Record<string, Message>>
  /** At least one clause ticked: Import may be pressed (spec section 4). */
  anyTicked: boolean
  isTicked: (clause: Clause) => boolean
  /** Ticks or unticks a clause; unticking clears that clause's errors (spec section 4). */
  toggle: (clause: Clause, ticked: boolean) => void
  change: (field: ClauseField, value: string) => void
  /** The check on blur (spec section 5), for a field of a ticked clause. */
  blur: (field: ClauseField, value: string) => void
  /** The check on Import: every field of every ticked clause; the first field in error takes the focus. */
  check: () => ClauseFormCheck
}

/**
 * The state the stipulation and addendum modals share: the values, opened from the saved choices
 * (or empty), and the per-field errors held by field name, shown only while their clause is ticked.
 */
export function useClauseForm(catalogue: ClauseCatalogue, saved?: ClauseFormData | null): ClauseForm {
  const formId = useId()
  const [values, setValues] = useState(() => restoreClauseForm(catalogue, saved))
  const [errors, setErrors] = useState<Record<string, Message>>({})

  const isTicked = useCallback((clause: Clause) => values[clause.checkbox] === true, [values])
  const anyTicked = catalogue.some(isTicked)

  const toggle = useCallback((clause: Clause, ticked: boolean) => {
    setValues((current) => ({ ...current, [clause.checkbox]: ticked }))
    if (ticked) return
    setErrors((current) => {
      const next = { ...current }
      for (const field of clause.fields) delete next[field.name]
      return next
    })
  }, [])

  const change = useCallback((field: ClauseField, value: string) => {
    setValues((current) => ({ ...current, [field.name]: value }))
  }, [])

  // A field can only be left while its clause is ticked (it is disabled otherwise); leaving it on the
  // way to untick its clause sets an error that the untick clears at once.
  const blur = useCallback((field: ClauseField, value: string) => {
    const problem = checkFieldValue(field, value)
    setErrors((current) => {
      const before = current[field.name]
      if (before?.key === problem?.key && JSON.stringify(before?.params) === JSON.stringify(problem?.params)) return current
      const next = { ...current }
      if (problem) next[field.name] = problem
      else delete next[field.name]
      return next
    })
  }, [])

  const check = useCallback(() => {
    const result = validateClauseForm(catalogue, values)
    setErrors({ ...result.errors })
    const first = catalogue.flatMap((clause) => clause.fields).find((field) => result.errors[field.name])
    if (first) document.getElementById(fieldInputId(formId, first.name))?.focus()
    return result
  }, [catalogue, values, formId])

  return { formId, values, errors, anyTicked, isTicked, toggle, change, blur, check }
}
