import { describe, expect, it } from 'vitest'
import { listPriceWarnings, MONEY_BOUNDS, offerMoneyWarnings, unconfirmedWarnings } from './money-bounds'
import { dollarsInWords } from './number-words'

describe('the money bounds', () => {
  it('are one table: 70 % to 150 % of the list price, earnest money 0.1 % to 10 % of the price, list prices $10,000 to $20,000,000', () => {
    expect(MONEY_BOUNDS).toEqual({
      purchasePrice: { minShareOfList: 0.7, maxShareOfList: 1.5 },
      earnestMoney: { minShareOfPrice: 0.001, maxShareOfPrice: 0.1 },
      listPrice: { min: 10_000, max: 20_000_000 },
    })
  })

  it('question a price under 70 % or over 150 % of the list price, and nothing in between', () => {
    expect(offerMoneyWarnings({ listPrice: 469_900, purchasePrice: 44_500, earnestMoney: 1_000 })).toEqual([
      { field: 'purchasePrice', side: 'under', amount: 44_500, bound: 328_930, percent: 70 },
    ])
    expect(offerMoneyWarnings({ listPrice: 400_000, purchasePrice: 600_001, earnestMoney: 6_000 })).toEqual([
      { field: 'purchasePrice', side: 'over', amount: 600_001, bound: 600_000, percent: 150 },
    ])
    expect(offerMoneyWarnings({ listPrice: 400_000, purchasePrice: 280_000, earnestMoney: 4_000 })).toEqual([])
    expect(offerMoneyWarnings({ listPrice: 400_000, purchasePrice: 600_000, earnestMoney: 6_000 })).toEqual([])
    expect(offerMoneyWarnings({ listPrice: null, purchasePrice: 44_500, earnestMoney: 500 })).toEqual([])
  })

  it('question earnest money over 10 % or under 0.1 % of the price, but not over the price (that is refused)', () => {
    expect(offerMoneyWarnings({ listPrice: null, purchasePrice: 400_000, earnestMoney: 40_001 })).toEqual([
      { field: 'earnestMoney', side: 'over', amount: 40_001, bound: 40_000, percent: 10 },
    ])
    expect(offerMoneyWarnings({ listPrice: null, purchasePrice: 400_000, earnestMoney: 399 })).toEqual([
      { field: 'earnestMoney', side: 'under', amount: 399, bound: 400, percent: 0.1 },
    ])
    expect(offerMoneyWarnings({ listPrice: null, purchasePrice: 400_000, earnestMoney: 400 })).toEqual([])
    expect(offerMoneyWarnings({ listPrice: null, purchasePrice: 400_000, earnestMoney: 400_001 })).toEqual([])
    expect(offerMoneyWarnings({ listPrice: null, purchasePrice: 400_000, earnestMoney: null })).toEqual([])
  })

  it('question a list price under $10,000 or over $20,000,000', () => {
    expect(listPriceWarnings(4_500)).toEqual([{ field: 'listPrice', side: 'under', amount: 4_500, bound: 10_000, percent: null }])
    expect(listPriceWarnings(45_000_000)).toEqual([{ field: 'listPrice', side: 'over', amount: 45_000_000, bound: 20_000_000, percent: null }])
    expect(listPriceWarnings(10_000)).toEqual([])
    expect(listPriceWarnings(20_000_000)).toEqual([])
    expect(listPriceWarnings(null)).toEqual([])
  })

  it('leave what was confirmed', () => {
    const warnings = offerMoneyWarnings({ listPrice: 469_900, purchasePrice: 44_500, earnestMoney: 10 })
    expect(warnings.map((warning) => warning.field)).toEqual(['purchasePrice', 'earnestMoney'])
    expect(unconfirmedWarnings(warnings, ['purchasePrice']).map((warning) => warning.field)).toEqual(['earnestMoney'])
  })
})

describe('dollarsInWords', () => {
  it.each([
    ['en-US', 44_500, 'forty-four thousand five hundred dollars'],
    ['en-US', 469_900, 'four hundred sixty-nine thousand nine hundred dollars'],
    ['en-US', 1, 'one dollar'],
    ['en-US', 0, 'zero dollars'],
    ['en-US', 45_000_000, 'forty-five million dollars'],
    ['en-US', 1_000_017, 'one million seventeen dollars'],
    ['en-US', 2_345_678_910, 'two billion three hundred forty-five million six hundred seventy-eight thousand nine hundred ten dollars'],
    ['es-ES', 44_500, 'cuarenta y cuatro mil quinientos dólares'],
    ['es-ES', 469_900, 'cuatrocientos sesenta y nueve mil novecientos dólares'],
    ['es-ES', 1, 'un dólar'],
    ['es-ES', 21, 'veintiún dólares'],
    ['es-ES', 100, 'cien dólares'],
    ['es-ES', 101_000, 'ciento un mil dólares'],
    ['es-ES', 1_000, 'mil dólares'],
    ['es-ES', 1_000_000, 'un millón de dólares'],
    ['es-ES', 45_000_000, 'cuarenta y cinco millones de dólares'],
    ['es-ES', 21_500_000, 'veintiún millones quinientos mil dólares'],
    ['es-ES', 4_500, 'cuatro mil quinientos dólares'],
  ])('%s: %i dollars are "%s"', (language, amount, words) => {
    expect(dollarsInWords(amount, language)).toBe(words)
  })
})
