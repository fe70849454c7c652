import { describe, expect, it } from 'vitest'
import { dateTimeFormat, numberFormat, pluralRules } from './intl-formats'

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
})
