import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testOffer } from '../../features/offers/components/details/test-offer'
import { initSession } from '../../shared/session'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

let offerAnswer: () => Response
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  initSession()
  offerAnswer = () => json(200, { offer: testOffer({ viewer: 'link', actions: [] }) })
  fetchMock = vi.fn(async (url: string) => {
    const { pathname } = new URL(url, 'http://localhost')
    if (pathname === '/api/offers/offer-1') return offerAnswer()
    if (pathname === '/api/me') return json(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' })
    return json(404, { code: 'NOT_FOUND', message: 'Not found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => vi.unstubAllGlobals())

const offerRequests = () => fetchMock.mock.calls.filter(([url]) => new URL(url as string, 'http://localhost').pathname === '/api/offers/offer-1')

describe('the share link page', { timeout: 30_000 }, () => {
  it('shows the offer read-only to a visitor with the token', async () => {
    renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1?token=abc')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer on 120 Maple Ave, Franklin, TN 37064' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Read-only')).toBeTruthy()
    expect(new URL(offerRequests()[0]![0] as string, 'http://localhost').searchParams.get('token')).toBe('abc')
  })

  it('says the link has expired, and stays on the page instead of going Home', async () => {
    offerAnswer = () => json(403, { statusCode: 403, code: 'FORBIDDEN', key: 'offer.linkExpired', message: 'This offer link has expired' })
    const { router } = renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1?token=old')
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer link has expired' }, { timeout: 10_000 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/property/listing-1/offers/offer-1')
    const signIn = screen.getAllByRole('link', { name: 'Sign in' }).map((link) => link.getAttribute('href'))
    expect(signIn).toContain(`/auth/sign-in?redirect=${encodeURIComponent('/property/listing-1/offers/offer-1?token=old')}`)
  })

  it('shows not found for a wrong token, and for a visitor with neither a token nor a session without asking the API', async () => {
    offerAnswer = () => json(404, { statusCode: 404, code: 'NOT_FOUND', key: 'offer.notFound', message: 'Offer not found' })
    const first = renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1?token=wrong')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' }, { timeout: 10_000 })).toBeTruthy()
    first.unmount()

    fetchMock.mockClear()
    const { router } = renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' }, { timeout: 10_000 })).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/property/listing-1/offers/offer-1'))
    expect(offerRequests()).toHaveLength(0)
  })
})
