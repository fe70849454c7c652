import '@mantine/dates/styles.css'
import { useEffect, useRef, useState } from 'react'
import { Group, Input, Text, TextInput } from '@mantine/core'
import { useId } from '@mantine/hooks'
import { IconClock } from '@tabler/icons-react'
import { useTranslation } from '../i18n/translation'
import { DateInput } from './date-input'
import type { DateBounds } from './date-input'
import type { FieldProps } from './field-props'

const TIME_24H = /^([01]\d|2[0-3]):[0-5]\d$/
const TIME_12H = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/

/**
 * Applies the time mask of spec section 5: ##:## in 24-hour form, ##:## AA in 12-hour form
 * ('03:45 PM'). A first digit that cannot start an hour gets a leading zero, so '3' becomes '03'.
 */
export function maskTime(raw: string, format12h: boolean): string {
  let digits = raw.replace(/\D/g, '')
  if (digits !== '' && Number(digits[0]) > (format12h ? 1 : 2)) digits = `0${digits}`
  digits = digits.slice(0, 4)
  let text = digits.slice(0, 2)
  if (digits.length > 2) text += `:${digits.slice(2)}`
  if (!format12h || digits.length < 4) return text
  const letters = raw.replace(/[^a-z]/gi, '').toUpperCase()
  const meridiem = letters[0] === 'A' || letters[0] === 'P' ? letters[0] + (letters[1] === 'M' ? 'M' : '') : ''
  return meridiem ? `${text} ${meridiem}` : text
}

export function isValidTime(time: string, format12h: boolean): boolean {
  return (format12h ? TIME_12H : TIME_24H).test(time)
}

type Parts = { date: string; time: string }

/**
 * Splits a value into its date and time. 12-hour values carry a time of length 8 ('03:45 PM'); a
 * 24-hour time of length 8 ('15:45:00') is accepted too, its seconds dropped.
 */
export function splitDateTime(value: string, format12h: boolean): Parts {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](.+))?$/.exec(value.trim())
  if (!match?.[1]) return { date: '', time: '' }
  const time = match[2] ?? ''
  if (format12h) return { date: match[1], time: time.toUpperCase() }
  return { date: match[1], time: /^\d{2}:\d{2}:\d{2}$/.test(time) ? time.slice(0, 5) : time }
}

function join({ date, time }: Parts, format12h: boolean): string {
  return date && isValidTime(time, format12h) ? `${date} ${time}` : ''
}

export type DateTimeInputProps = Omit<FieldProps, 'onBlur'> & DateBounds & {
  /** 'YYYY-MM-DD HH:mm', or with format12h 'YYYY-MM-DD hh:mm AM' (date-fns 'yyyy-MM-dd hh:mm a'); '' until both parts are complete. */
  value: string
  onChange: (value: string) => void
  format12h?: boolean
  /** Accessible name of the group when `label` is not a plain string. */
  labelText?: string
  /** A short text beside the time, read with the field (the time zone the time is in). */
  note?: string
}

/** The date-time picker of spec sections 4 and 5: a date, then the time, which takes focus once a day is picked. */
export function DateTimeInput({ value, onChange, format12h = false, minDate, maxDate, label, labelText, note, description, error, required, disabled, name, id, ...rest }: DateTimeInputProps) {
  const { t } = useTranslation()
  const baseId = useId(id)
  const timeRef = useRef<HTMLInputElement>(null)
  const [parts, setParts] = useState<Parts & { value: string }>(() => ({ ...splitDateTime(value, format12h), value }))
  const [timeError, setTimeError] = useState<string | null>(null)
  const [picks, setPicks] = useState(0)

  // A new value from the owner replaces what is being typed; the value this input emitted does not.
  if (value !== parts.value) setParts({ ...splitDateTime(value, format12h), value })

  useEffect(() => {
    if (picks > 0) timeRef.current?.focus()
  }, [picks])

  function update(next: Parts) {
    const joined = join(next, format12h)
    setParts({ ...next, value: joined })
    if (joined !== value) onChange(joined)
  }

  const groupName = typeof label === 'string' ? label : labelText
  const dateName = groupName ? t('inputs.dateTime.dateOf', { label: groupName }) : t('inputs.dateTime.date')
  const timeName = groupName ? t('inputs.dateTime.timeOf', { label: groupName }) : t('inputs.dateTime.time')
  const labelId = `${baseId}-label`
  const descriptionId = description ? `${baseId}-description` : undefined
  const errorId = error ? `${baseId}-error` : undefined
  const noteId = note ? `${baseId}-note` : undefined

  return (
    <Input.Wrapper
      id={baseId}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
      {...rest}
    >
      <Group
        role="group"
        aria-labelledby={label ? labelId : undefined}
        aria-describedby={[noteId, descriptionId, errorId].filter(Boolean).join(' ') || undefined}
        gap="xs"
        align="flex-start"
        wrap="wrap"
      >
        <DateInput
          id={`${baseId}-date`}
          aria-label={dateName}
          value={parts.date}
          onChange={(date) => update({ ...parts, date })}
          onPick={() => setPicks((n) => n + 1)}
          minDate={minDate}
          maxDate={maxDate}
          error={error ? true : undefined}
          required={required}
          disabled={disabled}
        />
        <TextInput
          ref={timeRef}
          id={`${baseId}-time`}
          aria-label={timeName}
          value={parts.time}
          onChange={(event) => {
            setTimeError(null)
            update({ ...parts, time: maskTime(event.currentTarget.value, format12h) })
          }}
          onBlur={() => {
            if (parts.time !== '' && !isValidTime(parts.time, format12h)) setTimeError(t(format12h ? 'inputs.dateTime.invalidTime12' : 'inputs.dateTime.invalidTime24'))
          }}
          placeholder={t(format12h ? 'inputs.dateTime.timePlaceholder12' : 'inputs.dateTime.timePlaceholder24')}
          inputMode={format12h ? 'text' : 'numeric'}
          autoComplete="off"
          maxLength={format12h ? 8 : 5}
          error={timeError ?? (error ? true : undefined)}
          required={required}
          disabled={disabled}
          leftSection={<IconClock size={18} stroke={1.5} aria-hidden />}
          leftSectionPointerEvents="none"
          w={format12h ? 150 : 130}
        />
        {note && (
          <Text id={noteId} size="sm" c="dimmed" pt={6}>
            {note}
          </Text>
        )}
      </Group>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </Input.Wrapper>
  )
}
