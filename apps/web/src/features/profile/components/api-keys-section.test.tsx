import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ApiKey } from '@offerbook/domain/api-keys'
import { i18n } from '../../../shared/i18n/i18n'
import { initSession, saveSession } from '../../../shared/session'
import { fakeApi, noContent, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { ApiKeysSection, endOfDay } from './api-keys-section'

const SECRET = `obk_${'A'.repeat(43)}`
let keys: ApiKey[]
const api = fakeApi()

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  keys = [
    { id: 'k1', name: 'Back office', start: 'obk_Xy12ab34', scopes: ['listings:read', 'offers:read'], createdAt: '2030-01-01T10:00:00.000Z', expiresAt: null, lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(), expired: false },
    { id: 'k2', name: 'Old CRM', start: 'obk_Qq99zz00', scopes: ['records:read'], createdAt: '2029-01-01T10:00:00.000Z', expiresAt: '2029-06-01T10:00:00.000Z', lastUsedAt: null, expired: true },
  ]
  api.on('GET /api/me/api-keys', () => reply({ items: keys }))
  api.on('POST /api/me/api-keys', ({ body }) => {
    const input = body as { name: string; scopes: ApiKey['scopes']; expiresAt: string | null }
    const key: ApiKey = { id: 'k3', name: input.name, start: SECRET.slice(0, 12), scopes: input.scopes, createdAt: new Date().toISOString(), expiresAt: input.expiresAt, lastUsedAt: null, expired: false }
    keys = [key, ...keys]
    return reply({ key, secret: SECRET }, 201)
  })
  api.on('DELETE /api/me/api-keys/:id', ({ params }) => {
    keys = keys.filter((key) => key.id !== params.id)
    return noContent
  })
})

afterEach(async () => {
  await i18n.changeLanguage('en-us')
})

const posts = () => api.calls().filter((request) => request.method === 'POST')

describe('ApiKeysSection', () => {
  it('lists the keys with name, start, scopes, expiry and last use', async () => {
    renderAt(<ApiKeysSection />)
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading your API keys…')
    const list = await screen.findByRole('list', { name: 'Your API keys' })
    const office = within(list).getByRole('listitem', { name: 'Back office' })
    expect(within(office).getByText('Starts with obk_Xy12ab34')).toBeTruthy()
    expect(within(office).getByText('Read listings')).toBeTruthy()
    expect(within(office).getByText('Read offers')).toBeTruthy()
    expect(within(office).getByText('Never expires')).toBeTruthy()
    expect(within(office).getByText('Last used 5 minutes ago')).toBeTruthy()
    const old = within(list).getByRole('listitem', { name: 'Old CRM' })
    expect(within(old).getByText('Expired')).toBeTruthy()
    expect(within(old).getByText(/^Expired Jun 1, 2029/)).toBeTruthy()
    expect(within(old).getByText('Never used')).toBeTruthy()
  })

  it('says when there are no keys', async () => {
    keys = []
    renderAt(<ApiKeysSection />)
    expect(await screen.findByText('You have no API keys yet.')).toBeTruthy()
  })

  it('creates a key from the form and shows it once, with a copy button', async () => {
    const user = userEvent.setup()
    renderAt(<ApiKeysSection />)
    const form = await screen.findByRole('form', { name: 'New API key' })
    await user.click(within(form).getByRole('button', { name: 'Create API key' }))
    expect(await within(form).findByText('Choose at least one scope')).toBeTruthy()
    expect(within(form).getByText('Required')).toBeTruthy()
    expect(posts()).toEqual([])

    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Listings sync')
    await user.click(within(form).getByRole('checkbox', { name: /Read listings/ }))
    await user.click(within(form).getByRole('button', { name: 'Create API key' }))

    const shown = await screen.findByRole('textbox', { name: 'Your new API key' })
    expect((shown as HTMLInputElement).value).toBe(SECRET)
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
    expect(screen.getByText(/it is shown only this once/)).toBeTruthy()
    expect(posts().map((request) => request.body)).toEqual([{ name: 'Listings sync', scopes: ['listings:read'], expiresAt: null }])
    expect(await screen.findByRole('listitem', { name: 'Listings sync' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'I have copied it' }))
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your new API key' })).toBeNull())
  })

  it('revokes a key only after confirmation, by keyboard, in Spanish', async () => {
    const user = userEvent.setup()
    renderAt(<ApiKeysSection />)
    await act(() => i18n.changeLanguage('es-es'))
    await screen.findByRole('list', { name: 'Sus claves de API' })
    expect(screen.getByText('No caduca')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Revocar la clave de API: Back office' })
    button.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar esta clave de API?' })
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' })))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.calls().filter((request) => request.method === 'DELETE')).toEqual([])

    screen.getByRole('button', { name: 'Revocar la clave de API: Back office' }).focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: '¿Revocar esta clave de API?' })
    await user.keyboard('{Tab}{Enter}')
    expect(await screen.findByText('Clave de API «Back office» revocada')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Back office' })).toBeNull())
    expect(api.calls().filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual(['/api/me/api-keys/k1'])
  })
})

describe('endOfDay', () => {
  it('is the last instant of the day in the reader’s zone', () => {
    const end = new Date(endOfDay('2031-03-04'))
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2031, 2, 4, 23, 59])
  })
})
