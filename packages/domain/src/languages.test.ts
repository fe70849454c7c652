import { describe, expect, it } from 'vitest'
import { languageOfAcceptLanguage, languageOfCookie, languageOfTags } from './languages'

describe('the language a browser asks for', () => {
  it('is Spanish when the browser asks for Spanish first, of any region', () => {
    expect(languageOfTags(['es-ES', 'es', 'en'])).toBe('es-es')
    expect(languageOfTags(['es-MX'])).toBe('es-es')
    expect(languageOfTags(['es_AR'])).toBe('es-es')
    expect(languageOfTags(['fr-FR', 'es-AR'])).toBe('es-es')
  })

  it('is English when the browser asks for English first, and none for other languages only', () => {
    expect(languageOfTags(['en-GB', 'es'])).toBe('en-us')
    expect(languageOfTags(['fr-FR', 'de'])).toBeNull()
    expect(languageOfTags([])).toBeNull()
  })

  it('reads an Accept-Language header in its order, weights aside, and falls back to English', () => {
    expect(languageOfAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es-es')
    expect(languageOfAcceptLanguage('fr-FR, es-MX;q=0.5')).toBe('es-es')
    expect(languageOfAcceptLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en-us')
    expect(languageOfAcceptLanguage('fr-FR, de;q=0.5')).toBe('en-us')
    expect(languageOfAcceptLanguage('*')).toBe('en-us')
    expect(languageOfAcceptLanguage(undefined)).toBe('en-us')
  })
})

describe('the language hint cookie', () => {
  it('names the chosen language among other cookies', () => {
    expect(languageOfCookie('offerbook_signed_in=1; offerbook_language=es-es')).toBe('es-es')
    expect(languageOfCookie('offerbook_language=en-us')).toBe('en-us')
  })

  it('is ignored when absent, empty or naming a language we do not speak', () => {
    expect(languageOfCookie(undefined)).toBeNull()
    expect(languageOfCookie('offerbook_signed_in=1')).toBeNull()
    expect(languageOfCookie('offerbook_language=')).toBeNull()
    expect(languageOfCookie('offerbook_language=fr-fr')).toBeNull()
    expect(languageOfCookie('my_offerbook_language=es-es')).toBeNull()
  })
})
