import type { CountryCode } from 'libphonenumber-js/min'

/**
 * Spec section 9: a number typed without + and a calling code is a US number. Apart from phone.ts, so
 * a page can name the country before the number data is loaded.
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US'
