/**
 * A property's time zone, and its dates written in it (decision 030). Tennessee is split: East
 * Tennessee keeps Eastern time, Middle and West Tennessee Central time. Every date an offer shows,
 * on screen and in its documents, is written in its property's zone, with the zone named.
 */

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
const formats = new Map<string, Intl.DateTimeFormat>()
function format(language: Language, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${zone}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(locale(language), { ...options, timeZone: zone })
    formats.set(key, found)
  }
  return found
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
