import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'

const api = accountApi()
preloadPages('recovery', 'sign-in')

describe('recovery page', () => {
  it('sends a code, then resets the password with it and links to sign-in with the email', async () => {
    api.handlers['POST /api/recovery'] = () => json(202, { key: 'accounts.recoverySent', message: 'Please check your email for the verification code and reset your password' })
    api.handlers['POST /api/recovery/reset'] = () => new Response(null, { status: 204 })
    renderRoutes(appRoutes(), '/auth/recovery')
    await userEvent.type(await screen.findByLabelText(/^Email/), 'Ben@Example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))

    expect(await screen.findByText('Please check your email for the verification code and reset your password')).toBeTruthy()
    expect(bodyOf(api.calls('POST /api/recovery')[0])).toEqual({ email: 'ben@example.com' })

    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456')
    await userEvent.type(screen.getByLabelText(/^New password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2027')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Password mismatch')).toBeTruthy()
    expect(api.calls('POST /api/recovery/reset')).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText(/^Confirm new password/))
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }))

    expect((await screen.findAllByText('Your password has been reset. You can sign in with your new password.')).length).toBeGreaterThan(0)
    expect(bodyOf(api.calls('POST /api/recovery/reset')[0])).toEqual({ email: 'ben@example.com', code: '123456', password: 'offerbook-2026' })
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/sign-in?email=ben%40example.com')
  })

  it('shows Invalid or expired code on the code field', async () => {
    api.handlers['POST /api/recovery'] = () => json(202, { key: 'accounts.recoverySent', message: 'Please check your email for the verification code and reset your password' })
    api.handlers['POST /api/recovery/reset'] = () => apiError(400, 'BAD_REQUEST', 'accounts.invalidCode')
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
