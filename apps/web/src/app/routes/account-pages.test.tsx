import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { i18n } from '../../shared/i18n/i18n'
import { initSession, saveSession } from '../../shared/session'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'

function userWith(overrides: Partial<User> = {}): User {
  return { uid: 'u1', name: 'Ben Buyer', email: 'ben@example.com', phone: null, photoURL: null, roles: ['BUYER_SIMPLE'], onboarded: true, zipcode: null, sellerAgentId: null, nrds: null, isAddListingEnabled: false, isPrincipalBroker: false, principalBrokerStatus: 'none', language: 'en-us', ...overrides }
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

function apiError(status: number, code: string, message: string) {
  return json(status, { statusCode: status, code, message })
}

const session = (user: User) => ({ accessToken: 'tok', expiresAt: '2030-01-01T00:00:00.000Z', user })
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()

type Handler = (init: RequestInit) => Response | Promise<Response>
let handlers: Record<string, Handler>
let me: User | null
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  initSession()
  me = null
  handlers = {}
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`
    const handler = handlers[key]
    if (handler) return handler(init)
    if (key === 'GET /api/me') return me ? json(200, { user: me }) : apiError(401, 'UNAUTHORIZED', 'Unauthorized')
    if (key === 'GET /api/sso') return json(200, { enabled: false, name: '' })
    return apiError(404, 'NOT_FOUND', 'Not found')
  })
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  // The notification store outlives a test; a full queue would hide the next test's notices.
  notifications.clean()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function signInAs(user: User) {
  me = user
  saveSession({ accessToken: 'tok', persist: false })
}

function calls(key: string): RequestInit[] {
  return fetchMock.mock.calls.filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${(url as string).split('?')[0]}` === key).map(([, init]) => init as RequestInit)
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse((init?.body as string | undefined) ?? 'null') as unknown

describe('sign-up page', () => {
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
    expect(calls('POST /api/accounts')).toHaveLength(0)
  })

  it('shows Email already in use on the email field', async () => {
    handlers['POST /api/accounts'] = () => apiError(409, 'CONFLICT', 'Email already in use')
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
    handlers['POST /api/accounts'] = () => json(201, { email: 'new@example.com', resendAvailableAt: inSeconds(60) })
    let attempts = 0
    handlers['POST /api/accounts/verify'] = () => {
      attempts += 1
      if (attempts === 1) return apiError(400, 'BAD_REQUEST', 'Invalid or expired code')
      me = fresh
      return json(200, session(fresh))
    }
    const { router } = renderRoutes(appRoutes(), '/auth/sign-up')
    await userEvent.type(await screen.findByLabelText(/^Full name/), '  New   Person ')
    await userEvent.type(screen.getByLabelText(/^Email/), 'New@Example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))

    expect(await screen.findByText('Enter the 6-digit code we sent to new@example.com')).toBeTruthy()
    expect(bodyOf(calls('POST /api/accounts')[0])).toEqual({ name: 'New Person', email: 'new@example.com', password: 'offerbook-2026' })
    expect(router.state.location.search).toBe('?verify=new%40example.com')
    expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(/You can ask for a new code in (59|60) s\./)).toBeTruthy()

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
    expect(bodyOf(calls('POST /api/accounts/verify')[1])).toEqual({ email: 'new@example.com', code: '123456', persist: true })
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
    expect(await screen.findByRole('heading', { name: 'Welcome to Offerbook' })).toBeTruthy()
  })

  it('opens the code step from ?verify=, and a new code starts the cooldown', async () => {
    handlers['POST /api/accounts/resend-code'] = () => json(202, { resendAvailableAt: inSeconds(60) })
    renderRoutes(appRoutes(), '/auth/sign-up?verify=ben%40example.com')
    const resend = await screen.findByRole('button', { name: 'Send a new code' })
    expect(resend.hasAttribute('disabled')).toBe(false)
    await userEvent.click(resend)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true))
    expect(bodyOf(calls('POST /api/accounts/resend-code')[0])).toEqual({ email: 'ben@example.com' })
  })

  it('shows the wait message when a new code is asked for too soon', async () => {
    handlers['POST /api/accounts/resend-code'] = () => apiError(429, 'RATE_LIMITED', 'Please wait a minute before asking for a new code')
    renderRoutes(appRoutes(), '/auth/sign-up?verify=ben%40example.com')
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }))
    expect((await screen.findAllByText('Please wait a minute before asking for a new code')).length).toBeGreaterThan(0)
  })
})

