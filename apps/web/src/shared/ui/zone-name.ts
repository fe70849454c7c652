import { zoneAbbreviation, zoneKind } from '@offerbook/domain/property-time'
import type { Translate } from '../i18n/translation'

/**
 * A time zone as a reader names it, at an instant (the abbreviation follows daylight saving time):
 * 'Central time (CST)', 'Eastern time (EDT)', 'UTC'; another zone by its IANA name and abbreviation.
 */
export function zoneName(t: Translate, zone: string, at: Date = new Date()): string {
  return t(`inputs.zone.${zoneKind(zone)}`, { abbr: zoneAbbreviation(at, zone), zone })
}
