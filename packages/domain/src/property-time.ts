/**
 * A property's time zone, and its dates written in it (decision 030). Tennessee is split: East
 * Tennessee keeps Eastern time, Middle and West Tennessee Central time. Every date an offer shows,
 * on screen and in its documents, is written in its property's zone, with the zone named.
 */
import { dateTimeFormat } from './intl-formats'

export const CENTRAL_TIME = 'America/Chicago'
export const EASTERN_TIME = 'America/New_York'
export type PropertyTimeZone = typeof CENTRAL_TIME | typeof EASTERN_TIME

/**
 * The Tennessee counties on Eastern time. Source: the boundary between the Eastern and Central zones
 * in 49 CFR 71.5(b) (U.S. Department of Transportation, Standard Time Zone Boundaries), which puts
 * these 30 counties east of the line (Cumberland, Bledsoe, Sequatchie, Marion and the counties west
 * of them are Central).
 */
export const EASTERN_TIME_COUNTIES = [
  'Anderson',
  'Blount',
  'Bradley',
  'Campbell',
  'Carter',
  'Claiborne',
  'Cocke',
  'Grainger',
  'Greene',
  'Hamblen',
  'Hamilton',
  'Hancock',
  'Hawkins',
  'Jefferson',
  'Johnson',
  'Knox',
  'Loudon',
  'McMinn',
  'Meigs',
  'Monroe',
  'Morgan',
  'Polk',
  'Rhea',
  'Roane',
  'Scott',
  'Sevier',
  'Sullivan',
  'Unicoi',
  'Union',
  'Washington',
] as const

const EASTERN = new Set(EASTERN_TIME_COUNTIES.map((county) => county.toLowerCase()))

/** 'Knox', 'Knox County', 'KNOX CO.' → 'knox'. */
function countyKey(county: string): string {
  return county
    .trim()
    .toLowerCase()
    .replace(/\s+(county|co\.?)$/, '')
    .replace(/\s+/g, ' ')
}

/**
 * The zone of a Tennessee property, by its county (RESO CountyOrParish). Unknown or missing counties
 * are Central, where most of the state's listings are (Nashville, Memphis) and where the offers were
 * dated before.
 */
export function propertyTimeZone(county: string | null | undefined): PropertyTimeZone {
  return county && EASTERN.has(countyKey(county)) ? EASTERN_TIME : CENTRAL_TIME
}

type Language = 'en-us' | 'es-es' | (string & {})

const locale = (language: Language) => (language === 'es-es' ? 'es-ES' : language === 'en-ca' ? 'en-CA' : 'en-US')
function format(language: Language, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormat(locale(language), { ...options, timeZone: zone })
}

/** Intl may use narrow or non-breaking spaces ('9:30 PM'); PDFs' standard fonts and plain text want plain ones. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

/** The calendar date of an instant in the zone, as YYYY-MM-DD. */
export function dateInZone(instant: Date, zone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return format('en-ca', zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
}

/** 'November 24, 2026' / '24 de noviembre de 2026': the date of an instant in the zone. */
export function formatZonedDay(instant: Date, zone: string, language: Language = 'en-us'): string {
  return plainSpaces(format(language, zone, { year: 'numeric', month: 'long', day: 'numeric' }).format(instant))
}

/**
 * 'November 24, 2026, 9:30 PM CST': an instant in the property's zone, named (English gives the
 * short name, Spanish the long one, as Spanish has no short names for American zones).
 */
export function formatZonedDateTime(instant: Date, zone: string, language: Language = 'en-us'): string {
  const time = format(language, zone, { hour: 'numeric', minute: '2-digit', timeZoneName: language === 'es-es' ? 'long' : 'short' }).format(instant)
  return plainSpaces(`${formatZonedDay(instant, zone, language)}, ${time}`)
}

/** Makes the formatters formatZonedDateTime uses in `language`, for both of Tennessee's zones, ahead of a page that writes a deadline. */
export function warmZonedDates(language: Language): void {
  for (const zone of [CENTRAL_TIME, EASTERN_TIME]) formatZonedDateTime(new Date(0), zone, language)
}

/** The zone's name at that instant: 'CST', 'CDT', 'EST', 'EDT' (English). */
export function zoneAbbreviation(instant: Date, zone: string): string {
  const part = format('en-us', zone, { timeZoneName: 'short' })
    .formatToParts(instant)
    .find((item) => item.type === 'timeZoneName')
  return part?.value ?? zone
}

/** A calendar date (YYYY-MM-DD, no zone enters) written out: 'November 24, 2026'. */
export function formatCalendarDate(isoDate: string, language: Language = 'en-us'): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  return formatZonedDay(new Date(Date.UTC(year, month - 1, day, 12)), 'UTC', language)
}

