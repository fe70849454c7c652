/**
 * Intl's number and date formatters and plural rules, made once per language and options and kept:
 * constructing one costs far more than using it (tens of microseconds against one), and a page of 50
 * ranked offers formats thousands of amounts, points and dates in a render. Every formatter of the code base
 * comes from here (eslint: no `new Intl.NumberFormat`, `DateTimeFormat` or `PluralRules` elsewhere).
 */
type Locales = string | string[] | undefined

const numberFormats = new Map<string, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()
const pluralRulesKept = new Map<string, Intl.PluralRules>()

const keyOf = (locales: Locales, options: object | undefined) => `${Array.isArray(locales) ? locales.join(',') : (locales ?? '')}|${options ? JSON.stringify(options) : ''}`

/** The formatter kept under `key`, made by `make` the first time. */
function kept<T>(store: Map<string, T>, key: string, make: () => T): T {
  let found = store.get(key)
  if (found === undefined) {
    found = make()
    store.set(key, found)
  }
  return found
}

/** `new Intl.NumberFormat(locales, options)`, the same object for the same arguments. */
export function numberFormat(locales: Locales, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, keyOf(locales, options), () => new Intl.NumberFormat(locales, options))
}

/** `new Intl.DateTimeFormat(locales, options)`, the same object for the same arguments. */
export function dateTimeFormat(locales: Locales, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateTimeFormats, keyOf(locales, options), () => new Intl.DateTimeFormat(locales, options))
}

/** `new Intl.PluralRules(locales)`: which plural form a count takes (the texts' `_one` / `_other`). */
export function pluralRules(locales: Locales): Intl.PluralRules {
  return kept(pluralRulesKept, keyOf(locales, undefined), () => new Intl.PluralRules(locales))
}

/**
 * Makes a first number and date formatter in `language`, each in a task of its own. The first of each
 * kind loads the engine's locale data (about 35 and 15 ms on a desktop core, four times that on a phone), which
 * would otherwise fall in the first render of a page of amounts and dates; a signed-in page calls this
 * while it waits for its code and texts, when the main thread has nothing to do.
 */
export function warmFormatters(language: string, later: (task: () => void) => void = (task) => setTimeout(task, 0)): void {
  later(() => numberFormat(language, { style: 'currency', currency: 'USD' }).format(1))
  later(() => dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0))
}
