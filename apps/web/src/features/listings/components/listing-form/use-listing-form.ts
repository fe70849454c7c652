import { useCallback, useMemo, useRef, useState } from 'react'
import type { ListingFieldName, ManagedListing } from '@offerbook/domain/listing'
import type { FieldCheckOptions, ListingFieldErrors, ListingFormValues } from './listing-form-values'
import { changedFields, formValuesOf, listingFieldError, listingFieldErrors, LISTING_FORM_FIELDS } from './listing-form-values'

export type ListingForm = {
  values: ListingFormValues
  errors: ListingFieldErrors
  /** Fields whose value differs from the listing as last saved. */
  dirtyFields: ListingFieldName[]
  set: <F extends keyof ListingFormValues>(field: F, value: ListingFormValues[F]) => void
  /** Checks one field when the person leaves it. */
  blur: (field: ListingFieldName) => void
  /** Checks `fields` now, shows their messages, and answers whether they all pass. */
  check: (fields: readonly ListingFieldName[], options?: FieldCheckOptions) => boolean
  /** Shows messages (the API's, for example) next to their fields. */
  showErrors: (errors: ListingFieldErrors) => void
  /** After a save: `fields` take the saved listing's values, so they are no longer unsaved. */
  accept: (saved: ManagedListing, fields: readonly ListingFieldName[]) => void
  /** `fields` go back to the listing's saved values. */
  revert: (fields: readonly ListingFieldName[]) => void
  /** The newest values, also right after `set` in the same event (before the next render). */
  current: () => ListingFormValues
}

/**
 * The state of the listing fields: what is typed, what was saved (from `listing`), and the messages
 * shown. `restored` are values typed before a reload and not saved (the wizard's stash): they start
 * the form, unsaved.
 */
export function useListingForm(listing: ManagedListing | null, options: FieldCheckOptions = {}, restored: Partial<ListingFormValues> | null = null): ListingForm {
  // What was last saved: the listing given, or the one a save of this form answered with, whichever came last.
  const [savedListing, setSavedListing] = useState({ given: listing, saved: listing })
  if (savedListing.given !== listing) setSavedListing({ given: listing, saved: listing })
  const saved = useMemo(() => formValuesOf(savedListing.saved), [savedListing.saved])
  const [values, setValues] = useState<ListingFormValues>(() => ({ ...saved, ...restored }))
  const [errors, setErrors] = useState<ListingFieldErrors>({})
  // Blur handlers can run in the same event as a change (the increment input corrects its value on blur).
  const latest = useRef(values)
  const required = options.required

  const set = useCallback(<F extends keyof ListingFormValues>(field: F, value: ListingFormValues[F]) => {
    latest.current = { ...latest.current, [field]: value }
    setValues(latest.current)
    setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev))
  }, [])

  const blur = useCallback(
    (field: ListingFieldName) => {
      const message = listingFieldError(field, latest.current, { required })
      setErrors((prev) => ({ ...prev, [field]: message ?? undefined }))
    },
    [required],
  )

  const check = useCallback(
    (fields: readonly ListingFieldName[], checkOptions: FieldCheckOptions = {}) => {
      const found = listingFieldErrors(fields, latest.current, { required, ...checkOptions })
      setErrors((prev) => {
        const next = { ...prev }
        for (const field of fields) next[field] = found[field]
        return next
      })
      return Object.keys(found).length === 0
    },
    [required],
  )

  const showErrors = useCallback((found: ListingFieldErrors) => setErrors((prev) => ({ ...prev, ...found })), [])

  const accept = useCallback((listingSaved: ManagedListing, fields: readonly ListingFieldName[]) => {
    setSavedListing((prev) => ({ ...prev, saved: listingSaved }))
    const fresh = formValuesOf(listingSaved)
    const next = { ...latest.current }
    for (const field of fields) (next as Record<string, unknown>)[field] = fresh[field]
    latest.current = next
    setValues(next)
  }, [])

  const revert = useCallback(
    (fields: readonly ListingFieldName[]) => {
      const next = { ...latest.current }
      for (const field of fields) (next as Record<string, unknown>)[field] = saved[field]
      latest.current = next
      setValues(next)
    },
    [saved],
  )

  const current = useCallback(() => latest.current, [])

  const dirtyFields = useMemo(() => changedFields(saved, values, LISTING_FORM_FIELDS), [saved, values])

  return { values, errors, dirtyFields, set, blur, check, showErrors, accept, revert, current }
}
