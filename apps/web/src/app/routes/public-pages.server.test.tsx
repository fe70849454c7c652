// @vitest-environment node
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '@offerbook/domain/route-access'
import type { Language } from '@offerbook/domain/user'
import { copyOfAllLanguages } from '../../locales/all-languages'
import { createTranslator } from '../../shared/i18n/translator'
import { TranslatorTranslation } from '../../shared/i18n/translator-translation'
import { createMemoryHistory } from '../history'
import { Router } from '../routing'
import { theme } from '../theme'
import type { PageProps } from '../page-props'
import AboutUsPage from './about-us-page'
import AuthHowItWorksPage from './auth-how-it-works-page'
import BoilerplatePage from './boilerplate-page'
import FaqPage from './faq-page'
import HomePage from './home-page'
import HowItWorksPage from './how-it-works-page'
import OffersOptimizedPage from './offers-optimized-page'
import TermsPage from './terms-page'
import TheTeamPage from './the-team-page'

/**
 * The static public pages are prerendered at build with renderToString, where there is no window,
 * document or storage: each must render to its full text on the server, in both languages.
 */
async function serverHtml(Page: ComponentType<PageProps>, name: string, language: Language): Promise<string> {
  const translator = createTranslator(language)
  const texts = copyOfAllLanguages()
  translator.addTree('en-us', texts['en-us'])
  translator.addTree('es-es', texts['es-es'])
  const route = ROUTES.find((item) => item.name === name)
  if (!route) throw new Error(`no route ${name}`)
  return renderToString(
    <TranslatorTranslation translator={translator}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <Router history={createMemoryHistory(route.path)} routes={[{ path: '*', element: <Page route={route} params={{}} /> }]} />
        </QueryClientProvider>
      </MantineProvider>
    </TranslatorTranslation>,
  )
}

const PAGES: [string, ComponentType<PageProps>, string, string][] = [
  ['home', HomePage, 'How an offer moves', 'Por qué puede confiar'],
  ['how-it-works', HowItWorksPage, 'Find the home', 'Encuentre la vivienda'],
  ['offers-optimized', OffersOptimizedPage, 'The ten criteria', 'Los diez criterios'],
  ['about-us', AboutUsPage, 'What we believe', 'En qué creemos'],
  ['the-team', TheTeamPage, 'Dana Whitfield', 'Cofundadora y directora general'],
  ['terms', TermsPage, 'Privacy policy', 'Política de privacidad'],
  ['boilerplate', BoilerplatePage, 'Your right to a paper copy', 'Vivienda justa'],
  ['auth-how-it-works', AuthHowItWorksPage, 'Staying on top', 'Estar al día'],
  ['auth-faq', FaqPage, 'Who can see my offer?', '¿Quién puede ver mi oferta?'],
]

describe('the public pages on the server', () => {
  for (const [name, Page, english, spanish] of PAGES) {
    it(`${name} renders its text without a browser`, async () => {
      expect(typeof window).toBe('undefined')
      expect((await serverHtml(Page, name, 'en-us')).includes(english), english).toBe(true)
      expect((await serverHtml(Page, name, 'es-es')).includes(spanish), spanish).toBe(true)
    })
  }

  it('writes the FAQ answers into the HTML, and the ranking example as loading until it arrives', async () => {
    const faq = await serverHtml(FaqPage, 'auth-faq', 'en-us')
    expect(faq.includes('Only you, your agent, and the listing agent'), 'an answer').toBe(true)
    expect(faq.includes('Write to support@offerbook.example'), 'the last answer').toBe(true)
    expect((await serverHtml(OffersOptimizedPage, 'offers-optimized', 'en-us')).includes('Loading the example…'), 'the example loading').toBe(true)
  })
})
