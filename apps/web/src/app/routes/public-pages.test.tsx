import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ListingSummary } from '@offerbook/domain/listing'
import { ROUTES } from '@offerbook/domain/route-access'
import type { Language } from '@offerbook/domain/user'
import { i18n } from '../../shared/i18n/i18n'
import { fakeApi, reply } from '../../test/fake-api'
import { renderAt } from '../../test/render'
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

function listing(id: string, status: ListingSummary['StandardStatus']): ListingSummary {
  return {
    id,
    ListingKey: id,
    ListingId: null,
    StandardStatus: status,
    UnparsedAddress: `${id} Main Street, Nashville, TN 37203`,
    ModificationTimestamp: '2026-11-01T12:00:00Z',
    ListPrice: 350_000,
    City: 'Nashville',
    PostalCode: '37203',
    PropertyType: 'Residential',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1_800,
    primaryPhotoURL: null,
    offerDeadline: null,
    visibility: 'public',
    draftStep: null,
  }
}

const api = fakeApi()
const searches = () => api.calls('GET /api/properties').map((request) => request.query)
const ACTIVE = [listing('active-1', 'Active'), listing('active-2', 'Active')]
const NEWEST = [listing('soon-1', 'ComingSoon'), listing('active-1', 'Active'), listing('soon-2', 'ComingSoon'), listing('soon-3', 'ComingSoon')]

beforeEach(() => {
  api.on('GET /api/properties', ({ query }) => {
    const items = query.get('status') === 'Active' ? ACTIVE : NEWEST
    return reply({ items, total: items.length, page: 1, pageSize: 6, totalCapped: false })
  })
})
afterEach(async () => {
  await act(() => i18n.changeLanguage('en-us'))
})

function routeNamed(name: string) {
  const route = ROUTES.find((item) => item.name === name)
  if (!route) throw new Error(`no route ${name}`)
  return route
}

async function show(Page: ComponentType<PageProps>, name: string, language: Language) {
  const view = renderAt(<Page route={routeNamed(name)} params={{}} />)
  await act(() => i18n.changeLanguage(language))
  return view
}

function headings(level: number): string[] {
  return screen.queryAllByRole('heading', { level }).map((heading) => heading.textContent ?? '')
}

/** Each public page, and in each language its h1, some of its h2 and a sentence of its content. */
const PAGES: { name: string; Page: ComponentType<PageProps>; 'en-us': [string, string[], RegExp]; 'es-es': [string, string[], RegExp] }[] = [
  {
    name: 'home',
    Page: HomePage,
    'en-us': ['Offers on Tennessee homes, clear from first look to signature', ['What each side gets', 'How an offer moves', 'Why you can trust it'], /licensed by the Tennessee Real Estate Commission/],
    'es-es': ['Ofertas sobre viviendas de Tennessee, claras desde la primera visita hasta la firma', ['Lo que obtiene cada parte', 'Cómo avanza una oferta', 'Por qué puede confiar'], /Comisión de Bienes Raíces de Tennessee/],
  },
  {
    name: 'how-it-works',
    Page: HowItWorksPage,
    'en-us': ['How It Works', ['If you are buying', 'If you are selling', 'If you are an agent'], /attach your pre-approval letter/],
    'es-es': ['Cómo funciona', ['Si usted compra', 'Si usted vende', 'Si usted es agente'], /adjunte su carta de preaprobación/],
  },
  {
    name: 'offers-optimized',
    Page: OffersOptimizedPage,
    'en-us': ['Offers, optimized', ['How the score is worked out', 'The ten criteria', 'Try it: three offers on a $400,000 home'], /cash 1, conventional loan 0.75/],
    'es-es': ['Ofertas optimizadas', ['Cómo se calcula la puntuación', 'Los diez criterios'], /al contado 1, préstamo convencional 0,75/],
  },
  {
    name: 'about-us',
    Page: AboutUsPage,
    'en-us': ['About Us', ['Why Offerbook exists', 'What we believe', 'Where we work'], /The seller decides/],
    'es-es': ['Quiénes somos', ['Por qué existe Offerbook', 'En qué creemos', 'Dónde trabajamos'], /Decide el vendedor/],
  },
  {
    name: 'the-team',
    Page: TheTeamPage,
    'en-us': ['The Team', ['The people behind Offerbook', 'Work with us'], /Co-founder and chief executive/],
    'es-es': ['El equipo', ['Las personas detrás de Offerbook', 'Trabaje con nosotros'], /Cofundadora y directora general/],
  },
  {
    name: 'terms',
    Page: TermsPage,
    'en-us': ['Legal', ['Terms of service', 'Privacy policy', 'E-sign consumer disclosure'], /never shared with third parties for their marketing/],
    'es-es': ['Aviso legal', ['Condiciones del servicio', 'Política de privacidad'], /nunca se comparten con terceros/],
  },
  {
    name: 'boilerplate',
    Page: BoilerplatePage,
    'en-us': ['Standard notices', ['Fair housing', 'Working with a real-estate professional in Tennessee', 'Licence disclaimer', 'E-sign consumer disclosure', 'Equal housing opportunity'], /§ 62-13-405/],
    'es-es': ['Avisos estándar', ['Vivienda justa', 'Cómo trabajar con un profesional inmobiliario en Tennessee', 'Igualdad de oportunidades en la vivienda'], /§ 62-13-405/],
  },
  {
    name: 'auth-how-it-works',
    Page: AuthHowItWorksPage,
    'en-us': ['How It Works', ['Buying', 'Selling', 'Staying on top'], /Offer weighting tab/],
    'es-es': ['Cómo funciona', ['Comprar', 'Vender', 'Estar al día'], /Ponderación de ofertas/],
  },
  {
    name: 'auth-faq',
    Page: FaqPage,
    'en-us': ['FAQ', ['Making offers', 'Selling and ranking', 'Signing', 'Your account and your data'], /Is an electronic signature binding\?/],
    'es-es': ['Preguntas frecuentes', ['Hacer ofertas', 'Vender y clasificar', 'Firmar'], /¿Es vinculante una firma electrónica\?/],
  },
]

