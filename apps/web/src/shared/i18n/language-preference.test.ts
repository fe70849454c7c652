import { describe, expect, it } from 'vitest'
import { browserLanguage } from './language-preference'

describe('the language a new browser opens in', () => {
  it('is Spanish when the browser asks for Spanish first, of any region', () => {
    expect(browserLanguage(['es-ES', 'es', 'en'])).toBe('es-es')
    expect(browserLanguage(['es-MX'])).toBe('es-es')
    expect(browserLanguage(['es'])).toBe('es-es')
    expect(browserLanguage(['fr-FR', 'es-AR'])).toBe('es-es')
  })

  it('is the default when the browser asks for English first, for another language only, or for none', () => {
    expect(browserLanguage(['en-US', 'es'])).toBeNull()
    expect(browserLanguage(['fr-FR', 'de'])).toBeNull()
    expect(browserLanguage([])).toBeNull()
  })
})
