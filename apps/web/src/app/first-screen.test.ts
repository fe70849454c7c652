import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstAnswerPaths } from '@offerbook/domain/first-answers'
import { matchRoute } from '@offerbook/domain/route-access'
import { clearSession, saveSession } from '../shared/session'
import { fakeApi, reply } from '../test/fake-api'
import { userWith } from '../test/test-user'
import { preloadFirstScreen, preloadScreen } from './page-modules'

const api = fakeApi()

function contextAt(address: string) {
  const url = new URL(address, 'http://localhost')
  const { route, params } = matchRoute(url.pathname)
  return { route, context: { queryClient: new QueryClient(), params, search: url.searchParams } }
}

function answerTheApi() {
  api.on('GET /api/me', reply({ user: userWith() }))
  api.on('GET /api/dashboard', reply({ items: [] }))
  api.on('GET /api/offers/:id', reply({ offer: { id: 'offer-7' } }))
}

afterEach(() => clearSession())

describe("the app's start asks a signed-in page's first answers beside its code (decision 090)", () => {
  it('asks the user and the dashboard at once, and the route showing afterwards asks neither again', async () => {
    answerTheApi()
    saveSession({ accessToken: 'tok', persist: true })
    const { route, context } = contextAt('/dashboard')

    expect(preloadFirstScreen(route, context)).toBe(true)
    await vi.waitFor(() => expect(api.calls('GET /api/dashboard')).toHaveLength(1))
    expect(api.calls('GET /api/me')).toHaveLength(1)
    expect(api.calls('GET /api/dashboard')[0]?.headers.get('authorization')).toBe('Bearer tok')

    // The route's first render asks for the same screen: the answers on their way serve it.
    preloadScreen(route, context)
    await vi.waitFor(() => expect(context.queryClient.getQueryData(['dashboard', 'next'])).toEqual({ items: [] }))
    expect(api.calls('GET /api/dashboard')).toHaveLength(1)
    expect(api.calls('GET /api/me')).toHaveLength(1)
  })

  it("asks the offer of the offer form's address", async () => {
    answerTheApi()
    saveSession({ accessToken: 'tok', persist: true })
    const { route, context } = contextAt('/submitted-offers/update/offer-7')

    preloadFirstScreen(route, context)
    await vi.waitFor(() => expect(api.calls('GET /api/offers/:id')).toHaveLength(1))
    expect(api.calls('GET /api/offers/:id')[0]?.path).toBe('/api/offers/offer-7')
    expect(api.calls('GET /api/me')).toHaveLength(1)
  })

  it("asks My Listings' screen for the tab, search and page of its address", async () => {
    api.on('GET /api/me', reply({ user: userWith() }))
    api.on('GET /api/listings/mine/screen', reply({ listings: { items: [], total: 0, page: 2, pageSize: 12 }, counts: {} }))
    saveSession({ accessToken: 'tok', persist: true })
    const { route, context } = contextAt('/my-properties/list?status=closed&q=elm&page=2')

    expect(preloadFirstScreen(route, context)).toBe(true)
    await vi.waitFor(() => expect(api.calls('GET /api/listings/mine/screen')).toHaveLength(1))
    const query = api.calls('GET /api/listings/mine/screen')[0]?.query
    expect(query?.get('q')).toBe('elm')
    expect(query?.get('page')).toBe('2')
    expect(query?.get('pageSize')).toBe('12')
    expect(query?.get('status')).toBe('Closed')
  })

  it("asks exactly the URLs the page's HTML asked already, so it takes those answers (decision 101)", async () => {
    api.on('GET /api/*', reply({ user: userWith(), offer: { id: 'o' }, optimize: {}, offers: { items: [] } }))
    saveSession({ accessToken: 'tok', persist: true })
    for (const address of ['/dashboard', '/submitted-offers/update/o-1', '/my-properties/l-1/offers/o-2', '/my-properties/l-1/accept-offer-popup?offer=o-3', '/my-properties/l-1/optimize']) {
      const { route, context } = contextAt(address)
      const asked = api.calls().length
      preloadFirstScreen(route, context)
      const expected = firstAnswerPaths(matchRoute(new URL(address, 'http://localhost').pathname), context.search)
      expect(expected).toHaveLength(2)
      await vi.waitFor(() => expect(api.calls().slice(asked).map((call) => call.url).sort()).toEqual([...expected].sort()))
      clearSession()
      saveSession({ accessToken: 'tok', persist: true })
    }
  })

  it('asks nothing without a session, nor for a public page', async () => {
    answerTheApi()
    const signedOut = contextAt('/dashboard')
    expect(preloadFirstScreen(signedOut.route, signedOut.context)).toBe(false)

    saveSession({ accessToken: 'tok', persist: true })
    const visitor = contextAt('/how-it-works')
    expect(preloadFirstScreen(visitor.route, visitor.context)).toBe(false)

    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.calls()).toEqual([])
  })
})
