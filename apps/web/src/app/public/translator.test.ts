import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import type { Language } from '@offerbook/domain/languages'
import { LANGUAGES } from '@offerbook/domain/languages'
import publicEnglish from '../../locales/public-en-us'
import publicSpanish from '../../locales/public-es-es'
import type { Tree } from '../../locales/tree'
import { HOME_TEXTS } from '../../features/public-pages/texts/home'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { FAQ_TEXTS } from '../../features/public-pages/texts/faq'
import { copyOfAllLanguages } from '../../locales/all-languages'
import { createTranslator } from '../../shared/i18n/translator'

/** The translator of both shells gives what i18next gives, for every text of the whole app, the public shell and its pages. */

const ALL = copyOfAllLanguages()
const TREES: Record<Language, Tree[]> = {
  'en-us': [ALL['en-us'], publicEnglish, HOME_TEXTS['en-us'], PAGE_TEXTS['en-us'], FAQ_TEXTS['en-us']],
  'es-es': [ALL['es-es'], publicSpanish, HOME_TEXTS['es-es'], PAGE_TEXTS['es-es'], FAQ_TEXTS['es-es']],
}

function keysOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : keysOf(value, `${prefix}${key}.`)))
}

async function i18nextWith(language: Language) {
  const instance = i18next.createInstance()
  await instance.init({ lng: language, fallbackLng: 'en-us', lowerCaseLng: true, supportedLngs: [...LANGUAGES], load: 'currentOnly', interpolation: { escapeValue: false }, returnNull: false, resources: {} })
  for (const lng of LANGUAGES) for (const tree of TREES[lng]) instance.addResourceBundle(lng, 'translation', tree, true, false)
  return instance
}

describe('the translator', () => {
  for (const language of LANGUAGES) {
    it(`translates every text in ${language} as i18next does, with its parameters and plural forms`, async () => {
      const reference = await i18nextWith(language)
      const translator = createTranslator(language)
      for (const lng of LANGUAGES) for (const tree of TREES[lng]) translator.addTree(lng, tree)
      let compared = 0
      for (const [key, template] of TREES[language].flatMap((tree) => keysOf(tree))) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
        const names = [...template.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1] ?? '')
        const params = Object.fromEntries(names.map((name) => [name, `«${name}»`]))
        for (const count of base === key ? [undefined] : [0, 1, 2, 5, 21]) {
          const options: Record<string, string | number> = count === undefined ? params : { ...params, count }
          expect(translator.t(base, options), `${language} ${base} ${JSON.stringify(options)}`).toBe(reference.t(base, options))
          compared += 1
        }
      }
      expect(compared).toBeGreaterThan(3000)
    })
  }

  it('falls back to en-us for a text the language lacks, then to the key; and knows which keys it has', () => {
    const translator = createTranslator('es-es')
    translator.addTree('en-us', { a: { only: 'English only', both: 'Both' } })
    translator.addTree('es-es', { a: { both: 'Ambos' } })
    expect(translator.t('a.both')).toBe('Ambos')
    expect(translator.t('a.only')).toBe('English only')
    expect(translator.t('a.none')).toBe('a.none')
    expect(translator.t('a.none', { defaultValue: 'Default' })).toBe('Default')
    expect(translator.exists('a.only')).toBe(true)
    expect(translator.exists('a.none')).toBe(false)
  })

  it('tells its listeners when the language changes, or texts are announced after one was missed, not when texts are added', () => {
    const translator = createTranslator('en-us')
    let calls = 0
    const stop = translator.subscribe(() => (calls += 1))
    translator.addTree('es-es', { a: 'b' })
    expect(calls).toBe(0)
    translator.changeLanguage('es-es')
    expect(translator.language).toBe('es-es')
    expect(calls).toBe(1)
    // Nothing shown missed a text: new texts change nothing, and nothing draws again.
    translator.t('a')
    translator.announce()
    expect(calls).toBe(1)
    // A text asked for and not there yet: the texts announced may be it.
    translator.t('later.text')
    const revision = translator.revision
    translator.announce()
    expect(calls).toBe(2)
    expect(translator.revision).not.toBe(revision)
    translator.announce()
    expect(calls).toBe(2)
    expect(translator.exists('later.other')).toBe(false)
    translator.announce()
    expect(calls).toBe(3)
    stop()
    translator.changeLanguage('en-us')
    expect(calls).toBe(3)
  })

  it('reports each key that neither the language nor en-us has, unless a default was given', () => {
    const translator = createTranslator('es-es')
    translator.addTree('en-us', { a: { only: 'English only', nested: 'See $t(a.gone)' } })
    const missing: string[] = []
    const stop = translator.watchMissing((key) => void missing.push(key))
    translator.t('a.only')
    translator.t('a.none')
    translator.t('a.other', { defaultValue: 'Default' })
    translator.t('a.nested')
    stop()
    translator.t('a.after')
    expect(missing).toEqual(['a.none', 'a.gone'])
  })
})
