import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testOffer } from '../../features/offers/components/details/test-offer'
import { apiError } from '../../test/fake-api'
import { renderRoutes } from '../../test/render'
import { userWith } from '../../test/test-user'
import { offerKeys } from '../../shared/query-keys'
import { appRoutes } from '../router'
import { accountApi, json, preloadPages } from './account-pages.test-helpers'

const api = accountApi()
preloadPages('submitted-offer-update', 'my-property-offer')

/**
 * An offer page read once stays as it was read when a later refresh of the offer fails (a live event's,
 * on a phone that lost its network a moment): the reader's form and what is open over it stay; only a
 * first read that fails shows the error in its place.
 */
describe('an offer page whose refresh fails keeps the offer it shows', { timeout: 30_000 }, () => {
  const pages = [
    { who: 'the buyer', roles: ['BUYER_AGENT'] as const, viewer: 'buyer' as const, path: '/submitted-offers/update/offer-1', title: 'Your offer' },
    { who: 'the seller', roles: ['SELLER_AGENT'] as const, viewer: 'seller' as const, path: '/my-properties/listing-1/offers/offer-1', title: /Ben Buyer/ },
  ]
  for (const page of pages) {
    it(`${page.who}'s page`, async () => {
      let fail = false
      api.signInAs(userWith({ roles: [...page.roles] }))
      api.fake.on('GET /api/offers/offer-1', () => (fail ? apiError(404, 'request.notFound') : json(200, { offer: testOffer({ viewer: page.viewer, actions: page.viewer === 'seller' ? ['accept', 'decline'] : ['withdraw'] }) })))
      const { queryClient } = renderRoutes(appRoutes(), page.path)
      const title = await screen.findByRole('heading', { level: 1, name: page.title }, { timeout: 10_000 })

      fail = true
      const asked = api.calls('GET /api/offers/offer-1').length
      await act(() => queryClient.refetchQueries({ queryKey: offerKeys.all }))
      await waitFor(() => expect(api.calls('GET /api/offers/offer-1').length).toBeGreaterThan(asked))
      // The query tells its observers a task later (TanStack Query's notify manager); React then draws.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
      expect(screen.getByRole('heading', { level: 1, name: page.title })).toBe(title)
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
      expect(screen.queryByText(/could not be (found|loaded)|no longer/i)).toBeNull()
    })
  }
})
