import '@mantine/dates/styles.css'
import 'dayjs/locale/es'
import type { FormEvent, Ref } from 'react'
import { useState } from 'react'
import { DateInput as MantineDateInput, DatesProvider } from '@mantine/dates'
import type { DatesProviderSettings } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from '../i18n/translation'
import type { FieldProps } from './field-props'

export const DATE_FORMAT = 'YYYY-MM-DD'

/** A real calendar day written YYYY-MM-DD, or null; '2025-02-30' is refused instead of rolling over. */
export function parseIsoDate(text: string): string | null {
  const trimmed = text.trim()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return null
  const date = dayjs(trimmed)
  return date.isValid() && date.format(DATE_FORMAT) === trimmed ? trimmed : null
}

/** Calendar settings that follow the interface language: month names, and the week starting on Sunday in the US. */
export function useDatesSettings(): DatesProviderSettings {
  const { i18n } = useTranslation()
  const spanish = (i18n.resolvedLanguage ?? i18n.language).startsWith('es')
  return spanish ? { locale: 'es', firstDayOfWeek: 1, weekendDays: [0, 6] } : { locale: 'en', firstDayOfWeek: 0, weekendDays: [0, 6] }
}

/** The days a date input allows, both 'YYYY-MM-DD' and both optional. */
export type DateBounds = {
  /** Earliest allowed day. */
  minDate?: string
  /** Latest allowed day. */
  maxDate?: string
}

export type DateInputProps = Omit<FieldProps, 'onBlur'> & DateBounds & {
  /** 'YYYY-MM-DD', or '' when empty. */
  value: string
  onChange: (value: string) => void
  placeholder?: string
  /** Accessible name when there is no visible label. */
  'aria-label'?: string
  /** Called when a day is chosen in the calendar (not when one is typed). */
  onPick?: (value: string) => void
  onBlur?: () => void
  inputRef?: Ref<HTMLInputElement>
}

/** The date picker of spec section 5: typed or picked, always YYYY-MM-DD, optionally bounded. */
export function DateInput({ value, onChange, minDate, maxDate, label, description, error, required, disabled, name, id, placeholder, onPick, onBlur, inputRef, ...aria }: DateInputProps) {
  const { t } = useTranslation()
  const settings = useDatesSettings()
  const [refusal, setRefusal] = useState<string | null>(null)

  function outOfRange(date: string): string | null {
    if (minDate && date < minDate) return t('inputs.date.beforeMin', { date, min: minDate })
    if (maxDate && date > maxDate) return t('inputs.date.afterMax', { date, max: maxDate })
    return null
  }

  // Mantine keeps the previous value when a typed date is out of range; say why instead of failing silently.
  function handleInput(event: FormEvent<HTMLInputElement>) {
    const date = parseIsoDate(event.currentTarget.value)
    setRefusal(date ? outOfRange(date) : null)
  }

  function handleBlur(event: FormEvent<HTMLInputElement>) {
    const text = event.currentTarget.value.trim()
    if (text !== '' && text !== value && !parseIsoDate(text)) setRefusal(t('inputs.date.invalid'))
    onBlur?.()
  }

  return (
    <DatesProvider settings={settings}>
      <MantineDateInput
        ref={inputRef}
        value={value === '' ? null : value}
        onChange={(next) => {
          setRefusal(null)
          onChange(next ?? '')
        }}
        dateParser={parseIsoDate}
        valueFormat={DATE_FORMAT}
        minDate={minDate}
        maxDate={maxDate}
        label={label}
        description={description}
        error={refusal ?? error}
        required={required}
        disabled={disabled}
        name={name}
        id={id}
        placeholder={placeholder ?? t('inputs.date.placeholder')}
        aria-label={aria['aria-label']}
        onInput={handleInput}
        onBlur={handleBlur}
        clearable
        clearButtonProps={{ 'aria-label': t('inputs.date.clear') }}
        leftSection={<IconCalendar size={18} stroke={1.5} aria-hidden />}
        leftSectionPointerEvents="none"
        getDayProps={(day) => ({ onClick: () => onPick?.(day) })}
        ariaLabels={{
          previousMonth: t('inputs.date.previousMonth'),
          nextMonth: t('inputs.date.nextMonth'),
          previousYear: t('inputs.date.previousYear'),
          nextYear: t('inputs.date.nextYear'),
          previousDecade: t('inputs.date.previousDecade'),
          nextDecade: t('inputs.date.nextDecade'),
          monthLevelControl: t('inputs.date.chooseMonth'),
          yearLevelControl: t('inputs.date.chooseYear'),
        }}
      />
    </DatesProvider>
  )
}
