import { dateInZone, instantOfWallText, wallTimeText } from '@offerbook/domain/property-time'
import { useTranslation } from '../i18n/translation'
import type { DateTimeInputProps } from './date-time-input'
import { DateTimeInput } from './date-time-input'
import { zoneName } from './zone-name'

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as the date-time input shows it in `zone`: 'YYYY-MM-DD HH:mm', or 'YYYY-MM-DD hh:mm AM'; '' for none. */
export function zonedInputText(iso: string | null | undefined, zone: string, format12h: boolean): string {
  if (!iso) return ''
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return ''
  const { date, time } = wallTimeText(instant, zone)
  if (!format12h) return `${date} ${time}`
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${date} ${pad(hour12)}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`
}

/** The date-time input's text, read as a wall time in `zone`, as an ISO instant; null when empty or unreadable. */
export function zonedInputInstant(text: string, zone: string, format12h: boolean): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?: (AM|PM))?$/.exec(text.trim())
  if (!match) return null
  const [, date = '', hourText, minute = '', meridiem] = match
  let hour = Number(hourText)
  if (format12h) {
    if (!meridiem || hour < 1 || hour > 12) return null
    hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0)
  }
  return instantOfWallText(date, `${pad(hour)}:${minute}`, zone)?.toISOString() ?? null
}

export type ZonedDateTimeInputProps = Omit<DateTimeInputProps, 'value' | 'onChange' | 'format12h' | 'note' | 'minDate' | 'maxDate'> & {
  /** An ISO instant, or null for none. */
  value: string | null
  /** The instant the typed wall time is in `timeZone`, or null until the date and time are both complete. */
  onChange: (value: string | null) => void
  /** The IANA zone the time is typed and shown in: the property's (decision 038). */
  timeZone: string
  /** Days before today in `timeZone` cannot be picked. */
  futureOnly?: boolean
}

/**
 * A date and time typed and shown in a given zone (the property's), whatever the browser's zone,
 * with the zone named beside it ('Central time (CST)', CDT in summer). A buyer in UTC who types
 * 5:00 PM for a Nashville home gives 5:00 PM Central: 23:00 UTC in winter.
 */
export function ZonedDateTimeInput({ value, onChange, timeZone, futureOnly = false, ...rest }: ZonedDateTimeInputProps) {
  const { t, i18n } = useTranslation()
  // A US reader writes 03:45 PM; Spanish uses the 24-hour clock.
  const format12h = !(i18n.resolvedLanguage ?? i18n.language).startsWith('es')
  const instant = value ? new Date(value) : null
  const at = instant && !Number.isNaN(instant.getTime()) ? instant : new Date()
  return (
    <DateTimeInput
      {...rest}
      value={zonedInputText(value, timeZone, format12h)}
      onChange={(text) => onChange(zonedInputInstant(text, timeZone, format12h))}
      format12h={format12h}
      minDate={futureOnly ? dateInZone(new Date(), timeZone) : undefined}
      note={zoneName(t, timeZone, at)}
    />
  )
}
