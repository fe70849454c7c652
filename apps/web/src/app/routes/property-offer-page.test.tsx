import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { testOffer } from '../../features/offers/components/details/test-offer'
import { initSession } from '../../shared/session'
import type { FakeAnswer } from '../../test/fake-api'
import { answerAppShell, apiError, fakeApi, reply } from '../../test/fake-api'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'

const api = fakeApi()
let offerAnswer: FakeAnswer

beforeEach(() => {
  initSession()
  offerAnswer = reply({ offer: testOffer({ viewer: 'link', actions: [] }) })
  answerAppShell(api)
  api.on('GET /api/offers/offer-1', () => offerAnswer)
  api.on('GET /api/me', apiError(401, 'request.signInRequired'))
})

const offerRequests = () => api.calls('GET /api/offers/offer-1')

describe('the share link page', { timeout: 30_000 }, () => {
  it('shows the offer read-only to a visitor with the token', async () => {
    renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1?token=abc')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer on 120 Maple Ave, Franklin, TN 37064' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByText('Read-only')).toBeTruthy()
    expect(offerRequests()[0]!.query.get('token')).toBe('abc')
  })

  it('says the link has expired, and stays on the page instead of going Home', async () => {
    offerAnswer = apiError(403, 'offer.linkExpired')
    const { router } = renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1?token=old')
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer link has expired' }, { timeout: 10_000 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/property/listing-1/offers/offer-1')
    const signIn = screen.getAllByRole('link', { name: 'Sign in' }).map((link) => link.getAttribute('href'))
    expect(signIn).toContain(`/auth/sign-in?redirect=${encodeURIComponent('/property/listing-1/offers/offer-1?token=old')}`)
  })

  it('shows not found for a wrong token, and for a visitor with neither a token nor a session without asking the API', async () => {
    offerAnswer = apiError(404, 'offer.notFound')
    const first = renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1?token=wrong')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' }, { timeout: 10_000 })).toBeTruthy()
    first.unmount()

    const before = offerRequests().length
    const { router } = renderRoutes(appRoutes(), '/property/listing-1/offers/offer-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' }, { timeout: 10_000 })).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/property/listing-1/offers/offer-1'))
    expect(offerRequests()).toHaveLength(before)
  })
})
