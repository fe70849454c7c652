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