describe('recovery page', () => {
  it('sends a code, then resets the password with it and links to sign-in with the email', async () => {
    handlers['POST /api/recovery'] = () => json(202, { message: 'Please check your email for the verification code and reset your password' })
    handlers['POST /api/recovery/reset'] = () => new Response(null, { status: 204 })
    renderRoutes(appRoutes(), '/auth/recovery')
    await userEvent.type(await screen.findByLabelText(/^Email/), 'Ben@Example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))

    expect(await screen.findByText('Please check your email for the verification code and reset your password')).toBeTruthy()
    expect(bodyOf(calls('POST /api/recovery')[0])).toEqual({ email: 'ben@example.com' })

    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456')
    await userEvent.type(screen.getByLabelText(/^New password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2027')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Password mismatch')).toBeTruthy()
    expect(calls('POST /api/recovery/reset')).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText(/^Confirm new password/))
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))

    expect((await screen.findAllByText('Your password has been reset. You can sign in with your new password.')).length).toBeGreaterThan(0)
    expect(bodyOf(calls('POST /api/recovery/reset')[0])).toEqual({ email: 'ben@example.com', code: '123456', password: 'offerbook-2026' })
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/sign-in?email=ben%40example.com')
  })

  it('shows Invalid or expired code on the code field', async () => {
    handlers['POST /api/recovery'] = () => json(202, { message: 'Please check your email for the verification code and reset your password' })
    handlers['POST /api/recovery/reset'] = () => apiError(400, 'BAD_REQUEST', 'Invalid or expired code')
    renderRoutes(appRoutes(), '/auth/recovery')
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ben@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await userEvent.type(await screen.findByLabelText(/^Verification code/), '123456')
    await userEvent.type(screen.getByLabelText(/^New password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() => expect(screen.getByLabelText(/^Verification code/).getAttribute('aria-invalid')).toBe('true'))
  })
})

