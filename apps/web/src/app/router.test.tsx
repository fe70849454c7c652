import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { ROUTES, fillPath } from '@offerbook/domain/route-access'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { i18n } from '../shared/i18n/i18n'
import { initSession, saveSession } from '../shared/session'
import { answerAppShell, apiError, fakeApi, noContent, reply } from '../test/fake-api'
import { renderAt, renderRoutes } from '../test/render'
import { LazyPage } from './lazy-page'
import { appRoutes } from './router'

function userWith(roles: Role[], name = 'Ben Buyer', email = 'buyer-simple@example.com'): User {
  return { uid: 'u1', name, email, phone: null, photoURL: null, roles, key: 'k1', onboarded: true, zipcode: null, sellerAgentId: null, nrds: null, isAddListingEnabled: false, isPrincipalBroker: false, principalBrokerStatus: 'none', language: 'en-us', uiMode: 'buy', website: null, currency: 'USD' }
}

const api = fakeApi()
let me: User | null

beforeEach(() => {
  initSession()
  me = null
  answerAppShell(api)
  api.on('GET /api/me', () => (me ? reply({ user: me }) : apiError(401, 'request.signInRequired')))
  api.on('GET /api/admin/users', reply({ items: [], total: 0, page: 1, pageSize: 20 }))
  api.on('DELETE /api/session', noContent)
  // Single sign-on is off: nothing to offer on sign-in, no session of its own to end on sign-out.
  api.on('GET /api/sso', reply({ enabled: false, name: '' }))
  api.on('GET /api/sso/end-session', reply({ url: null }))
  // The dashboard, where a signed-in user may land: nothing waits for them.
  api.on('GET /api/dashboard', reply({ drafts: [], offersToAnswer: [], documentsToSign: [], deadlines: [] }))
  // The front page's homes for sale: none found.
  api.on('GET /api/properties', apiError(404, 'request.notFound'))
})

afterEach(() => {
  vi.restoreAllMocks()
  if (i18n.isInitialized) void i18n.changeLanguage('en-us')
})

function signInAs(roles: Role[]) {
  me = userWith(roles)
  saveSession({ accessToken: 'tok', persist: false })
}

async function page(name: string) {
  return waitFor(() => {
    const wrapper = document.querySelector(`.page-${name}`)
    if (!wrapper) throw new Error(`no .page-${name} in ${document.body.innerHTML.slice(0, 200)}`)
    return wrapper
  })
}

describe('router', () => {
  it('has a route for every entry of the domain table', () => {
    const paths = appRoutes()[0]?.children?.map((r) => r.path)
    expect(paths).toEqual(ROUTES.map((r) => r.path))
  })

  it('sends an anonymous visitor of a protected route to sign-in with the full path', async () => {
    const { router } = renderRoutes(appRoutes(), '/submitted-offers/all?sort=date')
    const wrapper = await page('sign-in')
    expect(wrapper.className).toContain('page-type-auth')
    expect(router.state.location.pathname).toBe('/auth/sign-in')
    expect(router.state.location.search).toBe('?redirect=%2Fsubmitted-offers%2Fall%3Fsort%3Ddate')
    expect(await screen.findByLabelText(/^Email/)).toBeTruthy()
  })

  it('clears a stale persisted session before sending to sign-in', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'stale', persist: true }))
    initSession()
    const { router } = renderRoutes(appRoutes(), '/dashboard')
    await page('sign-in')
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard')
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('follows redirects with their parameters and query', async () => {
    signInAs(['SELLER_AGENT'])
    const { router } = renderRoutes(appRoutes(), '/my-properties/p%201?tab=x')
    await page('my-property-edit-listing')
    expect(router.state.location.pathname).toBe(fillPath('/my-properties/:id/edit-listing', { id: 'p 1' }))
    expect(router.state.location.search).toBe('?tab=x')
  })

  it('lets a user with a matching role in, with the page classes and title', async () => {
    signInAs(['ADMIN'])
    const { router } = renderRoutes(appRoutes(), '/admin')
    const wrapper = await page('admin-users')
    expect(router.state.location.pathname).toBe('/admin/users')
    expect(wrapper.className).toBe('page page-admin-users page-type-admin')
    expect(wrapper.getAttribute('data-route')).toBe('admin-users')
    await waitFor(() => expect(document.title).toBe('Admin · Offerbook'))
  })

  it('keeps the scroll position between tabs of a no-scroll route and resets it elsewhere', async () => {
    signInAs(['SUPER_ADMIN'])
    const scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
    const { router } = renderRoutes(appRoutes(), '/admin/users')
    await page('admin-users')
    scrollTo.mockClear()
    await router.navigate('/admin/firebase')
    await page('admin-firebase')
    expect(scrollTo).not.toHaveBeenCalled()
    await router.navigate('/terms')
    await page('terms')
    // The shell scrolls in an effect, which React may run just after the page is on screen.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0))
  })

  it('sends a user whose roles do not match to sign-in, where they stay signed in', async () => {
    signInAs(['BUYER_SIMPLE'])
    const { router } = renderRoutes(appRoutes(), '/admin/users')
    await page('sign-in')
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fusers')
    expect(await screen.findByText('You are signed in as Ben Buyer (buyer-simple@example.com).')).toBeTruthy()

    // The asked-for page is closed to this user, so Continue goes to their home.
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await page('dashboard')
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('signs out from the sign-in page to show the form', async () => {
    signInAs(['BUYER_SIMPLE'])
    renderRoutes(appRoutes(), '/auth/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with another account' }))
    expect(await screen.findByLabelText(/^Password/)).toBeTruthy()
    expect(api.calls('DELETE /api/session').length).toBeGreaterThan(0)
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull()
  })

  it('shows a not-found page with the asked-for path', async () => {
    renderRoutes(appRoutes(), '/no/such/page?x=1')
    await page('not-found')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    expect(screen.getByText(/\/no\/such\/page\?x=1/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the front page' }).getAttribute('href')).toBe('/')
  })

  it('switches the navigation to Spanish with the language switch', async () => {
    renderRoutes(appRoutes(), '/')
    await page('home')
    expect(screen.getAllByText('Home').length).toBeGreaterThan(0)
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es-es' } })
    await waitFor(() => expect(screen.getAllByText('Inicio').length).toBeGreaterThan(0))
    expect(document.documentElement.lang).toBe('es')
    expect(window.localStorage.getItem('offerbook.language')).toBe('es-es')
    expect(screen.getByLabelText('Idioma')).toBeTruthy()
  })
})

describe('LazyPage', () => {
  it('shows a message with Retry when the page module fails to load, and loads on retry', async () => {
    const route = ROUTES[0]!
    let calls = 0
    const loader = () => {
      calls += 1
      if (calls === 1) return Promise.reject(new Error('chunk failed'))
      return Promise.resolve({ default: () => <h1>Loaded</h1> })
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt(<LazyPage loader={loader} route={route} params={{}} />)
    expect(await screen.findByText('This page could not be loaded. Check your connection and try again.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeTruthy()
  })

  it('gives up after the timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt(<LazyPage loader={() => new Promise(() => {})} timeoutMs={20} route={ROUTES[0]!} params={{}} />)
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})