describe('the public pages', () => {
  for (const { name, Page, ...languages } of PAGES) {
    for (const language of ['en-us', 'es-es'] as const) {
      it(`${name} in ${language}: one h1, its sections and its content`, async () => {
        await show(Page, name, language)
        const [title, sections, content] = languages[language]
        expect(headings(1)).toEqual([title])
        for (const section of sections) expect(headings(2)).toContain(section)
        expect(screen.getAllByText(content).length).toBeGreaterThan(0)
      })
    }
  }

  it('speaks to the reader as usted in Spanish, never tú', async () => {
    for (const { name, Page } of PAGES) {
      const view = await show(Page, name, 'es-es')
      const text = document.body.textContent ?? ''
      expect(text, name).not.toMatch(/\b(tú|tu|tus|puedes|tienes|quieres|haz|eres|te)\b/i)
      view.unmount()
    }
  })
})

describe('home', () => {
  it('lists the homes taking offers first, then fills the row with the newest of the rest', async () => {
    await show(HomePage, 'home', 'en-us')
    await waitFor(() => expect(screen.getAllByText(/Main Street/)).toHaveLength(5))
    const addresses = screen.getAllByText(/Main Street/).map((node) => node.textContent)
    expect(addresses).toEqual([
      'active-1 Main Street, Nashville, TN 37203',
      'active-2 Main Street, Nashville, TN 37203',
      'soon-1 Main Street, Nashville, TN 37203',
      'soon-2 Main Street, Nashville, TN 37203',
      'soon-3 Main Street, Nashville, TN 37203',
    ])
    expect(searches()[0]?.get('status')).toBe('Active')
  })
})

describe('offers optimized', () => {
  it('ranks the three sample offers live as a weight changes', async () => {
    const user = userEvent.setup()
    await show(OffersOptimizedPage, 'offers-optimized', 'en-us')
    const ranking = await screen.findByRole('list', { name: 'The ranking' })
    const order = () => within(ranking).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)
    expect(order()).toEqual(['Offer C: conventional', 'Offer B: cash', 'Offer A: the highest price'])

    const net = screen.getByRole('slider', { name: 'Net to seller' })
    act(() => net.focus())
    await user.keyboard('{Home}')
    expect(net.getAttribute('aria-valuenow')).toBe('0')
    expect(order()).toEqual(['Offer B: cash', 'Offer C: conventional', 'Offer A: the highest price'])

    await user.click(screen.getByRole('button', { name: 'Reset the weights' }))
    expect(order()[0]).toBe('Offer C: conventional')
  })
})

describe('FAQ', () => {
  it('has at least 15 questions, each opening with the keyboard', async () => {
    const user = userEvent.setup()
    await show(FaqPage, 'auth-faq', 'en-us')
    const questions = screen.getAllByRole('button', { expanded: false })
    expect(questions.length).toBeGreaterThanOrEqual(15)
    const first = screen.getByRole('button', { name: 'Who can see my offer?' })
    act(() => first.focus())
    await user.keyboard('{Enter}')
    expect(first.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/Only you, your agent, and the listing agent/)).toBeTruthy()
  })
})

describe('legal', () => {
  it('links the terms to the e-sign consumer disclosure, which the notices page shows as signers read it', async () => {
    const view = await show(TermsPage, 'terms', 'en-us')
    expect(screen.getByRole('link', { name: 'Read the e-sign consumer disclosure' }).getAttribute('href')).toBe('/boilerplate#esign-disclosure')
    view.unmount()
    await show(BoilerplatePage, 'boilerplate', 'en-us')
    const section = document.getElementById('esign-disclosure')
    expect(section).not.toBeNull()
    expect(within(section as HTMLElement).getByRole('heading', { name: 'Your right to a paper copy' })).toBeTruthy()
    expect(within(section as HTMLElement).getByRole('heading', { name: 'Your right to withdraw consent' })).toBeTruthy()
  })
})
