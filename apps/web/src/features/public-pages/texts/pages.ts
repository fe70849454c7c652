import en from '../../../locales/en-us/public-pages.json'
import es from '../../../locales/es-es/public-pages.json'
import type { PageTexts } from '../texts'

/** locales/<language>/public-pages.json */
export const PAGE_TEXTS: PageTexts = { 'en-us': en, 'es-es': es }
