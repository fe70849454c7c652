import { afterEach, describe, expect, it } from 'vitest'
import { formatMoney, formatWholeMoney, moneyCurrency, setMoneyCurrency } from './money'
import { clearSession, saveSession } from './session'

afterEach(() => setMoneyCurrency('USD'))

describe('the money format (spec section 3, Preferences: currency)', () => {
  it('writes US dollars by default, whole or with cents', () => {
    expect(formatMoney(450_000, 'en-us')).toBe('$450,000')
    expect(formatMoney(1234.5, 'en-us')).toBe('$1,234.50')
  })

  it("writes every amount in the user's currency, in the reader's language", () => {
    setMoneyCurrency('EUR')
    expect(formatMoney(450_000, 'en-us')).toBe('€450,000')
    expect(formatMoney(450_000, 'es-es').replace(/\s/g, ' ')).toBe('450.000 €')
    expect(formatWholeMoney(1234.5, 'en-us')).toBe('€1,235')
    setMoneyCurrency('MXN')
    expect(formatMoney(450_000, 'en-us')).toBe('MX$450,000')
  })

  it('goes back to US dollars when the user signs out', () => {
    saveSession({ accessToken: 'tok', persist: false })
    setMoneyCurrency('EUR')
    clearSession()
    expect(moneyCurrency()).toBe('USD')
  })
})