describe('sign-in page', () => {
  async function requestPhoneCode() {
    await userEvent.click(await screen.findByRole('button', { name: 'Phone' }))
    await userEvent.type(screen.getByLabelText(/^Phone number/), '6155550123')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await screen.findByLabelText(/^Verification code/)
  }

  it('signs in by phone and shows Invalid phone code inline on a wrong code', async () => {
    handlers['POST /api/session/phone-code'] = () => new Response(null, { status: 202 })
    handlers['POST /api/session/phone'] = () => apiError(401, 'UNAUTHORIZED', 'Invalid phone code')
    const { router } = renderRoutes(appRoutes(), '/auth/sign-in')
    await requestPhoneCode()
    expect(bodyOf(calls('POST /api/session/phone-code')[0])).toEqual({ phone: '+16155550123' })

    await userEvent.type(screen.getByLabelText(/^Verification code/), '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Invalid phone code')).toBeTruthy()
    expect(screen.getByLabelText(/^Verification code/).getAttribute('aria-invalid')).toBe('true')
    expect(router.state.location.pathname).toBe('/auth/sign-in')
    expect(bodyOf(calls('POST /api/session/phone')[0])).toEqual({ phone: '+16155550123', code: '000000', persist: false })
  })

  it('leads a user who is not onboarded to onboarding after a phone sign-in', async () => {
    const fresh = userWith({ roles: [], onboarded: false })
    handlers['POST /api/session/phone-code'] = () => new Response(null, { status: 202 })
    handlers['POST /api/session/phone'] = () => {
      me = fresh
      return json(200, session(fresh))
    }
    const { router } = renderRoutes(appRoutes(), '/auth/sign-in?redirect=%2Fdashboard')
    await requestPhoneCode()
    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/welcome'))
  })

  it('offers to enter the code or send a new one when the email is not verified', async () => {
    handlers['POST /api/session'] = () => apiError(409, 'EMAIL_NOT_VERIFIED', 'Please check your email for the verification link')
    handlers['POST /api/accounts/resend-code'] = () => json(202, { resendAvailableAt: inSeconds(60) })
    renderRoutes(appRoutes(), '/auth/sign-in')
    await userEvent.type(await screen.findByLabelText(/^Email/), 'Ben@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const alert = await screen.findByRole('alert', { name: 'Sign-in failed' })
    expect(alert.textContent).toContain('Please check your email for the verification link')
    expect(within(alert).getByRole('link', { name: 'Enter your code' }).getAttribute('href')).toBe('/auth/sign-up?verify=ben%40example.com')
    await userEvent.click(within(alert).getByRole('button', { name: 'Send a new code' }))
    await waitFor(() => expect(calls('POST /api/accounts/resend-code')).toHaveLength(1))
  })

  it('prefills the email from the link after a password reset', async () => {
    renderRoutes(appRoutes(), '/auth/sign-in?email=ben%40example.com')
    expect(((await screen.findByLabelText(/^Email/)) as HTMLInputElement).value).toBe('ben@example.com')
  })

  it('shows the single sign-on button only when the API has it enabled', async () => {
    renderRoutes(appRoutes(), '/auth/sign-in')
    await screen.findByLabelText(/^Email/)
    await waitFor(() => expect(calls('GET /api/sso')).toHaveLength(1))
    expect(screen.queryByRole('link', { name: /^Continue with/ })).toBeNull()
  })

  it('links the single sign-on button to the provider with the redirect', async () => {
    handlers['GET /api/sso'] = () => json(200, { enabled: true, name: 'Acme ID' })
    renderRoutes(appRoutes(), '/auth/sign-in?redirect=%2Fprofile')
    const link = await screen.findByRole('link', { name: 'Continue with Acme ID' })
    expect(link.getAttribute('href')).toBe('/api/sso/start?redirect=%2Fprofile')
  })

  it('says to try another method when single sign-on failed', async () => {
    renderRoutes(appRoutes(), '/auth/sign-in?sso_error=1')
    expect((await screen.findByRole('alert', { name: 'Single sign-on failed' })).textContent).toContain('Please try another login/registration method')
  })

  it.each([
    ['unavailable', 'Single sign-on is unavailable', 'We could not reach your sign-in provider just now.'],
    ['account_not_linked', 'This email already has an Offerbook account', 'Sign in with your email and password instead'],
    ['email_not_verified', 'Your email address is not confirmed', 'Continue with single sign-on again'],
    ['invalid_code', 'Single sign-on failed', 'Please try another login/registration method'],
  ])('explains the single sign-on error %s', async (error, title, text) => {
    renderRoutes(appRoutes(), `/auth/sign-in?sso_error=1&error=${error}`)
    expect((await screen.findByRole('alert', { name: title })).textContent).toContain(text)
  })

  it('asks for the e-mailed code when the provider did not verify the e-mail, and signs in with it', async () => {
    const user = userWith({ email: 'sam@example.com' })
    handlers['GET /api/sso/verify'] = () => json(200, { email: 's***@example.com', expiresAt: inSeconds(600) })
    handlers['POST /api/sso/verify'] = (init) => {
      if ((bodyOf(init) as { code: string }).code !== '123456') return apiError(400, 'BAD_REQUEST', 'Invalid or expired code')
      me = user
      return json(200, session(user))
    }
    const { router } = renderRoutes(appRoutes(), '/auth/sign-in?sso_verify=pending-id')
    const form = await screen.findByRole('form', { name: 'Confirm your email for single sign-on' })
    expect(within(form).getByText('Enter the code we sent to s***@example.com')).toBeTruthy()
    expect(calls('GET /api/sso/verify')).toHaveLength(1)

    await userEvent.type(within(form).getByLabelText(/^Verification code/), '654321')
    await userEvent.click(within(form).getByRole('button', { name: 'Verify and sign in' }))
    expect(await within(form).findByText('Invalid or expired code')).toBeTruthy()

    await userEvent.clear(within(form).getByLabelText(/^Verification code/))
    await userEvent.type(within(form).getByLabelText(/^Verification code/), '123456')
    await userEvent.click(within(form).getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/sign-in'))
    expect(bodyOf(calls('POST /api/sso/verify').at(-1))).toEqual({ pending: 'pending-id', code: '123456' })
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
  })

  it('says the code has run out when the pending sign-in is gone', async () => {
    handlers['GET /api/sso/verify'] = () => apiError(404, 'NOT_FOUND', 'This sign-in has expired. Please sign in with single sign-on again')
    renderRoutes(appRoutes(), '/auth/sign-in?sso_verify=gone')
    expect((await screen.findByRole('alert', { name: 'Your email address is not confirmed' })).textContent).toContain('Continue with single sign-on again')
  })
})

describe('single sign-on return', () => {
  it('trades the provider result for a session and goes to the saved redirect', async () => {
    window.sessionStorage.setItem('offerbook.sso.redirect', '/profile')
    const user = userWith()
    handlers['POST /api/sso/session'] = () => {
      me = user
      return json(200, session(user))
    }
    const { router } = renderRoutes(appRoutes(), '/?sso=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(calls('POST /api/sso/session')).toHaveLength(1)
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
    expect(window.sessionStorage.getItem('offerbook.sso.redirect')).toBeNull()
  })

  it('goes to the user home without a saved redirect, and to sign-in with the error on failure', async () => {
    handlers['POST /api/sso/session'] = () => apiError(409, 'CONFLICT', 'Please try another login/registration method')
    const { router } = renderRoutes(appRoutes(), '/?sso=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'))
    expect(router.state.location.search).toBe('?sso_error=1')
  })
})

describe('onboarding', () => {
  const agentToBe = () => userWith({ roles: [], onboarded: false })

  async function chooseRole(label: string) {
    await userEvent.click(await screen.findByRole('button', { name: 'Get started' }))
    await userEvent.click(await screen.findByRole('radio', { name: label }))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
  }

  it('checks the agent details with the spec messages and keeps entries across Back and Next', async () => {
    signInAs(agentToBe())
    let sent: unknown
    handlers['PUT /api/me/onboarding'] = (init) => {
      sent = bodyOf(init)
      me = userWith({ roles: ['SELLER_AGENT'], onboarded: true })
      return json(200, { user: me })
    }
    const { router } = renderRoutes(appRoutes(), '/onboarding/welcome')
    await chooseRole('I am a listing agent')
    expect(router.state.location.pathname).toBe('/onboarding/details')

    await userEvent.type(await screen.findByLabelText(/^NRDS number/), '123')
    await userEvent.type(screen.getByLabelText(/^Lead agent MLS ID/), 'tn-123456')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '372')
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))

    expect(await screen.findByText('NRDS number must be 9 digits')).toBeTruthy()
    expect(screen.getByText('Lead agent MLS ID must be: state code - license number (e.g., TN-123456)')).toBeTruthy()
    expect(screen.getByText('Required')).toBeTruthy()
    expect(screen.getByText('Invalid ZIP code')).toBeTruthy()
    expect(calls('PUT /api/me/onboarding')).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect((await screen.findByRole('radio', { name: 'I am a listing agent' }) as HTMLInputElement).checked).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect((await screen.findByLabelText(/^Lead agent MLS ID/) as HTMLInputElement).value).toBe('tn-123456')

    await userEvent.clear(screen.getByLabelText(/^NRDS number/))
    await userEvent.type(screen.getByLabelText(/^NRDS number/), '123456789')
    await userEvent.clear(screen.getByLabelText(/^Lead agent MLS ID/))
    await userEvent.type(screen.getByLabelText(/^Lead agent MLS ID/), 'TN-123456')
    await userEvent.type(screen.getByLabelText(/^Phone/), '6155550123')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '03')
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }))

    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeTruthy()
    expect(sent).toEqual({ kind: 'SELLER_AGENT', nrds: '123456789', sellerAgentId: 'TN-123456', phone: '+16155550123', zipcode: '37203' })
    expect(screen.getByRole('link', { name: 'Go to my home' }).getAttribute('href')).toBe('/dashboard')
  })

  it('lets a buyer finish without phone or ZIP code', async () => {
    signInAs(agentToBe())
    handlers['PUT /api/me/onboarding'] = () => json(200, { user: userWith() })
    renderRoutes(appRoutes(), '/onboarding/welcome')
    await chooseRole('I am buying a home')
    expect(screen.queryByLabelText(/^NRDS number/)).toBeNull()
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }))
    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeTruthy()
    expect(bodyOf(calls('PUT /api/me/onboarding')[0])).toEqual({ kind: 'BUYER_SIMPLE' })
  })

  it('sends a signed-in user who is not onboarded from a protected page to onboarding, not from a public one', async () => {
    signInAs(agentToBe())
    const { router } = renderRoutes(appRoutes(), '/dashboard')
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/welcome'))
    await router.navigate('/how-it-works')
    await waitFor(() => expect(document.querySelector('.page-how-it-works')).toBeTruthy())
    expect(router.state.location.pathname).toBe('/how-it-works')
  })

  it('asks an anonymous visitor to sign in and come back', async () => {
    renderRoutes(appRoutes(), '/onboarding/role')
    const link = await screen.findByRole('link', { name: 'Sign in to continue' })
    expect(link.getAttribute('href')).toBe('/auth/sign-in?redirect=%2Fonboarding%2Frole')
  })

  it('sends a user who is already onboarded home', async () => {
    signInAs(userWith())
    const { router } = renderRoutes(appRoutes(), '/onboarding')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('shows the welcome step for an unknown step', async () => {
    signInAs(agentToBe())
    renderRoutes(appRoutes(), '/onboarding/nope')
    expect(await screen.findByRole('heading', { name: 'Welcome to Offerbook' })).toBeTruthy()
  })
})

