import type { OfferTerms } from '@offerbook/domain/offer'

/** What each section of the editor gets: the terms, a setter by dotted path, the field errors, and whether it may edit. */
export type EditorForm = {
  terms: OfferTerms
  set: (path: string, value: unknown) => void
  /** The error to show beside a field, already in the user's language; undefined when there is none. */
  error: (path: string) => string | undefined
  disabled: boolean
}
