import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@offerbook/domain/roles'
import { SESSION_STORAGE_KEY } from '@offerbook/domain/session'
import type { User } from '@offerbook/domain/user'
import { i18n } from '../../shared/i18n/i18n'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'
import { formatMoney, setMoneyCurrency } from '../../shared/money'

const api = accountApi()
preloadPages('profile')

// The page's sections these tests do not look at (the signed-in devices, the calendar feed, the API keys) find nothing.
beforeEach(() => {
  api.handlers['GET /api/sessions'] = () => apiError(404, 'NOT_FOUND', 'request.notFound')
  api.handlers['GET /api/me/api-keys'] = () => json(200, { items: [] })
  api.handlers['GET /api/me/webhooks'] = () => json(200, { items: [] })
  api.handlers['GET /api/me/calendar-feed'] = () => apiError(404, 'NOT_FOUND', 'request.notFound')
})

describe('profile page', () => {
  function profileOf(overrides: Partial<User> = {}) {
    api.signInAs(userWith({ roles: ['BUYER_SIMPLE'] as Role[], ...overrides }))
    return renderRoutes(appRoutes(), '/profile')
  }

  it('saves only the changed fields and shows a notice', async () => {
    api.handlers['PATCH /api/me'] = (init) => json(200, { user: userWith({ ...(bodyOf(init) as Partial<User>) }) })
    profileOf()
    const name = await screen.findByLabelText(/^Full name/)
    await userEvent.clear(name)
    await userEvent.type(name, 'Ben')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '3720')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Required First and Last Name')).toBeTruthy()
    expect(screen.getByText('Invalid ZIP code')).toBeTruthy()
    expect(api.calls('PATCH /api/me')).toHaveLength(0)

    await userEvent.type(name, ' Buyer Jr')
    await userEvent.type(screen.getByLabelText(/^ZIP code/), '3')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy()
    expect(bodyOf(api.calls('PATCH /api/me')[0])).toEqual({ name: 'Ben Buyer Jr', zipcode: '37203' })
  })

  it('saves the currency chosen, and amounts are then written in it', async () => {
    api.handlers['PATCH /api/me'] = (init) => json(200, { user: userWith({ ...(bodyOf(init) as Partial<User>) }) })
    profileOf()
    await userEvent.selectOptions(await screen.findByLabelText(/^Currency/), 'EUR')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy()
    expect(bodyOf(api.calls('PATCH /api/me')[0])).toEqual({ currency: 'EUR' })
    expect(formatMoney(1_000, 'en-us')).toBe('€1,000')
    setMoneyCurrency('USD')
  })

  it('shows a taken phone number on the phone field', async () => {
    api.handlers['PATCH /api/me'] = () => apiError(409, 'CONFLICT', 'accounts.phoneInUse', ['phone'])
    profileOf()
    await userEvent.type(await screen.findByLabelText(/^Phone/), '6155550123')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.getByLabelText(/^Phone/).getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText('This phone number is already in use').length).toBeGreaterThan(0)
  })

  it('refuses a photo of the wrong type or size before sending it, and shows the uploaded one', async () => {
    api.handlers['POST /api/me/photo'] = (init) => {
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
    expect(api.calls('POST /api/me/photo')).toHaveLength(0)

    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } })
    expect(await screen.findByText('Your photo has been updated.')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('/files/photo-1.png'))
  })

  it('refuses a new password that does not match, and shows a wrong current password inline', async () => {
    api.handlers['POST /api/me/password'] = () => apiError(400, 'BAD_REQUEST', 'profile.wrongCurrentPassword', ['currentPassword'])
    profileOf()
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'old-password')
    await userEvent.type(screen.getByLabelText(/^New password/), 'offerbook-2026')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2027')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password mismatch')).toBeTruthy()
    expect(api.calls('POST /api/me/password')).toHaveLength(0)

    await userEvent.clear(screen.getByLabelText(/^Confirm new password/))
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'offerbook-2026')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true'))
    expect(bodyOf(api.calls('POST /api/me/password')[0])).toEqual({ currentPassword: 'old-password', newPassword: 'offerbook-2026' })
  })

  it('keeps the user signed in with the new session a password change hands out', async () => {
    api.handlers['POST /api/me/password'] = () => json(200, { accessToken: 'token-after-change' })
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
    api.handlers['POST /api/me/principal-broker-request'] = () => json(200, { user: userWith({ principalBrokerStatus: 'pending' }) })
    profileOf()
    await userEvent.click(await screen.findByRole('button', { name: 'Request principal broker access' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Pending')).toBeTruthy()
    expect(api.calls('POST /api/me/principal-broker-request')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Request principal broker access' })).toBeNull()
  })

  it('hides the principal broker section from an approved principal broker', async () => {
    profileOf({ principalBrokerStatus: 'approved', isPrincipalBroker: true })
    await screen.findByRole('heading', { name: 'Personal details' })
    expect(screen.queryByRole('heading', { name: 'Principal broker access' })).toBeNull()
  })

  it('lets an agent change the MLS ID and NRDS number, checked with the onboarding messages', async () => {
    api.handlers['PATCH /api/me'] = (init) => json(200, { user: userWith({ roles: ['BUYER_AGENT'], sellerAgentId: 'TN-100005', nrds: '500100005', ...(bodyOf(init) as Partial<User>) }) })
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
    expect(api.calls('PATCH /api/me')).toHaveLength(0)

    await userEvent.clear(mlsId)
    await userEvent.clear(nrds)
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findAllByText('Required')).toHaveLength(2)
    expect(api.calls('PATCH /api/me')).toHaveLength(0)

    await userEvent.type(mlsId, 'TN-654321')
    await userEvent.type(nrds, '500100005')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy()
    expect(bodyOf(api.calls('PATCH /api/me')[0])).toEqual({ sellerAgentId: 'TN-654321' })
  })

  it('shows the MLS ID refused by the API on its field, in Spanish too', async () => {
    api.handlers['PATCH /api/me'] = () => apiError(400, 'BAD_REQUEST', 'profile.agentDetailsOnly', ['sellerAgentId'])
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
