import { memo } from 'react'
import type { ReactNode } from 'react'
import type { OfferTerms } from '@offerbook/domain/offer'
import type { FieldErrors } from './offer-form'
import { touches } from './offer-form'

/** What each section of the editor gets: the terms, a setter by dotted path, the field errors, and whether it may edit. */
export type EditorForm = {
  terms: OfferTerms
  /** Stable across renders. */
  set: (path: string, value: unknown) => void
  /** The error to show beside a field, already in the user's language; undefined when there is none. */
  error: (path: string) => string | undefined
  /** Every error at or under these paths, as one string: what a section compares to know it must draw again. */
  errorsUnder: (...paths: string[]) => string
  disabled: boolean
}

/**
 * A section that draws again only when what it shows changed: `pick` names its slice of the terms and
 * its errors. Typing in one field then redraws one section, not the whole long form.
 */
export function sectionMemo<P extends { form: EditorForm }>(Component: (props: P) => ReactNode, pick: (props: P) => readonly unknown[]) {
  return memo(Component, (before, after) => {
    if (before.form.disabled !== after.form.disabled) return false
    const a = pick(before)
    const b = pick(after)
    return a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
  })
}

/** EditorForm.errorsUnder over several sources of field errors (the form's own checks, the API's answer). */
export function errorsUnder(sources: readonly FieldErrors[], paths: readonly string[]): string {
  return sources
    .flatMap((source) => Object.entries(source))
    .filter(([key, message]) => message && paths.some((path) => touches(key, path)))
    .map(([key, message]) => `${key}=${JSON.stringify(message)}`)
    .join('|')
}
