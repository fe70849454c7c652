import { RF707_CLAUSES } from '@offerbook/domain/clauses/rf707-catalogue'
import { STIPULATION_CLAUSES } from '@offerbook/domain/clauses/stipulation-catalogue'
import { describe, expect, it } from 'vitest'
import { RESOURCES } from '../../locales/all-languages'
import type { Tree } from '../../locales/resources'
import { fieldLabelKey, hasSavedValue, restoreClauseForm } from './clause-form'

function lookup(tree: Tree, key: string): string | undefined {
  let node: Tree | string | undefined = tree
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

describe('the clause forms', () => {
  it('open empty without a saved value: every checkbox unticked, every field empty', () => {
    const values = restoreClauseForm(STIPULATION_CLAUSES, undefined)
    expect(Object.keys(values)).toHaveLength(40 + STIPULATION_CLAUSES.reduce((sum, clause) => sum + clause.fields.length, 0))
    expect(values.ACheckbox).toBe(false)
    expect(values.N1text2).toBe('')
  })

  it('open with the saved choices, taking only the catalogue names with their own types', () => {
    const values = restoreClauseForm(RF707_CLAUSES, { ACheckbox: true, Atext1: '3', BCheckbox: 'true', Btext1: 5 as unknown as string, A1Checkbox: true, extra: 'x' })
    expect(values).toMatchObject({ ACheckbox: true, Atext1: '3', BCheckbox: false, Btext1: '' })
    expect(values).not.toHaveProperty('A1Checkbox')
    expect(values).not.toHaveProperty('extra')
  })

  it('read GENERATE while the saved value has no keys and EDIT once it has', () => {
    expect(hasSavedValue(undefined)).toBe(false)
    expect(hasSavedValue(null)).toBe(false)
    expect(hasSavedValue({})).toBe(false)
    expect(hasSavedValue({ concatLabel: '' })).toBe(true)
  })

  it('have a label for every field of both catalogues in both languages', () => {
    for (const clause of [...STIPULATION_CLAUSES, ...RF707_CLAUSES]) {
      for (const field of clause.fields) {
        const key = fieldLabelKey(clause, field)
        expect(lookup(RESOURCES['en-us'], key), key).toBeTruthy()
        expect(lookup(RESOURCES['es-es'], key), key).toBeTruthy()
      }
    }
    const stipulationN = STIPULATION_CLAUSES.find((clause) => clause.key === 'N')
    const extraN = RF707_CLAUSES.find((clause) => clause.key === 'N')
    if (!stipulationN?.fields[0] || !extraN?.fields[0]) throw new Error('clause N')
    expect(lookup(RESOURCES['en-us'], fieldLabelKey(stipulationN, stipulationN.fields[0]))).toBe('Days before Closing')
    expect(lookup(RESOURCES['en-us'], fieldLabelKey(extraN, extraN.fields[0]))).toBe('Language to add, in your own words')
  })

  it('give the English field labels the catalogue gives', () => {
    for (const clause of [...STIPULATION_CLAUSES, ...RF707_CLAUSES]) {
      for (const field of clause.fields) expect(lookup(RESOURCES['en-us'], fieldLabelKey(clause, field)), field.name).toBe(field.label)
    }
  })
})
