/** An instant in the reader's language and time zone, with the time. */
export function formatInstant(iso: string, language: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return iso
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(instant)
}

/** The day of an instant in the reader's language and time zone. */
export function formatDay(iso: string, language: string): string {
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return iso
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(instant)
}
