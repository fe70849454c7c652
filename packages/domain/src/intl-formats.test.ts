import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat, pluralRules, warmFormatters } from './intl-formats'

describe('the kept Intl formatters', () => {
  it('formats as Intl does for the same language and options', () => {
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(450_000)).toBe('$450,000')
    expect(numberFormat('es-ES', { maximumFractionDigits: 1 }).format(1234.56)).toBe(new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(1234.56))
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 24)))).toBe('November 24, 2026')
    expect(pluralRules('en-US').select(1)).toBe('one')
    expect(pluralRules('en-US').select(2)).toBe('other')
  })

  it('makes one formatter per language and options, and keeps it', () => {
    const options = { style: 'percent', maximumFractionDigits: 1 } as const
    expect(numberFormat('en-US', options)).toBe(numberFormat('en-US', { ...options }))
    expect(numberFormat('en-US', options)).not.toBe(numberFormat('es-ES', options))
    expect(numberFormat('en-US', options)).not.toBe(numberFormat('en-US', { ...options, maximumFractionDigits: 2 }))
    expect(dateTimeFormat('en-US', { dateStyle: 'medium' })).toBe(dateTimeFormat('en-US', { dateStyle: 'medium' }))
    expect(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' })).not.toBe(dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' }))
    expect(pluralRules('es-ES')).toBe(pluralRules('es-ES'))
    expect(numberFormat(undefined)).toBe(numberFormat(undefined))
  })

  describe('numbers and money written without Intl (en-us and es-es)', () => {
    const LANGUAGES = ['en-us', 'es-es', 'en-US', 'es-ES'] as const
    const OPTIONS: Intl.NumberFormatOptions[] = [
      {},
      { maximumFractionDigits: 0 },
      { maximumFractionDigits: 2 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { minimumFractionDigits: 1 },
      { minimumFractionDigits: 4 },
      { maximumFractionDigits: 7 },
      { style: 'percent' },
      { style: 'percent', maximumFractionDigits: 1 },
      { style: 'percent', maximumFractionDigits: 2 },
      ...(['USD', 'EUR', 'MXN'] as const).flatMap((currency): Intl.NumberFormatOptions[] => [
        { style: 'currency', currency },
        { style: 'currency', currency, maximumFractionDigits: 0 },
        { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 },
        { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 },
      ]),
    ]
    // Every kind of number: whole, cents, halves that round, nines that carry, tiny, huge, negative, -0, not finite.
    const numbers = fc.oneof(
      fc.double(),
      fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
      fc.integer({ min: -100_000_000, max: 100_000_000 }).map((cents) => cents / 100),
      fc.integer({ min: 0, max: 1_000_000 }).map((n) => n + 0.005),
      fc.integer({ min: 0, max: 1_000 }).map((n) => n * 10 + 9.995),
      fc.constantFrom(0, -0, 0.5, 1.005, 999.995, 99_999.5, 1e-6, 1e-7, 1e20, 1e21, -0.001, Number.MAX_VALUE, Number.MIN_VALUE, Number.NaN, Infinity, -Infinity),
    )

    it('writes what Intl writes, for every number, language and option the product uses', () => {
      for (const language of LANGUAGES)
        for (const options of OPTIONS) {
          const ours = numberFormat(language, options)
          const intl = new Intl.NumberFormat(language, options)
          expect(ours, `${language} ${JSON.stringify(options)}`).not.toBeInstanceOf(Intl.NumberFormat)
          fc.assert(fc.property(numbers, (value) => ours.format(value) === intl.format(value)), { numRuns: 400 })
        }
    })

    it('writes Spanish amounts with grouping from five digits and the currency after a no-break space', () => {
      expect(numberFormat('es-es', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(1850)).toBe('1850\u00a0US$')
      expect(numberFormat('es-es', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(450_000)).toBe('450.000\u00a0US$')
      expect(numberFormat('en-us', { style: 'currency', currency: 'MXN' }).format(-1234.5)).toBe('-MX$1,234.50')
      expect(numberFormat('en-us', { maximumFractionDigits: 2 }).format(999.995)).toBe('1,000')
      expect(numberFormat('es-es', { style: 'percent', maximumFractionDigits: 1 }).format(0.125)).toBe('12,5\u00a0%')
      expect(numberFormat('en-us', { style: 'percent', maximumFractionDigits: 2 }).format(0.145)).toBe('14.5%')
    })

    it('leaves to Intl any other language, style or option', () => {
      expect(numberFormat('es-MX', { style: 'currency', currency: 'USD' })).toBeInstanceOf(Intl.NumberFormat)
      expect(numberFormat('en-us', { style: 'percent', signDisplay: 'always' })).toBeInstanceOf(Intl.NumberFormat)
      expect(numberFormat('en-us', { style: 'currency', currency: 'GBP' })).toBeInstanceOf(Intl.NumberFormat)
      expect(numberFormat('en-us', { maximumFractionDigits: 2, signDisplay: 'exceptZero' })).toBeInstanceOf(Intl.NumberFormat)
      expect(() => numberFormat('en-us', { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toThrow(RangeError)
    })
  })

  it('warms a number and a date formatter in two later tasks, the ones a page then gets', () => {
    const { NumberFormat, DateTimeFormat } = Intl
    const made = { numbers: 0, dates: 0 }
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args)
        made.numbers += 1
      }
    } as typeof Intl.NumberFormat
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args)
        made.dates += 1
      }
    } as typeof Intl.DateTimeFormat
    try {
      const tasks: Array<() => void> = []
      warmFormatters('es-MX', (task) => tasks.push(task))
      expect(tasks).toHaveLength(2)
      expect(made).toEqual({ numbers: 0, dates: 0 })
      for (const task of tasks) task()
      expect(made).toEqual({ numbers: 1, dates: 1 })
      expect(numberFormat('es-MX', { style: 'currency', currency: 'USD' }).format(450_000)).toBe(new NumberFormat('es-MX', { style: 'currency', currency: 'USD' }).format(450_000))
      dateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short' }).format(0)
      expect(made).toEqual({ numbers: 1, dates: 1 })
    } finally {
      Intl.NumberFormat = NumberFormat
      Intl.DateTimeFormat = DateTimeFormat
    }
  })
})
