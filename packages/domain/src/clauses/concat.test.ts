import { describe, expect, it } from 'vitest'
import { checkFieldValue, clauseFormDataSchema, emptyClauseForm, findClauseField, validateClauseForm } from './concat'
import { clauseText, concatLabel } from './clause-text'
import { issueMessage, message, messageText } from '../messages'
import { RF707_CLAUSES } from './rf707-catalogue'
import { STIPULATION_CLAUSES } from './stipulation-catalogue'

const clause = (key: string) => {
  const found = STIPULATION_CLAUSES.find((candidate) => candidate.key === key)
  if (!found) throw new Error(`no clause ${key}`)
  return found
}

describe('concatLabel', () => {
  it('is empty when nothing is ticked', () => {
    expect(concatLabel(STIPULATION_CLAUSES, {})).toBe('')
    expect(concatLabel(STIPULATION_CLAUSES, { Atext1: '3', Atext2: '5000' })).toBe('')
  })

  it('keeps the letter and title of each clause, and puts the filled values in place of the blanks, trimmed', () => {
    const label = concatLabel(STIPULATION_CLAUSES, { ACheckbox: true, Atext1: ' 3 ', Atext2: '\t5,000\n' })
    expect(label).toBe(
      "A. Seller pays Buyer's expenses: At Closing, Seller shall pay 3% of the Purchase Price, but not more than $5,000 in all, toward Buyer's closing costs, prepaid items and loan fees as Buyer's lender allows. Any part of that sum the lender does not let Buyer use remains Seller's.",
    )
  })

  it('gives one line per ticked clause in catalogue order, joined by newlines', () => {
    const label = concatLabel(STIPULATION_CLAUSES, {
      N1Checkbox: true,
      N1text1: '2.5',
      N1text2: '0',
      MCheckbox: true,
      RCheckbox: true,
      Rtext1: '7',
      BCheckbox: false,
      Btext1: '1000',
      ZCheckbox: true,
      Ztext1: '03:45 PM',
    })
    const lines = label.split('\n')
    expect(lines).toEqual([
      `M. Pool information: ${clauseText(clause('M'), {})}`,
      `R. Pools: ${clauseText(clause('R'), { Rtext1: '7' })}`,
      `Z. ${clause('Z').title}: ${clauseText(clause('Z'), { Ztext1: '03:45 PM' })}`,
      `N1. ${clause('N1').title}: ${clauseText(clause('N1'), { N1text1: '2.5', N1text2: '0' })}`,
    ])
    expect(lines[1]).toContain('inspected within 7 days after the Binding Agreement Date')
    expect(lines[2]).toContain('undeposited until 03:45 PM on the first business day')
    expect(lines[3]).toBe(`N1. ${clause('N1').title}: At Closing Seller shall pay the Selling Broker's firm compensation of 2.5% of the Purchase Price plus $0.`)
    expect(label).not.toContain('$1000')
  })

  it('prints a checkbox-only clause as its letter, title and text', () => {
    expect(concatLabel(STIPULATION_CLAUSES, { B1Checkbox: true })).toBe(`B1. Inspection costs: ${clause('B1').template}`)
  })

  it('writes amounts as currency: grouped by thousands, cents only when typed', () => {
    expect(concatLabel(STIPULATION_CLAUSES, { BCheckbox: true, Btext1: '5000' })).toContain('the Purchase Price is reduced by $5,000 at Closing')
    expect(concatLabel(STIPULATION_CLAUSES, { BCheckbox: true, Btext1: '1234.5' })).toContain('reduced by $1,234.50 at Closing')
    expect(concatLabel(STIPULATION_CLAUSES, { BCheckbox: true, Btext1: '1,250,000' })).toContain('reduced by $1,250,000 at Closing')
    // A percent or a number of days is printed as typed.
    expect(concatLabel(STIPULATION_CLAUSES, { RCheckbox: true, Rtext1: '1000' })).toContain('1000 days')
  })

  it('keeps a value with line breaks on its clause line', () => {
    const label = concatLabel(STIPULATION_CLAUSES, { CCheckbox: true, Ctext1: 'sewer\nline', Ctext2: 'Metro\r\nWater', Ctext3: 'Seller', DCheckbox: true, Dtext1: '1800', Dtext2: '10' })
    expect(label.split('\n')).toHaveLength(2)
    expect(label).toContain('for sewer line, imposed by Metro Water. It shall be paid in full by Seller at or before Closing')
  })

  it('counts only a checkbox that is exactly true', () => {
    expect(concatLabel(STIPULATION_CLAUSES, { MCheckbox: 'true', WCheckbox: 'on' })).toBe('')
  })

  it('works for the RF707 catalogue, the extra options included', () => {
    expect(concatLabel(RF707_CLAUSES, { LCheckbox: true, Ltext1: '2025-03-01', OCheckbox: true, Otext1: '  Seller leaves the piano.  ' })).toBe(
      `L. ${clause('L').title}: ${clauseText(clause('L'), { Ltext1: '2025-03-01' })}\nO. Additional clause 2: Seller leaves the piano.`,
    )
  })
})

