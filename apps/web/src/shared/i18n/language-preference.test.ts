import { describe, expect, it } from 'vitest'
import { browserLanguage, readLanguagePreference, writeLanguagePreference } from './language-preference'

describe('the language a new browser opens in', () => {
  // The rule itself is the domain's (languages.test.ts): here, that the browser's list goes through it.
  it('is the first of the browser\'s languages that we speak, none when we speak none', () => {
    expect(browserLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es-es')
    expect(browserLanguage(['fr-FR'])).toBeNull()
  })
})

describe('the language the visitor chooses', () => {
  it('is kept in the browser and told to the server in a cookie, the last choice only', () => {
    writeLanguagePreference('es-es')
    expect(readLanguagePreference()).toBe('es-es')
    expect(document.cookie).toContain('offerbook_language=es-es')
    writeLanguagePreference('en-us')
    expect(readLanguagePreference()).toBe('en-us')
    expect(document.cookie).toContain('offerbook_language=en-us')
    expect(document.cookie).not.toContain('es-es')
  })
})
