import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { WebhookSettings } from '@offerbook/domain/webhooks'
import { i18n } from '../../shared/i18n/i18n'
import { renderRoutes } from '../../test/render'
import { appRoutes } from '../router'
import { accountApi, apiError, bodyOf, json, preloadPages } from './account-pages.test-helpers'
import { userWith } from '../../test/test-user'

const api = accountApi()
preloadPages('admin-webhooks')

const DEFAULT: WebhookSettings = { allowPrivate: false, deploymentDefault: false, changedBy: null, changedAt: null }

function openAsSuperAdmin(language: 'en-us' | 'es-es' = 'en-us') {
  api.signInAs(userWith({ uid: 'me', name: 'Sue Super', roles: ['SUPER_ADMIN'], language }))
  return renderRoutes(appRoutes(), '/admin/webhooks')
}

describe('admin webhooks page', () => {
  it('tells where the setting comes from, and a super admin allows private addresses from the keyboard', async () => {
    let settings = DEFAULT
    api.handlers['GET /api/admin/settings/webhooks'] = () => json(200, settings)
    api.handlers['PUT /api/admin/settings/webhooks'] = (init) => {
      const { allowPrivate } = bodyOf(init) as { allowPrivate: boolean }
      settings = { ...settings, allowPrivate, changedBy: 'Sue Super', changedAt: '2026-12-02T15:30:00.000Z' }
      return json(200, settings)
    }
    openAsSuperAdmin()

    const form = await screen.findByRole('form', { name: 'Private addresses for webhooks' })
    expect(within(form).getByRole('status').textContent).toBe('Private addresses are refused.')
    expect(within(form).getByText("No admin has chosen yet: the server's configuration (WEBHOOKS_ALLOW_PRIVATE) gives this, refused.")).toBeTruthy()
    const save = within(form).getByRole('button', { name: 'Save' })
    // Nothing to save until the switch moves.
    expect(save.hasAttribute('disabled')).toBe(true)

    const toggle = within(form).getByRole('switch', { name: 'Allow webhooks to private addresses' })
    toggle.focus()
    await userEvent.keyboard(' ')
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await userEvent.click(save)

    expect(await screen.findByText('The webhook setting is saved.')).toBeTruthy()
    expect(bodyOf(api.calls('PUT /api/admin/settings/webhooks')[0])).toEqual({ allowPrivate: true })
    expect(within(form).getByRole('status').textContent).toBe('Private addresses are allowed.')
    expect(within(form).getByText(/^Chosen by Sue Super on Dec 2, 2026/)).toBeTruthy()
    expect(save.hasAttribute('disabled')).toBe(true)
  })

  it('tells a setting that could not load, and loads it again on Retry', async () => {
    let fail = true
    api.handlers['GET /api/admin/settings/webhooks'] = () => (fail ? apiError(500, 'INTERNAL', 'request.internal') : json(200, { ...DEFAULT, allowPrivate: true, deploymentDefault: true }))
    openAsSuperAdmin()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The webhook setting could not be loaded')).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Private addresses are allowed.')).toBeTruthy()
  })

  it('says who chose when the account is gone, and shows in Spanish', async () => {
    api.handlers['GET /api/admin/settings/webhooks'] = () => json(200, { allowPrivate: true, deploymentDefault: false, changedBy: null, changedAt: '2026-12-01T10:00:00.000Z' })
    openAsSuperAdmin('es-es')
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByText('Las direcciones privadas están permitidas.')).toBeTruthy()
    expect(screen.getByText(/^Elegido el .+ por una cuenta que ya no existe\.$/)).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Permitir webhooks a direcciones privadas' })).toBeTruthy()
  })
})