describe('validateClauseForm', () => {
  it('cannot import with nothing ticked', () => {
    expect(validateClauseForm(STIPULATION_CLAUSES, {})).toEqual({ errors: {}, anyTicked: false, canImport: false, message: message('clauses.tickOne') })
  })

  it("says 'Required' beside each empty or white-space field of a ticked clause, and 'Please fill in all required fields'", () => {
    const check = validateClauseForm(STIPULATION_CLAUSES, { ACheckbox: true, Atext1: '  ', YCheckbox: true, Ytext1: '500', Ytext3: '1500' })
    expect(check.errors).toEqual({ Atext1: message('common.required'), Atext2: message('common.required'), Ytext2: message('common.required') })
    expect(check.message).toEqual(message('clauses.fillAll'))
    expect(check.canImport).toBe(false)
  })

  it('ignores the fields of unticked clauses', () => {
    const check = validateClauseForm(STIPULATION_CLAUSES, { MCheckbox: true, ACheckbox: false, Atext1: '500' })
    expect(check).toEqual({ errors: {}, anyTicked: true, canImport: true, message: null })
  })

  it("gives the kind's message for a filled value that is wrong, and asks to correct it", () => {
    const check = validateClauseForm(STIPULATION_CLAUSES, { ACheckbox: true, Atext1: '150', Atext2: '-5', RCheckbox: true, Rtext1: '1.5', YCheckbox: true, Ytext1: '1', Ytext2: '2025-02-30', Ytext3: '2' })
    expect(check.errors).toEqual({ Atext1: message('clauses.percentOver'), Atext2: message('clauses.dollarsNegative'), Rtext1: message('clauses.daysNotWhole'), Ytext2: message('clauses.dateNotReal') })
    expect(check.message).toEqual(message('clauses.fixFields'))
    expect(check.canImport).toBe(false)
  })

  it("prefers 'Please fill in all required fields' when one field is empty and another wrong", () => {
    expect(validateClauseForm(STIPULATION_CLAUSES, { ACheckbox: true, Atext1: '150' }).message).toEqual(message('clauses.fillAll'))
  })

  it('lets a fully and rightly filled form import', () => {
    const check = validateClauseForm(STIPULATION_CLAUSES, { ACheckbox: true, Atext1: '3', Atext2: '5,000.50', ZCheckbox: true, Ztext1: '5:00 PM', B1Checkbox: true })
    expect(check).toEqual({ errors: {}, anyTicked: true, canImport: true, message: null })
  })

  it('holds extra options to their longer limit', () => {
    expect(validateClauseForm(RF707_CLAUSES, { NCheckbox: true, Ntext1: 'a'.repeat(1200) }).canImport).toBe(true)
    expect(validateClauseForm(RF707_CLAUSES, { NCheckbox: true, Ntext1: 'a'.repeat(1201) }).errors).toEqual({ Ntext1: message('common.tooLong', { maximum: 1200 }) })
  })
})

