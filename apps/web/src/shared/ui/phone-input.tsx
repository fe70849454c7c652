import { useEffect, useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../i18n/translation'
import type * as PhoneInputField from './phone-input-field'
import type { PhoneInputProps } from './phone-input-props'
import { DEFAULT_PHONE_COUNTRY } from './phone-input-props'

export type { CountryCode, PhoneInputProps } from './phone-input-props'
export { DEFAULT_PHONE_COUNTRY, PREFERRED_PHONE_COUNTRIES } from './phone-input-props'

type Field = typeof PhoneInputField

let loaded: Field | null = null
let loading: Promise<Field> | null = null

/** The phone input's number data, loaded if it is not yet (a load that failed is tried again). */
export function loadPhoneInput(): Promise<Field> {
  loading ??= import('./phone-input-field').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

// Requested as soon as a page with a phone input is loaded, not when the input first draws.
void loadPhoneInput().catch(() => undefined)

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
  const [field, setField] = useState(loaded)
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  useEffect(() => {
    if (field) return
    let live = true
    loadPhoneInput().then(
      (module) => live && setField(module),
      (error: unknown) => live && setFailure({ error }),
    )
    return () => {
      live = false
    }
  }, [field])
  if (failure) throw failure.error
  if (field) return <field.PhoneInput {...props} />
  const country = props.defaultCountry ?? DEFAULT_PHONE_COUNTRY
  return (
    <Group gap="xs" align="flex-start">
      <NativeSelect id={`${fallbackId}-country`} label={t('inputs.phone.country')} data={[country]} value={country} disabled style={{ flex: '0 1 12rem', minWidth: '8rem' }} />
      <TextInput id={fallbackId} type="tel" label={props.label ?? t('inputs.phone.label')} value={props.value} disabled readOnly style={{ flex: '1 1 10rem' }} />
    </Group>
  )
}