// ---------------------------------------------------------------------------------------------
// Wall time in a zone, and back (decision 038)

/** A clock reading in a zone: what a person in the property's town sees on the wall. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number }

const MINUTE_MS = 60_000

/** The wall time of an instant in the zone (seconds dropped), whatever the zone of the machine. */
export function wallTimeInZone(instant: Date, zone: string): WallTime {
  const parts = format('en-us', zone, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0)
  // Some engines write midnight as 24 under h23's older spelling h24; it is hour 0.
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') }
}

const wallMs = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)

/** How far the zone's clocks are ahead of UTC at that instant, in milliseconds (Central standard time: -6 h). */
function offsetMs(instantMs: number, zone: string): number {
  const minute = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS
  return wallMs(wallTimeInZone(new Date(minute), zone)) - minute
}

const sameWall = (a: WallTime, b: WallTime) => a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute

/**
 * The instant at which the zone's clocks read `wall`. Around the changes of daylight saving time:
 * a reading that happens twice (1:30 AM on the autumn night) is its first occurrence, still on
 * daylight time; a reading that never happens (2:30 AM on the spring night) is moved forward by the
 * hour skipped (3:30 AM daylight time), as the clocks of the town would read it. Null for a reading
 * that is no date (February 30).
 */
export function instantOfWallTime(wall: WallTime, zone: string): Date | null {
  const asUtc = wallMs(wall)
  if (Number.isNaN(asUtc)) return null
  const check = new Date(asUtc)
  if (check.getUTCFullYear() !== wall.year || check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day || check.getUTCHours() !== wall.hour || check.getUTCMinutes() !== wall.minute) return null
  // The zone's offsets a day either side: a change of offset near the reading lies between them.
  const before = offsetMs(asUtc - 86_400_000, zone)
  const after = offsetMs(asUtc + 86_400_000, zone)
  const candidates = [asUtc - before, asUtc - after].sort((a, b) => a - b)
  const matching = candidates.find((candidate) => sameWall(wallTimeInZone(new Date(candidate), zone), wall))
  // No instant reads so: the clocks jumped over it; the offset before the jump carries it past.
  return new Date(matching ?? asUtc - before)
}

/** 'YYYY-MM-DD' and 'HH:mm' (24-hour) of an instant in the zone. */
export function wallTimeText(instant: Date, zone: string): { date: string; time: string } {
  const wall = wallTimeInZone(instant, zone)
  const two = (n: number) => String(n).padStart(2, '0')
  return { date: `${wall.year}-${two(wall.month)}-${two(wall.day)}`, time: `${two(wall.hour)}:${two(wall.minute)}` }
}

/** 'YYYY-MM-DD' and 'HH:mm' (24-hour) read in the zone, as an instant; null when either is not a reading. */
export function instantOfWallText(date: string, time: string, zone: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim())
  const clock = /^(\d{2}):(\d{2})$/.exec(time.trim())
  if (!day || !clock) return null
  const [hour, minute] = [Number(clock[1]), Number(clock[2])]
  if (hour > 23 || minute > 59) return null
  return instantOfWallTime({ year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour, minute }, zone)
}

/** Which zone a label names: the two of Tennessee, UTC, or another (named by its IANA id). */
export type ZoneKind = 'central' | 'eastern' | 'utc' | 'other'

export function zoneKind(zone: string): ZoneKind {
  if (zone === CENTRAL_TIME) return 'central'
  if (zone === EASTERN_TIME) return 'eastern'
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'utc'
  return 'other'
}
