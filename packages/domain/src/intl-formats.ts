/**
 * Intl's number and date formatters and plural rules, made once per language and options and kept:
 * constructing one costs far more than using it (tens of microseconds against one), and a page of 50
 * ranked offers formats thousands of amounts, points and dates in a render. Every formatter of the code base
 * comes from here (eslint: no `new Intl.NumberFormat`, `DateTimeFormat` or `PluralRules` elsewhere).
 */
import { type Currency, isCurrency } from './currencies'

type Locales = string | string[] | undefined

const numberFormats = new Map<string, NumberFormat>()
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

/** What every caller asks of a number format: the text of a number. */
export type NumberFormat = { format(value: number): string }

/**
 * `new Intl.NumberFormat(locales, options)`, the same formatter for the same arguments. The numbers and
 * amounts the product writes most (plain numbers and money in en-us and es-es, writtenNumbers below) are
 * written without Intl: the first Intl number format of a page loads the engine's locale data, about
 * 50 ms on a desktop core and four times that on a phone, in one piece inside the page's first render.
 */
export function numberFormat(locales: Locales, options?: Intl.NumberFormatOptions): NumberFormat {
  return kept(numberFormats, keyOf(locales, options), () => writtenNumbers(locales, options) ?? new Intl.NumberFormat(locales, options))
}

/** How a language writes a number and an amount in each currency the product offers. */
type Writing = { group: string; decimal: string; minimumGrouping: number; money: (number: string, symbol: string) => string; percent: (number: string) => string; symbols: Record<Currency, string> }

/** How each language the product speaks writes a number, as Intl (CLDR) does. */
const WRITING = {
  'en-us': { group: ',', decimal: '.', minimumGrouping: 1, money: (number: string, symbol: string) => `${symbol}${number}`, percent: (number: string) => `${number}%`, symbols: { USD: '$', EUR: '€', MXN: 'MX$' } },
  // Spanish groups thousands from five digits on (1850, 12.500) and writes the currency and the percent sign after a no-break space.
  'es-es': { group: '.', decimal: ',', minimumGrouping: 2, money: (number: string, symbol: string) => `${number}\u00a0${symbol}`, percent: (number: string) => `${number}\u00a0%`, symbols: { USD: 'US$', EUR: '€', MXN: 'MXN' } },
} satisfies Record<string, Writing>
type Written = keyof typeof WRITING
const OPTIONS_WRITTEN = new Set(['style', 'currency', 'minimumFractionDigits', 'maximumFractionDigits'])

/**
 * A formatter that writes what `new Intl.NumberFormat(locales, options).format` writes, for en-us and
 * es-es, plain numbers, percents and money in USD, EUR or MXN, with at most the fraction digits asked; null for
 * any other language or option (Intl's then). A number Intl writes differently (not finite, from 1e21,
 * below 1e-6) goes to an Intl formatter made the first time one comes. Checked against Intl on every
 * kind of number in intl-formats.test.ts.
 */
function writtenNumbers(locales: Locales, options: Intl.NumberFormatOptions = {}): NumberFormat | null {
  const language = typeof locales === 'string' ? locales.toLowerCase() : null
  if (language !== 'en-us' && language !== 'es-es') return null
  if (Object.keys(options).some((key) => !OPTIONS_WRITTEN.has(key))) return null
  const writing = WRITING[language as Written]
  const { style = 'decimal', currency } = options
  const money = style === 'currency'
  const percent = style === 'percent'
  if (!money && ((style !== 'decimal' && !percent) || currency !== undefined)) return null
  if (money && !isCurrency(currency)) return null
  // Intl's defaults (ECMA-402, SetNumberFormatDigitOptions): 0 to 3 digits for a number, 2 for these currencies, none for a percent.
  const [minimumDefault, maximumDefault] = money ? [2, 2] : percent ? [0, 0] : [0, 3]
  let { minimumFractionDigits: minimum, maximumFractionDigits: maximum } = options
  if (minimum === undefined && maximum === undefined) [minimum, maximum] = [minimumDefault, maximumDefault]
  else if (minimum === undefined) minimum = Math.min(minimumDefault, maximum as number)
  else if (maximum === undefined) maximum = Math.max(maximumDefault, minimum)
  if (![minimum, maximum].every((digits) => Number.isInteger(digits) && (digits as number) >= 0 && (digits as number) <= 20) || (minimum as number) > (maximum as number)) return null
  const [least, most] = [minimum as number, maximum as number]
  let intl: Intl.NumberFormat | undefined
  return {
    format(value: number): string {
      const shortest = String(Math.abs(value))
      if (!Number.isFinite(value) || /e/.test(shortest)) {
        intl ??= new Intl.NumberFormat(locales, options)
        return intl.format(value)
      }
      const number = writeDigits(percent ? hundredTimes(shortest) : shortest, least, most, writing)
      // Intl writes the sign of a negative number that rounds to zero, and of -0: '-0', '-$0'.
      const minus = value < 0 || Object.is(value, -0) ? '-' : ''
      if (money) return `${minus}${writing.money(number, writing.symbols[currency as Currency])}`
      return percent ? `${minus}${writing.percent(number)}` : `${minus}${number}`
    },
  }
}

/** A number's decimal digits a hundred times over, as Intl scales a percent: the point moved, not a product of doubles. */
function hundredTimes(shortest: string): string {
  const [whole, fraction = ''] = shortest.split('.')
  const moved = `${whole}${fraction.padEnd(2, '0').slice(0, 2)}`.replace(/^0+(?=\d)/, '')
  const rest = fraction.slice(2)
  return rest ? `${moved}.${rest}` : moved
}

/**
 * `shortest` (a number's shortest decimal digits, as String writes them and Intl rounds them) rounded
 * half away from zero to `most` fraction digits, with at least `least`, grouped and pointed as `writing` says.
 */
function writeDigits(shortest: string, least: number, most: number, writing: Writing): string {
  const [whole, fraction = ''] = shortest.split('.')
  let digits = whole + fraction.slice(0, most)
  if (fraction.length > most && fraction.charCodeAt(most) >= 53 /* '5' */) {
    const up = digits.split('')
    let at = up.length - 1
    while (at >= 0 && up[at] === '9') up[at--] = '0'
    if (at >= 0) up[at] = String(Number(up[at]) + 1)
    else up.unshift('1')
    digits = up.join('')
  }
  const fractionLength = Math.min(fraction.length, most)
  const integer = digits.slice(0, digits.length - fractionLength)
  let decimals = digits.slice(digits.length - fractionLength)
  while (decimals.length > least && decimals.endsWith('0')) decimals = decimals.slice(0, -1)
  decimals = decimals.padEnd(least, '0')
  const grouped = integer.length >= 3 + writing.minimumGrouping ? integer.replace(/\B(?=(\d{3})+$)/g, writing.group) : integer
  return decimals ? `${grouped}${writing.decimal}${decimals}` : grouped
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
 * while it waits for its code and texts, when the main thread has nothing to do. In en-us and es-es a
 * percent is written without Intl like the amounts, so the number task loads nothing there: the offer
 * form's first seconds no longer pay for number data none of its numbers needs (a 150 ms task under
 * Lighthouse's 4x CPU). A page that shows a sign or a unit pays it with its first such number.
 */
export function warmFormatters(language: string, later: (task: () => void) => void = (task) => setTimeout(task, 0)): void {
  // A percent: in a language writtenNumbers does not write, what loads the number data.
  later(() => numberFormat(language, { style: 'percent' }).format(1))
  later(() => dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(0))
}
