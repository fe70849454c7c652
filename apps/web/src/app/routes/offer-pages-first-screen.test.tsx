import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OfferView } from '@offerbook/domain/offer'
import { testOffer, testOfferAndCounter } from '../../features/offers/components/details/test-offer'
import { renderRoutes } from '../../test/render'
import { userWith } from '../../test/test-user'
import { appRoutes } from '../router'
import { accountApi, json, preloadPages } from './account-pages.test-helpers'

// The negotiation panel's code arrives when the test says so: a slow network, for the panel's chunk only.
const panelCode = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { arrive: () => arrive(), arrived }
})
vi.mock('../../features/offers/components/negotiation/negotiation-panel', async (importOriginal) => {
  await panelCode.arrived
  return importOriginal()
})

const api = accountApi()
preloadPages('submitted-offer-update', 'my-property-offer')

/** An offer with two versions: its page has a negotiation panel above the terms. */
function inNegotiation(viewer: OfferView['viewer']): OfferView {
  const offer = testOffer({ viewer, status: 'countered', actions: viewer === 'seller' ? ['decline'] : ['withdraw'] })
  return {
    ...offer,
    negotiation: {
      version: 2,
      turn: viewer === 'seller' ? 'buyer' : 'seller',
      versions: testOfferAndCounter(offer.terms),
      bestRequest: null,
      preApprovalVerifiedAt: null,
    },
  }
}

/** Whether the page's title was ever in the page while the negotiation panel above it was not. */
function watchForTitleWithoutPanel(): { seen: () => boolean; stop: () => void } {
  let seen = false
  const check = () => {
    const title = document.querySelector('main h1')
    const panel = document.getElementById('negotiation-title')
    if (title && !panel) seen = true
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true })
  return { seen: () => seen, stop: () => observer.disconnect() }
}

let watcher: ReturnType<typeof watchForTitleWithoutPanel> | null = null
afterEach(() => {
  watcher?.stop()
  watcher = null
})

describe('an offer page in negotiation draws the panel with its first screen, not after it (no layout shift)', { timeout: 30_000 }, () => {
  it("the buyer's offer form waits for the panel's code, then draws the panel and the terms together", async () => {
    api.signInAs(userWith({ roles: ['BUYER_AGENT'] }))
    api.fake.on('GET /api/offers/offer-1', () => json(200, { offer: inNegotiation('buyer') }))
    watcher = watchForTitleWithoutPanel()
    renderRoutes(appRoutes(), '/submitted-offers/update/offer-1')

    // The offer's answer is in; the panel's code is not: the page shows its loader, not the terms.
    await waitFor(() => expect(api.calls('GET /api/offers/offer-1').length).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    expect(screen.getAllByRole('status', { name: /Loading/ }).length).toBeGreaterThan(0)

    panelCode.arrive()
    expect(await screen.findByRole('heading', { level: 1, name: 'Your offer' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Negotiation' })).toBeTruthy()
    expect(watcher.seen()).toBe(false)
  })

  it("the seller's offer view draws the panel and the offer together", async () => {
    panelCode.arrive()
    api.signInAs(userWith({ roles: ['SELLER_AGENT'] }))
    api.fake.on('GET /api/offers/offer-1', () => json(200, { offer: inNegotiation('seller') }))
    watcher = watchForTitleWithoutPanel()
    renderRoutes(appRoutes(), '/my-properties/listing-1/offers/offer-1')

    expect(await screen.findByRole('heading', { level: 1, name: /Ben Buyer/ }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Negotiation' })).toBeTruthy()
    expect(watcher.seen()).toBe(false)
  })
})
