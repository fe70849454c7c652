import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiClientError } from '../../../shared/api-client'
import { clearSession, initSession, saveSession } from '../../../shared/session'
import { renderAt } from '../../../test/render'
import { MakeOffer } from './make-offer'

const id = '6f1c0a52-1d1e-4c47-9a57-3d1f0c9b2a10'

beforeEach(() => initSession())
afterEach(() => clearSession())

describe('MakeOffer', () => {
  it('asks a visitor who is not signed in to sign in, and brings them back to the property', async () => {
    const user = userEvent.setup()
    renderAt(<MakeOffer propertyId={id} status="Active" canMakeOffers={null} onMakeOffer={() => Promise.resolve()} />, `/property/${id}`)
    expect(screen.queryByText('You must be logged in to make an offer')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Make an offer' }))
    expect(screen.getByRole('alert').textContent).toContain('You must be logged in to make an offer')
    expect(screen.getByRole('link', { name: 'Sign in to make an offer' }).getAttribute('href')).toBe(`/auth/sign-in?redirect=${encodeURIComponent(`/property/${id}`)}`)
  })

  it('starts an offer for a signed-in buyer, the button busy until it is made', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    const user = userEvent.setup()
    let finish = () => {}
    const onMakeOffer = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    renderAt(<MakeOffer propertyId={id} status="Active" canMakeOffers onMakeOffer={onMakeOffer} />)
    const button = screen.getByRole('button', { name: 'Make an offer' })
    await user.click(button)
    expect(onMakeOffer).toHaveBeenCalledTimes(1)
    expect(button.getAttribute('data-loading')).toBe('true')
    finish()
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull())
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("shows the API's refusal when the offer cannot be made", async () => {
    saveSession({ accessToken: 'tok', persist: false })
    const user = userEvent.setup()
    const onMakeOffer = () => Promise.reject(new ApiClientError(403, { key: 'offer.ownListing' }))
    renderAt(<MakeOffer propertyId={id} status="Active" canMakeOffers onMakeOffer={onMakeOffer} />)
    await user.click(screen.getByRole('button', { name: 'Make an offer' }))
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot make an offer on your own listing')
  })

  it('tells a signed-in account that cannot make offers who can', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<MakeOffer propertyId={id} status="Active" canMakeOffers={false} onMakeOffer={() => Promise.resolve()} />)
    expect((screen.getByRole('button', { name: 'Make an offer' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Offers are made by buyers and buyer agents.')).toBeTruthy()
  })

  it('is disabled on a Coming soon home, with the reason, for visitors and buyers alike', async () => {
    const onMakeOffer = vi.fn(() => Promise.resolve())
    const { unmount } = renderAt(<MakeOffer propertyId={id} status="ComingSoon" canMakeOffers={null} onMakeOffer={onMakeOffer} />)
    const button = screen.getByRole('button', { name: 'Make an offer' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText('Coming soon: offers open when it is listed').id)
    unmount()
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<MakeOffer propertyId={id} status="ComingSoon" canMakeOffers onMakeOffer={onMakeOffer} yourOffer={{ path: '/submitted-offers/update/o1', status: 'draft' }} />)
    expect((screen.getByRole('button', { name: 'Make an offer' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('link', { name: 'Open your offer' })).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Make an offer' }))
    expect(onMakeOffer).not.toHaveBeenCalled()
  })

  it('gives each status that takes no offers its own reason', () => {
    const reasons = (['Pending', 'Closed', 'Hold', 'Withdrawn', 'Expired', 'Canceled', 'Incomplete', 'Delete'] as const).map((status) => {
      const { unmount } = renderAt(<MakeOffer propertyId={id} status={status} canMakeOffers onMakeOffer={() => Promise.resolve()} />)
      expect((screen.getByRole('button', { name: 'Make an offer' }) as HTMLButtonElement).disabled, status).toBe(true)
      const reason = screen.getByTestId('make-offer-reason').textContent ?? ''
      unmount()
      return reason
    })
    expect(reasons[0]).toBe('Pending: the seller has accepted an offer and takes no others')
    expect(reasons[1]).toBe('Sold: this home has closed and takes no offers')
    expect(new Set(reasons).size).toBe(reasons.length)
  })

  it('leads a buyer with an open offer on the home to it, and still lets them make another on purpose', async () => {
    saveSession({ accessToken: 'tok', persist: false })
    const user = userEvent.setup()
    const onMakeOffer = vi.fn(() => Promise.resolve())
    renderAt(<MakeOffer propertyId={id} status="ActiveUnderContract" canMakeOffers onMakeOffer={onMakeOffer} yourOffer={{ path: '/submitted-offers/update/o1', status: 'active' }} />)
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Open your offer' }).getAttribute('href')).toBe('/submitted-offers/update/o1')
    expect(screen.getByText('You already have an offer on this home (Active).')).toBeTruthy()
    expect(onMakeOffer).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Make another offer' }))
    expect(onMakeOffer).toHaveBeenCalledTimes(1)
  })
})
