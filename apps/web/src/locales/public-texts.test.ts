import { describe, expect, it } from 'vitest'
import { RESOURCES } from './all-languages'
import { flatten } from './locales.test-helpers'
import { FAQ_TEXTS } from '../features/public-pages/texts/faq'
import { HOME_TEXTS } from '../features/public-pages/texts/home'
import { PAGE_TEXTS } from '../features/public-pages/texts/pages'
import publicEnglish from './public-en-us'
import publicSpanish from './public-es-es'

describe('the public pages texts', () => {
  for (const [name, texts] of Object.entries({ home: HOME_TEXTS, pages: PAGE_TEXTS, faq: FAQ_TEXTS })) {
    it(`${name}: en-us and es-es have the same keys, none empty, none also in the app's texts`, () => {
      const en = flatten(texts['en-us'])
      const es = flatten(texts['es-es'])
      expect([...es.keys()].sort()).toEqual([...en.keys()].sort())
      for (const [key, value] of [...en, ...es]) expect(value.trim(), key).not.toBe('')
      for (const top of Object.keys(texts['en-us'])) {
        expect(RESOURCES['en-us'][top], top).toBeUndefined()
        expect(RESOURCES['es-es'][top], top).toBeUndefined()
      }
    })
  }

  it('keep the same placeholders in both languages', () => {
    for (const texts of [HOME_TEXTS, PAGE_TEXTS, FAQ_TEXTS]) {
      const es = flatten(texts['es-es'])
      for (const [key, value] of flatten(texts['en-us'])) {
        const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()
        expect(placeholders(es.get(key) ?? ''), key).toEqual(placeholders(value))
      }
    }
  })

  it("the public shell's two languages have the same keys, and each is the whole app's text", () => {
    const en = flatten(publicEnglish)
    const es = flatten(publicSpanish)
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort())
    const wholeEnglish = flatten(RESOURCES['en-us'])
    const wholeSpanish = flatten(RESOURCES['es-es'])
    for (const [key, value] of en) expect(value, key).toBe(wholeEnglish.get(key))
    for (const [key, value] of es) expect(value, key).toBe(wholeSpanish.get(key))
  })
})
