import { useMemo, useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { useTranslation } from '../i18n/translation'
import { toE164 } from '@offerbook/domain/phone'
// The small metadata set, as the domain's phone rule uses: here only to format what is typed.
import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min'
import type { CountryCode, PhoneInputProps } from './phone-input-props'
import { DEFAULT_PHONE_COUNTRY, PREFERRED_PHONE_COUNTRIES } from './phone-input-props'

/*
 * The phone input itself (phone-input.tsx), with the number data it formats and checks with
 * (libphonenumber's small set, about 36 KB): a chunk of its own.
 */

type Parsed = { e164: string; valid: boolean }

/** The domain's phone rule (the API's too), for a number typed in `country`. */
function parse(text: string, country: CountryCode): Parsed {
  const e164 = toE164(text, country)
  return { e164: e164 ?? '', valid: e164 !== null }
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length
}

/** What the field shows for a stored value: national form in its own country, else international. */
function display(value: string, fallback: CountryCode): { text: string; country: CountryCode } {
  if (value === '') return { text: '', country: fallback }
  const phone = parsePhoneNumberFromString(value)
  if (!phone) return { text: value, country: fallback }
  return phone.country ? { text: phone.formatNational(), country: phone.country } : { text: phone.formatInternational(), country: fallback }
}

type CountryGroups = { group: string; items: { value: CountryCode; label: string }[] }[]

const named = new Map<string, CountryGroups>()

/**
 * The country list: the preferred countries, then the others in the language's order. Made once per
 * language (about 245 names and a sort), however many phone inputs a page has.
 */
function allCountries(language: string, preferredLabel: string, othersLabel: string): CountryGroups {
  const key = `${language}\n${preferredLabel}\n${othersLabel}`
  const kept = named.get(key)
  if (kept) return kept
  const option = countryOption(language)
  const collator = new Intl.Collator(language)
  const others = getCountries()
    .filter((code) => !PREFERRED_PHONE_COUNTRIES.includes(code))
    .map(option)
    .sort((a, b) => collator.compare(a.label, b.label))
  const groups = [
    { group: preferredLabel, items: PREFERRED_PHONE_COUNTRIES.map(option) },
    { group: othersLabel, items: others },
  ]
  named.set(key, groups)
  return groups
}

/** Until the select is used: the preferred countries and the one chosen, so its closed state reads the same. */
function fewCountries(language: string, chosen: CountryCode, preferredLabel: string, othersLabel: string): CountryGroups {
  const option = countryOption(language)
  const groups = [{ group: preferredLabel, items: PREFERRED_PHONE_COUNTRIES.map(option) }]
  return PREFERRED_PHONE_COUNTRIES.includes(chosen) ? groups : [...groups, { group: othersLabel, items: [option(chosen)] }]
}

function countryOption(language: string) {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })
  return (code: CountryCode) => ({ value: code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` })
}

export function PhoneInput({
  value,
  onChange,
  label,
  error,
  id,
  onBlur,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  ...fieldProps
}: PhoneInputProps) {
  const { t, i18n } = useTranslation()
  const numberId = useId(id)
  const [field, setField] = useState(() => ({ ...display(value, defaultCountry), emitted: value, touched: value !== '' }))

  // A value the field did not emit itself comes from outside (a loaded record, a reset): show that one.
  if (value !== field.emitted) {
    setField({ ...display(value, field.country), emitted: value, touched: value !== '' })
  }

  // The whole list (about 245 options) is drawn once the select is about to be used (pointed at or
  // focused): a page with three phone inputs would otherwise draw some 700 options first (issue 36).
  const [listed, setListed] = useState(false)
  const listAll = () => {
    if (!listed) setListed(true)
  }
  const countries = useMemo(() => {
    const labels = [t('inputs.phone.preferredCountries'), t('inputs.phone.otherCountries')] as const
    return listed ? allCountries(i18n.language, ...labels) : fewCountries(i18n.language, field.country, ...labels)
  }, [listed, field.country, i18n.language, t])

  const { valid } = parse(field.text, field.country)
  const invalid = field.text.trim() !== '' && !valid
  const shownError = invalid && field.touched ? t('errors.invalidFormat') : error

  const update = (text: string, country: CountryCode, touched: boolean) => {
    const { e164 } = parse(text, country)
    setField({ text, country, emitted: e164, touched })
    if (e164 !== field.emitted) onChange(e164)
  }

  const onType = (raw: string) => {
    // Formatting a deletion would put back the bracket or hyphen the user just removed.
    if (raw.length < field.text.length && digitCount(raw) <= digitCount(field.text)) {
      update(raw, field.country, field.touched)
      return
    }
    const typing = new AsYouType(field.country)
    const text = typing.input(raw)
    // A number typed with + and its calling code names its own country.
    const country = raw.trim().startsWith('+') ? (typing.getCountry() ?? field.country) : field.country
    update(text, country, field.touched)
  }

  return (
    // The number keeps room for a whole number (10rem); where the two do not fit side by side, it goes under the country.
    <Group gap="xs" align="flex-start">
      <NativeSelect
        id={`${numberId}-country`}
        label={t('inputs.phone.country')}
        data={countries}
        value={field.country}
        disabled={fieldProps.disabled}
        autoComplete="tel-country-code"
        style={{ flex: '0 1 12rem', minWidth: '8rem' }}
        onPointerEnter={listAll}
        onPointerDown={listAll}
        onFocus={listAll}
        onChange={(event) => {
          const country = event.currentTarget.value as CountryCode
          update(field.text === '' ? '' : new AsYouType(country).input(field.text), country, field.touched)
        }}
      />
      <TextInput
        {...fieldProps}
        id={numberId}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        label={label ?? t('inputs.phone.label')}
        error={shownError}
        style={{ flex: '1 1 10rem' }}
        value={field.text}
        onChange={(event) => onType(event.currentTarget.value)}
        onBlur={(event) => {
          setField((current) => ({ ...current, text: current.text === '' ? '' : new AsYouType(current.country).input(current.text), touched: true }))
          onBlur?.(event)
        }}
      />
    </Group>
  )
}
