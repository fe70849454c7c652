import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, inSeconds, json, session, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const prefetched = vi.hoisted(() => [] as string[])
vi.mock('../prefetch-page', () => ({ prefetchPage: (name: string) => prefetched.push(name) }))

const api = accountApi()
preloadPages('sign-up', 'onboarding-step', 'team-invitation')

describe('sign-up page', () => {
  // Only the clock is frozen (timers stay real), so the cooldown's text is exact and moves when the test moves the clock.
  const NOW = Date.parse('2026-05-01T12:00:00.000Z')
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })

  it('loads the onboarding page while the code is typed, not after it is accepted', async () => {
    prefetched.length = 0
    renderRoutes(appRoutes(), '/auth/sign-up?verify=new%40example.com')
    expect(await screen.findByLabelText(/^Verification code/)).toBeTruthy()
    expect(prefetched).toContain('onboarding-step')
    expect(api.calls('POST /api/accounts/verify')).toHaveLength(0)
  })

  it('checks name, email and password with the domain rules before calling the API', async () => {
    renderRoutes(appRoutes(), '/auth/sign-up')
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'Ben')
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email')
    await userEvent.type(screen.getByLabelText(/^Password/), 'short')
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'other')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Required First and Last Name')).toBeTruthy()
    expect(screen.getByText('Invalid email')).toBeTruthy()
    expect(screen.getByText('Must have at least 8 characters')).toBeTruthy()
    expect(screen.getByText('Password mismatch')).toBeTruthy()
    expect(api.calls('POST /api/accounts')).toHaveLength(0)
  })

  it('shows Email already in use on the email field', async () => {
    api.handlers['POST /api/accounts'] = () => apiError(409, 'CONFLICT', 'accounts.emailInUse')
    renderRoutes(appRoutes(), '/auth/sign-up')
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'Ben Buyer')
    await userEvent.type(screen.getByLabelText(/^Email/), 'ben@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Email already in use')).toBeTruthy()
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true')
  })

  it('creates the account, waits out the cooldown, verifies the code and goes to onboarding', async () => {
    const fresh = userWith({ email: 'new@example.com', name: 'New Person', roles: [], onboarded: false })
    api.handlers['POST /api/accounts'] = () => json(201, { email: 'new@example.com', resendAvailableAt: inSeconds(60) })
    let attempts = 0
    api.handlers['POST /api/accounts/verify'] = () => {
      attempts += 1
      if (attempts === 1) return apiError(400, 'BAD_REQUEST', 'accounts.invalidCode')
      api.me = fresh
      return json(200, session(fresh))
    }
    const { router } = renderRoutes(appRoutes(), '/auth/sign-up')
    await userEvent.type(await screen.findByLabelText(/^Full name/), '  New   Person ')
    await userEvent.type(screen.getByLabelText(/^Email/), 'New@Example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Enter the 6-digit code we sent to new@example.com')).toBeTruthy()
    expect(bodyOf(api.calls('POST /api/accounts')[0])).toEqual({ name: 'New Person', email: 'new@example.com', password: 'offerbook-2026' })
    expect(router.state.location.search).toBe('?verify=new%40example.com')
    expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByText('You can ask for a new code in 60 s.')).toBeTruthy()
    // The countdown reads the clock once a second (a real timer): 45 s later it says 15 s, and at 60 s the button is back.
    const nextTick = { timeout: 3000 }
    vi.setSystemTime(NOW + 45_000)
    expect(await screen.findByText('You can ask for a new code in 15 s.', {}, nextTick)).toBeTruthy()
    vi.setSystemTime(NOW + 60_000)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(false), nextTick)
    expect(screen.queryByText(/You can ask for a new code in/)).toBeNull()

    const code = screen.getByLabelText(/^Verification code/)
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    await userEvent.type(code, '12345')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6 digits of the code')).toBeTruthy()

    await userEvent.type(code, '6')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Invalid or expired code')).toBeTruthy()

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/welcome'))
    expect(bodyOf(api.calls('POST /api/accounts/verify')[1])).toEqual({ email: 'new@example.com', code: '123456', persist: true })
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
    expect(await screen.findByRole('heading', { name: 'Welcome to Offerbook' })).toBeTruthy()
  })

  it('opens the code step from ?verify=, and a new code starts the cooldown', async () => {
    api.handlers['POST /api/accounts/resend-code'] = () => json(202, { resendAvailableAt: inSeconds(60) })
    renderRoutes(appRoutes(), '/auth/sign-up?verify=ben%40example.com')
    const resend = await screen.findByRole('button', { name: 'Send a new code' })
    expect(resend.hasAttribute('disabled')).toBe(false)
    await userEvent.click(resend)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true))
    expect(screen.getByText('You can ask for a new code in 60 s.')).toBeTruthy()
    expect(bodyOf(api.calls('POST /api/accounts/resend-code')[0])).toEqual({ email: 'ben@example.com' })
  })

  it('shows the wait message when a new code is asked for too soon', async () => {
    api.handlers['POST /api/accounts/resend-code'] = () => apiError(429, 'RATE_LIMITED', 'accounts.resendWait')
    renderRoutes(appRoutes(), '/auth/sign-up?verify=ben%40example.com')
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }))
    expect((await screen.findAllByText('Please wait a minute before asking for a new code')).length).toBeGreaterThan(0)
  })

  it('keeps a team invitation to come back to across the code step, and returns there once verified', async () => {
    const fresh = userWith({ email: 'new@example.com', name: 'New Person', roles: [], onboarded: false })
    const back = '/team-invitation?token=abc'
    api.handlers['POST /api/accounts'] = () => json(201, { email: 'new@example.com', resendAvailableAt: inSeconds(60) })
    api.handlers['POST /api/accounts/verify'] = () => {
      api.me = fresh
      return json(200, session(fresh))
    }
    api.handlers['POST /api/team/invitations/preview'] = () => json(200, { leaderName: 'Lena Listing', email: 'new@example.com', kind: 'agent', brokerage: false, state: 'pending', expiresAt: '2030-01-01T00:00:00.000Z' })
    const { router } = renderRoutes(appRoutes(), `/auth/sign-up?redirect=${encodeURIComponent(back)}`)
    await userEvent.type(await screen.findByLabelText(/^Full name/), 'New Person')
    await userEvent.type(screen.getByLabelText(/^Email/), 'new@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    await userEvent.type(await screen.findByLabelText(/^Verification code/), '123456')
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(back)
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back))
  })
})
