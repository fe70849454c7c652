import { describe, expect, it } from 'vitest'
import { pageFooter, RF707_CLAUSES, RF707_EXTRA_CLAUSES, RF707_FORM, RF707_FORM_LABEL, RF707_LETTERED_CLAUSES } from './rf707-catalogue'
import { STIPULATION_CLAUSES } from './stipulation-catalogue'

describe('the RF707 catalogue', () => {
  it('has 13 lettered clauses A to M and two extra options', () => {
    expect(RF707_LETTERED_CLAUSES).toHaveLength(13)
    expect(RF707_LETTERED_CLAUSES.map((clause) => clause.key)).toEqual('ABCDEFGHIJKLM'.split(''))
    expect(RF707_EXTRA_CLAUSES).toHaveLength(2)
    expect(RF707_CLAUSES).toHaveLength(15)
    expect(RF707_CLAUSES.map((clause) => clause.key)).toEqual('ABCDEFGHIJKLMNO'.split(''))
  })

  it('prints the stipulation clauses A to M word for word', () => {
    expect(RF707_LETTERED_CLAUSES).toEqual(STIPULATION_CLAUSES.slice(0, 13))
  })

  it('has the fields the addendum modal names: Atext1, a radon field, a final-judgment date in L, Ftext3', () => {
    const fields = RF707_CLAUSES.flatMap((clause) => clause.fields)
    expect(fields.map((field) => field.name)).toEqual(expect.arrayContaining(['Atext1', 'Atext2', 'Ftext2', 'Ftext3', 'Itext1', 'Ltext1']))
    expect(RF707_CLAUSES.find((clause) => clause.key === 'L')?.fields.map((field) => field.kind)).toEqual(['date'])
    expect(RF707_CLAUSES.find((clause) => clause.key === 'M')?.noText).toBe(true)
  })

  it('gives each extra option one text field for language of the parties own', () => {
    for (const clause of RF707_EXTRA_CLAUSES) {
      expect(clause.checkbox).toBe(`${clause.key}Checkbox`)
      expect(clause.fields.map((field) => [field.name, field.kind])).toEqual([[`${clause.key}text1`, 'text']])
      expect(clause.template).toBe(`{${clause.key}text1}`)
    }
  })

  it('is form RF707, version 01/01/2024, 287 numbered lines on 6 pages', () => {
    expect(RF707_FORM).toMatchObject({ id: 'RF707', title: 'ADDITIONAL CONTRACT LANGUAGE', version: '01/01/2024', pageCount: 6, lineCount: 287 })
    expect(RF707_FORM.linesPerPage).toHaveLength(6)
    expect(RF707_FORM.linesPerPage.reduce((sum, n) => sum + n, 0)).toBe(287)
    expect(RF707_FORM_LABEL).toContain('01/01/2024')
  })

  it("footers read 'Page x of 6'", () => {
    expect([1, 2, 3, 4, 5, 6].map(pageFooter)).toEqual(['Page 1 of 6', 'Page 2 of 6', 'Page 3 of 6', 'Page 4 of 6', 'Page 5 of 6', 'Page 6 of 6'])
    expect(() => pageFooter(0)).toThrow(RangeError)
    expect(() => pageFooter(7)).toThrow(RangeError)
    expect(() => pageFooter(1.5)).toThrow(RangeError)
  })
})
