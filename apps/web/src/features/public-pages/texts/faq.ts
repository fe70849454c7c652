import en from '../../../locales/en-us/public-faq.json'
import es from '../../../locales/es-es/public-faq.json'
import type { PageTexts } from '../texts'

/** locales/<language>/public-faq.json */
export const FAQ_TEXTS: PageTexts = { 'en-us': en, 'es-es': es }