describe('a field checked on blur', () => {
  it('is found by name and checked by its kind', () => {
    const field = findClauseField(STIPULATION_CLAUSES, 'D1text2')
    expect(field?.kind).toBe('days')
    expect(field && checkFieldValue(field, '400')).toEqual(message('clauses.daysOver'))
    expect(findClauseField(STIPULATION_CLAUSES, 'Qtext9')).toBeUndefined()
  })
})

describe('emptyClauseForm', () => {
  it('has every checkbox false and every field empty', () => {
    const empty = emptyClauseForm(STIPULATION_CLAUSES)
    expect(Object.keys(empty)).toHaveLength(40 + STIPULATION_CLAUSES.reduce((sum, candidate) => sum + candidate.fields.length, 0))
    expect(empty.ACheckbox).toBe(false)
    expect(empty.N1text2).toBe('')
    expect(concatLabel(STIPULATION_CLAUSES, empty)).toBe('')
  })
})

describe('clauseFormDataSchema', () => {
  const schema = clauseFormDataSchema(STIPULATION_CLAUSES)

  it('accepts a valid form', () => {
    expect(schema.safeParse({ ACheckbox: true, Atext1: '3', Atext2: '5000', BCheckbox: false }).success).toBe(true)
  })

  it('puts each error on its field', () => {
    const result = schema.safeParse({ ACheckbox: true, Atext1: '', Atext2: '5000.123' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), messageText(issueMessage(issue).key)])).toEqual([
      ['Atext1', 'Required'],
      ['Atext2', 'Use at most 2 decimal places'],
    ])
  })

  it('refuses unknown names, wrong types and a form with nothing ticked', () => {
    const paths = (data: unknown) => schema.safeParse(data).error?.issues.map((issue) => (issue.code === 'unrecognized_keys' ? issue.keys.join('.') : issue.path.join('.')))
    expect(paths({ ACheckbox: true, Atext1: '3', Atext2: '5', Extra: 'x' })).toEqual(['Extra'])
    expect(paths({ MCheckbox: true, ACheckbox: 'yes' })).toEqual(['ACheckbox'])
    expect(paths({ MCheckbox: true, Atext1: 3 })).toEqual(['Atext1'])
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('clauses.tickOne')
  })

  it('has one cap on any value, ticked or not, and the field rules for the ticked clauses', () => {
    const long = schema.safeParse({ MCheckbox: true, Atext1: 'x'.repeat(5001) }).error?.issues ?? []
    expect(long.map((issue) => [issue.path.join('.'), issueMessage(issue)])).toEqual([['Atext1', { key: 'common.tooLong', params: { maximum: 5000 } }]])
    expect(schema.safeParse({ MCheckbox: true, Atext1: 'x'.repeat(5000) }).success).toBe(true)
    const text = schema.safeParse({ CCheckbox: true, Ctext1: 'x'.repeat(201), Ctext2: 'Metro', Ctext3: 'Seller' }).error?.issues ?? []
    expect(text.map((issue) => [issue.path.join('.'), issueMessage(issue)])).toEqual([['Ctext1', { key: 'common.tooLong', params: { maximum: 200 } }]])
  })

  it('checks the RF707 catalogue the same way, with its longer extra options', () => {
    const rf707 = clauseFormDataSchema(RF707_CLAUSES)
    expect(rf707.safeParse({ NCheckbox: true, Ntext1: 'x'.repeat(1200) }).success).toBe(true)
    const issues = rf707.safeParse({ NCheckbox: true, Ntext1: 'x'.repeat(1201), ZCheckbox: true }).error?.issues ?? []
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['', 'Ntext1'])
  })
})
