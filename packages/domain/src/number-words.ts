/**
 * Whole dollars in words, for the second look at money typed by hand (money-bounds.ts): 44500 is
 * 'forty-four thousand five hundred dollars' and 'cuarenta y cuatro mil quinientos dólares'. Cents
 * are dropped (the amounts checked are whole dollars). Up to 999,999,999,999; free of zod.
 */

const EN_ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const EN_SCALES: readonly [number, string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
]

function englishBelowThousand(value: number): string {
  const hundreds = Math.floor(value / 100)
  const rest = value % 100
  const parts: string[] = []
  if (hundreds > 0) parts.push(`${EN_ONES[hundreds]} hundred`)
  if (rest > 0) parts.push(rest < 20 ? (EN_ONES[rest] as string) : `${EN_TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${EN_ONES[rest % 10]}` : ''}`)
  return parts.join(' ')
}

function englishNumber(value: number): string {
  if (value === 0) return 'zero'
  const parts: string[] = []
  let rest = value
  for (const [size, name] of EN_SCALES) {
    const count = Math.floor(rest / size)
    if (count > 0) parts.push(`${englishBelowThousand(count)} ${name}`)
    rest %= size
  }
  if (rest > 0) parts.push(englishBelowThousand(rest))
  return parts.join(' ')
}

const ES_UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve']
const ES_TWENTIES = ['veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
const ES_TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa']
const ES_HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos']

/** 1 to 99; `apocope` writes 'un' for one ('veintiún mil', 'un millón'). */
function spanishBelowHundred(value: number, apocope: boolean): string {
  let word: string
  if (value < 20) word = ES_UNITS[value] as string
  else if (value < 30) word = ES_TWENTIES[value - 20] as string
  else word = `${ES_TENS[Math.floor(value / 10)]}${value % 10 ? ` y ${ES_UNITS[value % 10]}` : ''}`
  if (!apocope) return word
  if (word === 'uno') return 'un'
  if (word === 'veintiuno') return 'veintiún'
  return word.endsWith(' uno') ? `${word.slice(0, -3)}un` : word
}

function spanishBelowThousand(value: number, apocope: boolean): string {
  if (value === 100) return 'cien'
  const hundreds = Math.floor(value / 100)
  const rest = value % 100
  return [hundreds > 0 ? ES_HUNDREDS[hundreds] : '', rest > 0 ? spanishBelowHundred(rest, apocope) : ''].filter(Boolean).join(' ')
}

function spanishNumber(value: number, apocope = false): string {
  if (value === 0) return 'cero'
  const millions = Math.floor(value / 1_000_000)
  const thousands = Math.floor((value % 1_000_000) / 1_000)
  const rest = value % 1_000
  const parts: string[] = []
  if (millions > 0) parts.push(millions === 1 ? 'un millón' : `${spanishNumber(millions, true)} millones`)
  if (thousands > 0) parts.push(thousands === 1 ? 'mil' : `${spanishBelowThousand(thousands, true)} mil`)
  if (rest > 0) parts.push(spanishBelowThousand(rest, apocope))
  return parts.join(' ')
}

/** The whole dollars of `amount` in words in `language` ('es...' Spanish, else English), with the currency. */
export function dollarsInWords(amount: number, language: string): string {
  const value = Math.floor(Math.abs(amount))
  if (language.toLowerCase().startsWith('es')) {
    const words = spanishNumber(value, true)
    // 'un millón de dólares', 'dos millones de dólares': 'de' after a round million.
    const roundMillion = value >= 1_000_000 && value % 1_000_000 === 0
    return `${words}${roundMillion ? ' de' : ''} ${value === 1 ? 'dólar' : 'dólares'}`
  }
  return `${englishNumber(value)} ${value === 1 ? 'dollar' : 'dollars'}`
}
