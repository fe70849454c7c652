import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, inSeconds, json, session, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('sign-in', 'home', 'onboarding-step', 'profile', 'dashboard')

describe('sign-in page', () => {
  async function requestPhoneCode() {
    await userEvent.click(await screen.findByRole('button', { name: 'Phone' }))
    await userEvent.type(screen.getByLabelText(/^Phone number/), '6155550123')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    await screen.findByLabelText(/^Verification code/)
  }

  it('signs in by phone and shows Invalid phone code inline on a wrong code', async () => {
    api.handlers['POST /api/session/phone-code'] = () => new Response(null, { status: 202 })
    api.handlers['POST /api/session/phone'] = () => apiError(401, 'UNAUTHORIZED', 'accounts.invalidPhoneCode')
    const { router } = renderRoutes(appRoutes(), '/auth/sign-in')
    await requestPhoneCode()
    expect(bodyOf(api.calls('POST /api/session/phone-code')[0])).toEqual({ phone: '+16155550123' })

    await userEvent.type(screen.getByLabelText(/^Verification code/), '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Invalid phone code')).toBeTruthy()
    expect(screen.getByLabelText(/^Verification code/).getAttribute('aria-invalid')).toBe('true')
    expect(router.state.location.pathname).toBe('/auth/sign-in')
    expect(bodyOf(api.calls('POST /api/session/phone')[0])).toEqual({ phone: '+16155550123', code: '000000', persist: false })
  })

  it('asks for the phone before sending a code, and shows the API refusal of the number under the field', async () => {
    api.handlers['POST /api/session/phone-code'] = () => apiError(400, 'BAD_REQUEST', 'common.invalidPhone', ['phone'])
    renderRoutes(appRoutes(), '/auth/sign-in')
    await userEvent.click(await screen.findByRole('button', { name: 'Phone' }))
    const phone = screen.getByLabelText(/^Phone number/)
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Required')).toBeTruthy()
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(api.calls('POST /api/session/phone-code')).toHaveLength(0)

    await userEvent.type(phone, '6155550123')
    expect(screen.queryByText('Required')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Invalid phone number')).toBeTruthy()
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(bodyOf(api.calls('POST /api/session/phone-code')[0])).toEqual({ phone: '+16155550123' })
    expect(screen.queryByLabelText(/^Verification code/)).toBeNull()
  })

  it('leads a user who is not onboarded to onboarding after a phone sign-in', async () => {
    const fresh = userWith({ roles: [], onboarded: false })
    api.handlers['POST /api/session/phone-code'] = () => new Response(null, { status: 202 })
    api.handlers['POST /api/session/phone'] = () => {
      api.me = fresh
      return json(200, session(fresh))
    }
    const { router } = renderRoutes(appRoutes(), '/auth/sign-in?redirect=%2Fdashboard')
    await requestPhoneCode()
    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/welcome'))
  })

  it('offers to enter the code or send a new one when the email is not verified', async () => {
    api.handlers['POST /api/session'] = () => apiError(409, 'EMAIL_NOT_VERIFIED', 'session.emailNotVerified')
    api.handlers['POST /api/accounts/resend-code'] = () => json(202, { resendAvailableAt: inSeconds(60) })
    renderRoutes(appRoutes(), '/auth/sign-in')
    await userEvent.type(await screen.findByLabelText(/^Email/), 'Ben@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    const alert = await screen.findByRole('alert', { name: 'Sign-in failed' })
    expect(alert.textContent).toContain('Please check your email for the verification link')
    expect(within(alert).getByRole('link', { name: 'Enter your code' }).getAttribute('href')).toBe('/auth/sign-up?verify=ben%40example.com')
    await userEvent.click(within(alert).getByRole('button', { name: 'Send a new code' }))
    await waitFor(() => expect(api.calls('POST /api/accounts/resend-code')).toHaveLength(1))
  })

  it('prefills the email from the link after a password reset', async () => {
    renderRoutes(appRoutes(), '/auth/sign-in?email=ben%40example.com')
    expect(((await screen.findByLabelText(/^Email/)) as HTMLInputElement).value).toBe('ben@example.com')
  })

  it('shows the single sign-on button only when the API has it enabled', async () => {
    renderRoutes(appRoutes(), '/auth/sign-in')
    await screen.findByLabelText(/^Email/)
    await waitFor(() => expect(api.calls('GET /api/sso')).toHaveLength(1))
    expect(screen.queryByRole('link', { name: /^Continue with/ })).toBeNull()
  })

  it('links the single sign-on button to the provider with the redirect', async () => {
    api.handlers['GET /api/sso'] = () => json(200, { enabled: true, name: 'Acme ID' })
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
    api.handlers['GET /api/sso/verify'] = () => json(200, { email: 's***@example.com', expiresAt: inSeconds(600) })
    api.handlers['POST /api/sso/verify'] = (init) => {
      if ((bodyOf(init) as { code: string }).code !== '123456') return apiError(400, 'BAD_REQUEST', 'accounts.invalidCode')
      api.me = user
      return json(200, session(user))
    }
    api.handlers['GET /api/dashboard'] = () => json(200, { drafts: [], offersToAnswer: [], documentsToSign: [], deadlines: [] })
    const { router } = renderRoutes(appRoutes(), '/auth/sign-in?sso_verify=pending-id')
    const form = await screen.findByRole('form', { name: 'Confirm your email for single sign-on' })
    expect(within(form).getByText('Enter the code we sent to s***@example.com')).toBeTruthy()
    expect(api.calls('GET /api/sso/verify')).toHaveLength(1)

    await userEvent.type(within(form).getByLabelText(/^Verification code/), '654321')
    await userEvent.click(within(form).getByRole('button', { name: 'Verify and sign in' }))
    expect(await within(form).findByText('Invalid or expired code')).toBeTruthy()

    await userEvent.clear(within(form).getByLabelText(/^Verification code/))
    await userEvent.type(within(form).getByLabelText(/^Verification code/), '123456')
    await userEvent.click(within(form).getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(bodyOf(api.calls('POST /api/sso/verify').at(-1))).toEqual({ pending: 'pending-id', code: '123456' })
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
  })

  it('says the code has run out when the pending sign-in is gone', async () => {
    api.handlers['GET /api/sso/verify'] = () => apiError(404, 'NOT_FOUND', 'sso.proofExpired')
    renderRoutes(appRoutes(), '/auth/sign-in?sso_verify=gone')
    expect((await screen.findByRole('alert', { name: 'Your email address is not confirmed' })).textContent).toContain('Continue with single sign-on again')
  })
})

describe('single sign-on return', () => {
  it('trades the provider result for a session and goes to the saved redirect', async () => {
    window.sessionStorage.setItem('offerbook.sso.redirect', '/profile')
    const user = userWith()
    api.handlers['POST /api/sso/session'] = () => {
      api.me = user
      return json(200, session(user))
    }
    // The profile page, where the redirect leads, reads its sections.
    api.handlers['GET /api/sessions'] = () => json(200, { items: [] })
    api.handlers['GET /api/me/api-keys'] = () => json(200, { items: [] })
    api.handlers['GET /api/me/webhooks'] = () => json(200, { items: [] })
    api.handlers['GET /api/me/calendar-feed'] = () => apiError(404, 'NOT_FOUND', 'request.notFound')
    const { router } = renderRoutes(appRoutes(), '/?sso=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    await waitFor(() => expect(document.querySelector('.page-profile')).toBeTruthy())
    expect(api.calls('POST /api/sso/session')).toHaveLength(1)
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ accessToken: 'tok', persist: true })
    expect(window.sessionStorage.getItem('offerbook.sso.redirect')).toBeNull()
  })

  it('goes to the user home without a saved redirect, and to sign-in with the error on failure', async () => {
    api.handlers['POST /api/sso/session'] = () => apiError(409, 'CONFLICT', 'session.otherMethod')
    const { router } = renderRoutes(appRoutes(), '/?sso=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'))
    expect(router.state.location.search).toBe('?sso_error=1')
  })
})
