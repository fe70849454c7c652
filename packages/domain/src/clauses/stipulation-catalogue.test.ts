import { describe, expect, it } from 'vitest'
import { templateParts, templatePlaceholders } from './clause-types'
import { RF707_CLAUSES } from './rf707-catalogue'
import { STIPULATION_CLAUSE_COUNT, STIPULATION_CLAUSES } from './stipulation-catalogue'

const byKey = (key: string) => {
  const clause = STIPULATION_CLAUSES.find((candidate) => candidate.key === key)
  if (!clause) throw new Error(`no clause ${key}`)
  return clause
}
const kindsOf = (key: string) => Object.fromEntries(byKey(key).fields.map((field) => [field.name, field.kind]))

describe('the stipulation catalogue', () => {
  it('declares, for every clause with a percent or dollars field in either catalogue, how it moves the seller\'s money', () => {
    for (const clause of [...STIPULATION_CLAUSES, ...RF707_CLAUSES]) {
      const moneyFields = clause.fields.filter((field) => field.kind === 'percent' || field.kind === 'dollars')
      if (moneyFields.length === 0) continue
      expect(clause.money, `clause ${clause.key}`).toBeDefined()
      // The positions it names are fields of the right kind.
      const money = clause.money
      if (!money || money.kind === 'none') continue
      const named = Object.entries(money).filter(([name]) => name !== 'kind')
      for (const [name, position] of named) {
        const field = clause.fields[(position as number) - 1]
        expect(field?.kind, `clause ${clause.key} ${name}`).toBe(name === 'percent' ? 'percent' : 'dollars')
      }
    }
    expect(byKey('A').money).toEqual({ kind: 'closingCostShare', percent: 1, cap: 2 })
    expect(byKey('B').money).toEqual({ kind: 'priceReduction', dollars: 1 })
    expect(byKey('N1').money).toEqual({ kind: 'brokerCompensation', percent: 1, dollars: 2 })
  })

  it('has 40 clauses keyed A to Z, then A1 to N1, in that order', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')
    expect(STIPULATION_CLAUSES).toHaveLength(40)
    expect(STIPULATION_CLAUSE_COUNT).toBe(40)
    expect(STIPULATION_CLAUSES.map((clause) => clause.key)).toEqual([...letters, ...letters.slice(0, 14).map((letter) => `${letter}1`)])
    expect(STIPULATION_CLAUSES.at(-1)?.key).toBe('N1')
  })

  it('names each checkbox key + Checkbox, from ACheckbox to N1Checkbox', () => {
    for (const clause of STIPULATION_CLAUSES) expect(clause.checkbox).toBe(`${clause.key}Checkbox`)
    expect(STIPULATION_CLAUSES[0]?.checkbox).toBe('ACheckbox')
    expect(STIPULATION_CLAUSES.at(-1)?.checkbox).toBe('N1Checkbox')
  })

  it('names each field key + text + its index from 1', () => {
    for (const clause of STIPULATION_CLAUSES) {
      expect(clause.fields.map((field) => field.name)).toEqual(clause.fields.map((_, index) => `${clause.key}text${index + 1}`))
    }
  })

  it('has every field the spec names, of the kind the spec gives', () => {
    expect(kindsOf('A')).toEqual({ Atext1: 'percent', Atext2: 'dollars' })
    expect(Object.keys(kindsOf('C'))).toContain('Ctext3')
    expect(Object.keys(kindsOf('F'))).toContain('Ftext3')
    expect(kindsOf('R')).toEqual({ Rtext1: 'days' })
    expect(Object.keys(kindsOf('S'))).toEqual(['Stext1', 'Stext2', 'Stext3'])
    expect(kindsOf('T')).toEqual({ Ttext1: 'days', Ttext2: 'days' })
    expect(kindsOf('U')).toEqual({ Utext1: 'days', Utext2: 'days' })
    expect(kindsOf('V')).toEqual({ Vtext1: 'days', Vtext2: 'days' })
    expect(kindsOf('X')).toEqual({ Xtext1: 'dollars' })
    expect(kindsOf('Y')).toEqual({ Ytext1: 'dollars', Ytext2: 'date', Ytext3: 'dollars' })
    expect(kindsOf('Z')).toEqual({ Ztext1: 'time' })
    expect(kindsOf('C1')).toEqual({ C1text1: 'text', C1text2: 'text' })
    expect(kindsOf('D1')).toEqual({ D1text1: 'days', D1text2: 'days' })
    expect(kindsOf('I1')).toEqual({ I1text1: 'percent', I1text2: 'dollars' })
    expect(Object.keys(kindsOf('N1'))).toEqual(['N1text1', 'N1text2'])
  })

  it('gives each clause its topic from the spec', () => {
    const titles = Object.fromEntries(STIPULATION_CLAUSES.map((clause) => [clause.key, clause.title]))
    expect(titles).toMatchObject({
      A: "Seller pays Buyer's expenses",
      I: 'Radon',
      L: 'Court permission and final judgment',
      M: 'Pool information',
      Q: 'Zoning or rezoning',
      R: 'Pools',
      S: 'Condominium legal description',
      W: 'Inspection of a rented property',
      B1: 'Inspection costs',
      I1: 'Office exclusive listing (cooperative compensation)',
      N1: 'Selling Broker compensation',
    })
    for (const clause of STIPULATION_CLAUSES) expect(clause.title.trim(), clause.key).not.toBe('')
  })

  it('has checkbox-only clauses with no fields, and all others with fields', () => {
    const checkboxOnly = STIPULATION_CLAUSES.filter((clause) => clause.noText).map((clause) => clause.key)
    expect(checkboxOnly).toEqual(['M', 'W', 'A1', 'B1', 'E1', 'F1', 'G1', 'H1', 'J1', 'K1', 'L1', 'M1'])
    for (const clause of STIPULATION_CLAUSES) expect(clause.noText, clause.key).toBe(clause.fields.length === 0)
  })

  it('writes every field into its text exactly once and nothing else as a blank', () => {
    for (const clause of STIPULATION_CLAUSES) {
      expect(templatePlaceholders(clause), clause.key).toEqual(clause.fields.map((field) => field.name))
      expect(clause.template, clause.key).not.toMatch(/\{\d+\}/)
      expect(templateParts(clause).filter((part) => part.type === 'field')).toHaveLength(clause.fields.length)
    }
  })

  it('keeps each text to one paragraph, so concatenation gives one line per clause', () => {
    for (const clause of STIPULATION_CLAUSES) expect(clause.template, clause.key).not.toMatch(/[\n\r\t]/)
  })

  it('has no name twice', () => {
    const names = STIPULATION_CLAUSES.flatMap((clause) => [clause.checkbox, ...clause.fields.map((field) => field.name)])
    expect(new Set(names).size).toBe(names.length)
  })

  it('carries the contract periods of spec section 9 in its texts', () => {
    expect(byKey('I').template).toContain('4 pCi/L')
    expect(byKey('Q').template).toContain('Within two weeks after the Binding Agreement Date')
    expect(byKey('Q').template).toContain('terminate this Agreement by written notice within 48 hours after the period ends')
    expect(byKey('S').template).toContain('within 5 days after the Binding Agreement Date')
    expect(byKey('S').template).toContain('10 days after receiving it to accept it or object to it')
    expect(byKey('T').template).toContain('not to exceed 10 days')
    expect(byKey('U').template).toContain('If Seller fails to provide them in time, Buyer may terminate by written notice within 2 days')
    expect(byKey('W').template).toContain('at least 5 days notice before the end of the Inspection Period')
    expect(byKey('Y').template).toContain('Seller may terminate this Agreement by written notice to Buyer within 7 days')
  })

  it('puts units beside the blanks, so a value is typed as a plain number', () => {
    expect(byKey('A').template).toContain('{Atext1}% of the Purchase Price')
    expect(byKey('A').template).toContain('${Atext2}')
    expect(byKey('R').template).toContain('{Rtext1} days')
  })
})