describe('profile page', () => {
  function profileOf(overrides: Partial<User> = {}) {
    signInAs(userWith({ roles: ['BUYER_SIMPLE'] as Role[], ...overrides }))
    return renderRoutes(appRoutes(), '/profile')
  }

  it('saves only the changed fields and shows a notice', async () => {
    handlers['PATCH /api/me'] = (init) => json(200, { user: userWith({ ...(bodyOf(init) as Partial<User>) }) })
    profileOf()
    const name = await screen.findByLabelText(/^Full name/)
    await userEvent.clear(name)
    await userEvent.type(name, 'Ben')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '3720')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Required First and Last Name')).toBeTruthy()
    expect(screen.getByText('Invalid ZIP code')).toBeTruthy()
    expect(calls('PATCH /api/me')).toHaveLength(0)

    await userEvent.type(name, ' Buyer Jr')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '3')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy()
    expect(bodyOf(calls('PATCH /api/me')[0])).toEqual({ name: 'Ben Buyer Jr', zipcode: '37203' })
  })

  it('shows a taken phone number on the phone field', async () => {
    handlers['PATCH /api/me'] = () => apiError(409, 'CONFLICT', 'This phone number is already in use')
    profileOf()
    await userEvent.type(await screen.findByLabelText(/^Phone/), '6155550123')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.getByLabelText(/^Phone/).getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText('This phone number is already in use').length).toBeGreaterThan(0)
  })

  it('refuses a photo of the wrong type or size before sending it, and shows the uploaded one', async () => {
    handlers['POST /api/me/photo'] = (init) => {
      expect(init.body).toBeInstanceOf(FormData)
      return json(200, { user: userWith({ photoURL: '/files/photo-1.png' }) })
    }
    profileOf()
    const input = await screen.findByLabelText('Photo file')
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp')

    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('The photo must be a JPEG, PNG or WebP image')).toBeTruthy()
    const big = new File(['x'], 'big.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    fireEvent.change(input, { target: { files: [big] } })
    expect(await screen.findByText('The photo is larger than 5 MB')).toBeTruthy()
    expect(calls('POST /api/me/photo')).toHaveLength(0)

    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } })
    expect(await screen.findByText('Your photo has been updated.')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('/files/photo-1.png'))
  })

  it('refuses a new password that does not match, and shows a wrong current password inline', async () => {
    handlers['POST /api/me/password'] = () => apiError(400, 'BAD_REQUEST', 'Your current password is not correct')
    profileOf()
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'old-password')
    await userEvent.type(screen.getByLabelText(/^New password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2027')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password mismatch')).toBeTruthy()
    expect(calls('POST /api/me/password')).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText(/^Confirm new password/))
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true'))
    expect(bodyOf(calls('POST /api/me/password')[0])).toEqual({ currentPassword: 'old-password', newPassword: 'offerbook-2026' })
  })

  it('keeps the user signed in with the new session a password change hands out', async () => {
    handlers['POST /api/me/password'] = () => json(200, { accessToken: 'token-after-change' })
    profileOf()
    const persistBefore = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').persist
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'old-password')
    await userEvent.type(screen.getByLabelText(/^New password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => {
      const stored = JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')
      expect(stored).toEqual({ accessToken: 'token-after-change', persist: persistBefore })
    })
  })

  it('requests principal broker access after a confirmation and shows it pending', async () => {
    handlers['POST /api/me/principal-broker-request'] = () => json(200, { user: userWith({ principalBrokerStatus: 'pending' }) })
    profileOf()
    await userEvent.click(await screen.findByRole('button', { name: 'Request principal broker access' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Pending')).toBeTruthy()
    expect(calls('POST /api/me/principal-broker-request')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Request principal broker access' })).toBeNull()
  })

  it('hides the principal broker section from an approved principal broker', async () => {
    profileOf({ principalBrokerStatus: 'approved', isPrincipalBroker: true })
    await screen.findByRole('heading', { name: 'Personal details' })
    expect(screen.queryByRole('heading', { name: 'Principal broker access' })).toBeNull()
  })

  it('lets an agent change the MLS ID and NRDS number, checked with the onboarding messages', async () => {
    handlers['PATCH /api/me'] = (init) => json(200, { user: userWith({ roles: ['BUYER_AGENT'], sellerAgentId: 'TN-100005', nrds: '500100005', ...(bodyOf(init) as Partial<User>) }) })
    profileOf({ roles: ['BUYER_AGENT'], sellerAgentId: 'TN-100005', nrds: '500100005' })
    const mlsId = await screen.findByRole('textbox', { name: /^Lead agent MLS ID/ })
    const nrds = screen.getByRole('textbox', { name: /^NRDS number/ })
    expect((mlsId as HTMLInputElement).value).toBe('TN-100005')
    expect((nrds as HTMLInputElement).value).toBe('500100005')

    await userEvent.clear(mlsId)
    await userEvent.type(mlsId, 'tn-654321')
    await userEvent.clear(nrds)
    await userEvent.type(nrds, '1234')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Lead agent MLS ID must be: state code - license number (e.g., TN-123456)')).toBeTruthy()
    expect(screen.getByText('NRDS number must be 9 digits')).toBeTruthy()
    expect(mlsId.getAttribute('aria-invalid')).toBe('true')
    expect(calls('PATCH /api/me')).toHaveLength(0)

    await userEvent.clear(mlsId)
    await userEvent.clear(nrds)
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findAllByText('Required')).toHaveLength(2)
    expect(calls('PATCH /api/me')).toHaveLength(0)

    await userEvent.type(mlsId, 'TN-654321')
    await userEvent.type(nrds, '500100005')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy()
    expect(bodyOf(calls('PATCH /api/me')[0])).toEqual({ sellerAgentId: 'TN-654321' })
  })

  it('shows the MLS ID refused by the API on its field, in Spanish too', async () => {
    handlers['PATCH /api/me'] = () =>
      json(400, { statusCode: 400, code: 'BAD_REQUEST', message: 'Only agents have an NRDS number and MLS ID', errors: [{ path: 'sellerAgentId', message: 'Only agents have an NRDS number and MLS ID' }] })
    profileOf({ roles: ['SELLER_AGENT'], sellerAgentId: 'TN-100003', nrds: '500100003', language: 'es-es' })
    await act(() => i18n.changeLanguage('es-es'))
    const mlsId = await screen.findByRole('textbox', { name: /^ID MLS del agente principal/ })
    await userEvent.clear(mlsId)
    await userEvent.type(mlsId, 'TN-654321')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect((await screen.findAllByText('Solo los agentes tienen número NRDS e ID MLS')).length).toBeGreaterThan(0)
    await waitFor(() => expect(mlsId.getAttribute('aria-invalid')).toBe('true'))
  })

  it('shows no NRDS number or MLS ID to someone who is not an agent', async () => {
    profileOf({ roles: ['SELLER_OWNER'] })
    await screen.findByRole('heading', { name: 'Personal details' })
    expect(screen.queryByRole('textbox', { name: /MLS ID/ })).toBeNull()
    expect(screen.queryByRole('textbox', { name: /NRDS/ })).toBeNull()
  })
})
