import type { ListingFieldName } from '@offerbook/domain/listing'
import { translateOptional } from '../../../../shared/i18n/messages'
import type { ListingForm } from './use-listing-form'

export type SectionProps = {
  form: ListingForm
  /** Fields marked as needed (an asterisk); the required ones of publishing. */
  marked?: readonly ListingFieldName[]
  disabled?: boolean
}

/** The message shown under a field, translated. */
export function shownError(form: ListingForm, field: ListingFieldName): string | undefined {
  return translateOptional(form.errors[field])
}

/** The props every plain field takes from the form: its error, its blur check, its name and whether it is marked. */
export function fieldBinding(form: ListingForm, field: ListingFieldName, marked: readonly ListingFieldName[] | undefined) {
  return {
    name: field,
    error: shownError(form, field),
    withAsterisk: marked?.includes(field) ?? false,
    onBlur: () => form.blur(field),
  }
}
