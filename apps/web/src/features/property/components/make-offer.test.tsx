import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearSession, initSession, saveSession } from '../../../shared/session'
import { renderAt } from '../../../test/render'
import { MakeOffer } from './make-offer'

const id = '6f1c0a52-1d1e-4c47-9a57-3d1f0c9b2a10'

beforeEach(() => initSession())
afterEach(() => clearSession())

describe('MakeOffer', () => {
  it('asks a visitor who is not signed in to sign in, and brings them back to the property', async () => {
    const user = userEvent.setup()
    renderAt(<MakeOffer propertyId={id} canMakeOffers={null} />, `/property/${id}`)
    expect(screen.queryByText('You must be logged in to make an offer')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Make an offer' }))
    expect(screen.getByRole('alert').textContent).toContain('You must be logged in to make an offer')
    expect(screen.getByRole('link', { name: 'Sign in to make an offer' }).getAttribute('href')).toBe(`/auth/sign-in?redirect=${encodeURIComponent(`/property/${id}`)}`)
  })

  it('leads a signed-in buyer to their offers on this property', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<MakeOffer propertyId={id} canMakeOffers />)
    expect(screen.getByRole('link', { name: 'Make an offer' }).getAttribute('href')).toBe(`/submitted-offers/all?property=${id}`)
  })

  it('tells a signed-in account that cannot make offers who can', () => {
    saveSession({ accessToken: 'tok', persist: false })
    renderAt(<MakeOffer propertyId={id} canMakeOffers={false} />)
    expect((screen.getByRole('button', { name: 'Make an offer' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Offers are made by buyers and buyer agents.')).toBeTruthy()
  })
})
