import { afterEach, describe, expect, it } from 'vitest'
import { LISTING_MESSAGES } from '@offerbook/domain/listing'
import { MESSAGES } from '@offerbook/domain/validation'
import { initI18n } from './i18n'
import { translateMessage } from './server-messages'

const i18n = initI18n('en-us')
afterEach(() => i18n.changeLanguage('en-us'))

describe('translateMessage', () => {
  it('gives each shared rule message in Spanish', async () => {
    await i18n.changeLanguage('es-es')
    for (const message of [MESSAGES.required, MESSAGES.invalidEmail, MESSAGES.fullName, MESSAGES.invalidPhone, MESSAGES.invalidUrl, MESSAGES.mlsId]) {
      expect(translateMessage(message), message).not.toBe(message)
    }
  })

  it('carries the number of a minimum-length message into both languages', async () => {
    expect(translateMessage(MESSAGES.minLength(8))).toBe('Must have at least 8 characters')
    await i18n.changeLanguage('es-es')
    expect(translateMessage(MESSAGES.minLength(8))).toBe('Debe tener al menos 8 caracteres')
  })

  it('gives the free-text and whole-number refusals in Spanish (decision 017)', async () => {
    await i18n.changeLanguage('es-es')
    expect(translateMessage(MESSAGES.unstorableText)).toBe('Este texto contiene caracteres que no se pueden guardar')
    expect(translateMessage(LISTING_MESSAGES.minPriceWhole)).toBe('El precio mínimo debe ser un número entero')
    expect(translateMessage(LISTING_MESSAGES.pageSizeRange(48))).toBe('El tamaño de página debe ser un número entero de 1 a 48')
  })

  it('shows an unknown message as it came', () => {
    expect(translateMessage('Something the server said')).toBe('Something the server said')
  })
})
