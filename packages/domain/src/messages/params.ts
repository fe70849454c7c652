// Apart from the catalogue (messages.ts), which this file must not import: the browser's frame
// translates a message without loading every message (decision 074). Its keys are checked by messages-dates.test.ts.
import { isLanguage } from '../languages'
import { formatCalendarDate } from '../property-time'

/**
 * The parameters that are calendar dates: the API sends them as YYYY-MM-DD, and each reader's
 * language writes them out (the API's English `message`, the browser's translation), so a Spanish
 * reader never reads an English date.
 */
export const CALENDAR_DATE_PARAMS: Readonly<Partial<Record<string, readonly string[]>>> = {
  'offer.closingDateBeforeBinding': ['date'],
}

/** A message's parameters (MessageParams in messages.ts). */
type Params = Readonly<Record<string, string | number>>

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The message's parameters with its calendar dates written out in `language` (any other value is left as it is). */
export function paramsInLanguage(messageKey: string, params: Params | undefined, language: string): Params {
  const dates = CALENDAR_DATE_PARAMS[messageKey]
  if (!params || !dates) return params ?? {}
  const written: Record<string, string | number> = { ...params }
  for (const name of dates) {
    const value = params[name]
    if (typeof value === 'string' && CALENDAR_DATE.test(value)) written[name] = formatCalendarDate(value, isLanguage(language) ? language : 'en-us')
  }
  return written
}
