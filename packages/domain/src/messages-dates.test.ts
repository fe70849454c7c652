import { describe, expect, it } from 'vitest'
import { CALENDAR_DATE_PARAMS, isMessageKey, messageText, paramsInLanguage } from './messages'

describe('a calendar date in a message', () => {
  it('is named by a message of the catalogue', () => {
    for (const key of Object.keys(CALENDAR_DATE_PARAMS)) expect(isMessageKey(key), key).toBe(true)
  })

  it("is sent as YYYY-MM-DD and written out in each reader's language", () => {
    expect(messageText('offer.closingDateBeforeBinding', { date: '2030-01-05' })).toBe('The closing date cannot be before the Binding Agreement Date (January 5, 2030)')
    expect(paramsInLanguage('offer.closingDateBeforeBinding', { date: '2030-01-05' }, 'es-es')).toEqual({ date: '5 de enero de 2030' })
    // A value already written out, or a parameter that is not a date, is left as it is.
    expect(paramsInLanguage('offer.closingDateBeforeBinding', { date: 'January 5, 2030' }, 'es-es')).toEqual({ date: 'January 5, 2030' })
    expect(paramsInLanguage('offer.closingPriceUnconfirmed', { percent: 33.3 }, 'es-es')).toEqual({ percent: 33.3 })
  })
})
