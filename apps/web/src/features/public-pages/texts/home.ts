import en from '../../../locales/en-us/public-home.json'
import es from '../../../locales/es-es/public-home.json'
import type { PageTexts } from '../texts'

/** locales/<language>/public-home.json */
export const HOME_TEXTS: PageTexts = { 'en-us': en, 'es-es': es }
