import { describe, expect, it } from 'vitest'
import { FAQ_TEXTS } from '../features/public-pages/texts/faq'
import { HOME_TEXTS } from '../features/public-pages/texts/home'
import { PAGE_TEXTS } from '../features/public-pages/texts/pages'
import { RESOURCES } from './all-languages'
import { flatten } from './locales.test-helpers'

// Whole words only: \b knows no accents, so the edges are "no letter or digit" (\p{L}, \p{N}).
const word = (alternatives: string[]) => `(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`

/** Words that are tú in any position: the pronouns and possessives, and verb forms that only tú uses. */
const ALWAYS_INFORMAL = [
  'tú', 'tu', 'tus', 'ti', 'te', 'contigo', 'tuy[oa]s?',
  'has', 'puedes', 'puedas', 'tienes', 'tengas', 'quieres', 'quieras', 'debes', 'estás', 'eres', 'sabes',
  'necesitas', 'necesites', 'deseas', 'desees', 'prefieras', 'elijas', 'haz', 'pon', 'asegúrate', 'olvides',
]

/**
 * Imperatives of tú that are also the third person ("el comprador introduce su código", "se indica qué
 * falla") or a noun ("Guía de marca"): informal only where they open a text or a sentence, and not
 * followed by "de" ("Marca de agua", "Prueba de fondos" are nouns).
 */
const INFORMAL_AT_OPENING = [
  'introduce', 'indica', 'marca', 'rellena', 'completa', 'envía', 'revisa', 'verifica', 'confirma', 'guarda',
  'escribe', 'selecciona', 'añade', 'pulsa', 'sube', 'busca', 'usa', 'abre', 'cierra', 'comprueba', 'acepta',
  'rechaza', 'descarga', 'consulta', 'crea', 'edita', 'elimina', 'borra', 'cambia', 'vuelve', 'inicia',
  'intenta', 'prueba', 'mira', 'espera', 'elige',
]

const informal = new RegExp(
  `${word(ALWAYS_INFORMAL)}|(?:^|[.;:¿¡(]\\s*)${word(INFORMAL_AT_OPENING)}(?!\\s+de(?![\\p{L}]))`,
  'iu',
)

/** Every Spanish text the browser can show: the app's, the public shell's pages and the messages. */
function spanishTexts(): [string, string][] {
  const trees = [RESOURCES['es-es'], HOME_TEXTS['es-es'], PAGE_TEXTS['es-es'], FAQ_TEXTS['es-es']]
  return trees.flatMap((tree) => [...flatten(tree)])
}

describe('the Spanish texts', () => {
  it('tell a tú form from an usted form, and the third person from an imperative', () => {
    for (const text of [
      'Introduce el precio de compra',
      'Indica cuándo vence la oferta',
      'Elija una opción. Introduce la fecha de cierre',
      'Marca las cláusulas que quieras añadir',
      'Complete tu perfil',
      'Si lo has solicitado tú, puedes ignorarlo.',
      'Elige un plan',
    ])
      expect(text).toMatch(informal)
    for (const text of [
      'Introduzca el precio de compra',
      'Indique cuándo vence la oferta; elija una opción.',
      'Marque las cláusulas que quiera añadir',
      'Cada firmante introduce un código que le enviamos por SMS.',
      'Un registro con un problema no se puede elegir; se indica qué falla.',
      'Guía de marca',
      'Marca de agua',
      'Prueba de fondos',
      'Offerbook clasifica las ofertas según los pesos que usted elige.',
      'Su tutor, su turno',
    ])
      expect(text).not.toMatch(informal)
  })

  it('address the reader as usted on every screen, as the emails do', () => {
    const offending = spanishTexts().filter(([, text]) => informal.test(text))
    expect(offending.map(([key, text]) => `${key}: ${text}`)).toEqual([])
  })
})
