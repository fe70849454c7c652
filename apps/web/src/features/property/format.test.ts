import { describe, expect, it } from 'vitest'
import { copyOfAllLanguages } from '../../locales/all-languages'
import { i18n, initI18n } from '../../shared/i18n/i18n'
import { roomsAndArea } from './format'

describe('roomsAndArea', () => {
  it('gives a home its rooms and area, and says what land or a commercial building is instead of "0 beds"', () => {
    initI18n('en-us', copyOfAllLanguages())
    const t = i18n.t.bind(i18n)
    expect(roomsAndArea({ PropertyType: 'Residential', BedroomsTotal: 3, BathroomsTotalInteger: 2, LivingArea: 1850 }, 'en-US', t)).toBe('3 beds · 2 baths · 1,850 sq ft')
    expect(roomsAndArea({ PropertyType: 'Land', BedroomsTotal: 0, BathroomsTotalInteger: 0, LivingArea: null }, 'en-US', t)).toBe('Land')
    expect(roomsAndArea({ PropertyType: 'CommercialSale', BedroomsTotal: 0, BathroomsTotalInteger: 3, LivingArea: 4500 }, 'en-US', t)).toBe('Commercial sale · 3 baths · 4,500 sq ft')
    expect(roomsAndArea({ BedroomsTotal: 0, BathroomsTotalInteger: 1, LivingArea: null }, 'en-US', t)).toBe('0 beds · 1 bath')
  })
})
