import { Group, NativeSelect, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../i18n/translation'
import { moduleBeside } from '../module-beside'
import type * as PhoneInputField from './phone-input-field'
import type { PhoneInputProps } from './phone-input-props'
import { DEFAULT_PHONE_COUNTRY } from './phone-input-props'

export type { CountryCode, PhoneInputProps } from './phone-input-props'
export { DEFAULT_PHONE_COUNTRY, PREFERRED_PHONE_COUNTRIES } from './phone-input-props'

const field = moduleBeside<typeof PhoneInputField>(() => import('./phone-input-field'))

/** The phone input's number data, loaded if it is not yet (requested as soon as a page with a phone input is loaded). */
export const loadPhoneInput = field.load

/**
 * A phone number with its country (spec section 9), formatted as it is typed and checked by the
 * domain's phone rule (decision 041). The number data is a chunk of its own (phone-input-field.tsx),
 * requested with the page: until it is here the two fields stand in their place, showing the stored
 * number, disabled, so nothing moves when it arrives. If it cannot be loaded, the page's error
 * boundary says so.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { t } = useTranslation()
  const fallbackId = useId(props.id)
  const loaded = field.use()
  if (loaded) return <loaded.PhoneInput {...props} />
  const country = props.defaultCountry ?? DEFAULT_PHONE_COUNTRY
  return (
    <Group gap="xs" align="flex-start">
      <NativeSelect id={`${fallbackId}-country`} label={t('inputs.phone.country')} data={[country]} value={country} disabled style={{ flex: '0 1 12rem', minWidth: '8rem' }} />
      <TextInput id={fallbackId} type="tel" label={props.label ?? t('inputs.phone.label')} value={props.value} disabled readOnly style={{ flex: '1 1 10rem' }} />
    </Group>
  )
}
