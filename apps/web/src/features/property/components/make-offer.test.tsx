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
    renderAt(<MakeOffer propertyId={id} canMakeOffers={null} onMakeOffer={() => Promise.resolve()} />, `/property/${id}`)
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
    renderAt(<MakeOffer propertyId={id} canMakeOffers onMakeOffer={onMakeOffer} />)
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
    renderAt(<MakeOffer propertyId={id} canMakeOffers onMakeOffer={onMakeOffer} />)
    await user.click(screen.getByRole('button', { name: 'Make an offer' }))
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot make an offer on your own listing')
  })

  it('tells a signed-in account that cannot make offers who can', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<MakeOffer propertyId={id} canMakeOffers={false} onMakeOffer={() => Promise.resolve()} />)
    expect((screen.getByRole('button', { name: 'Make an offer' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Offers are made by buyers and buyer agents.')).toBeTruthy()
  })
})
