import type { ReactNode } from 'react'
import type { CountryCode } from '@offerbook/domain/phone'
import { DEFAULT_PHONE_COUNTRY } from '@offerbook/domain/phone-country'
import type { FieldProps } from './field-props'

/** What the phone input (phone-input.tsx) and its field with the number data (phone-input-field.tsx) share. */

export type { CountryCode }
/** Spec section 9: phone country US, with US and CA preferred. */
export { DEFAULT_PHONE_COUNTRY }
export const PREFERRED_PHONE_COUNTRIES: readonly CountryCode[] = ['US', 'CA']

export type PhoneInputProps = FieldProps & {
  /** The number in E.164 ('+16155550123'), or '' for none. */
  value: string
  /**
   * Called with the number in E.164 whenever that changes: the valid number, or '' while the field
   * is empty or holds a number that is not valid (the field then shows 'Invalid format' itself).
   */
  onChange: (value: string) => void
  /** Label of the number field; 'Phone number' when not given. The country select is 'Country'. */
  label?: ReactNode
  /** An error from outside (e.g. 'Required'); 'Invalid format' takes its place while it applies. */
  error?: ReactNode
  /** Id of the number field; the country select is `${id}-country`. */
  id?: string
  defaultCountry?: CountryCode
}
