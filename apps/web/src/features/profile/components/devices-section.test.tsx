import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Translate } from '../../../shared/i18n/translation'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Device } from '@offerbook/domain/devices'
import { i18n } from '../../../shared/i18n/i18n'
import { initSession, saveSession } from '../../../shared/session'
import { apiError, fakeApi, noContent, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { DevicesSection, lastSeenText } from './devices-section'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

let devices: Device[]
let listStatus: number
const api = fakeApi()

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  listStatus = 200
  devices = [
    { id: 'this-one', browser: 'Chrome 131', system: 'macOS', signedInAt: '2030-01-02T15:00:00.000Z', lastSeenAt: minutesAgo(0), ipAddress: '198.51.100.7', current: true },
    { id: 'phone', browser: 'Safari 17', system: 'iOS', signedInAt: '2030-01-01T09:30:00.000Z', lastSeenAt: minutesAgo(5), ipAddress: '203.0.113.20', current: false },
    { id: 'old-pc', browser: null, system: null, signedInAt: '2029-12-01T09:30:00.000Z', lastSeenAt: minutesAgo(60 * 49), ipAddress: null, current: false },
  ]
  api.on('GET /api/sessions', () => (listStatus !== 200 ? apiError(listStatus, 'session.unavailable') : reply({ items: devices })))
  api.on('DELETE /api/sessions', () => {
    const before = devices.length
    devices = devices.filter((device) => device.current)
    return reply({ signedOut: before - devices.length })
  })
  api.on('DELETE /api/sessions/:id', ({ params }) => {
    if (!devices.some((device) => device.id === params.id)) return apiError(404, 'session.deviceNotFound')
    devices = devices.filter((device) => device.id !== params.id)
    return noContent
  })
})

afterEach(async () => {
  await i18n.changeLanguage('en-us')
})

const deletes = () => api.calls().filter((request) => request.method === 'DELETE').map((request) => request.url)

describe('DevicesSection', () => {
  it('lists the devices with browser, system, dates and IP, marking this one', async () => {
    renderAt(<DevicesSection />)
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading your devices…')
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(3)

    const current = within(list).getByRole('listitem', { name: 'Chrome 131 on macOS' })
    expect(within(current).getByText('This device')).toBeTruthy()
    expect(within(current).getByText('Active now')).toBeTruthy()
    expect(within(current).getByText('IP address 198.51.100.7')).toBeTruthy()
    expect(within(current).queryByRole('button')).toBeNull()

    const phone = within(list).getByRole('listitem', { name: 'Safari 17 on iOS' })
    expect(within(phone).queryByText('This device')).toBeNull()
    expect(within(phone).getByText('Last seen 5 minutes ago')).toBeTruthy()
    expect(within(phone).getByText(/^Signed in Jan 1, 2030/)).toBeTruthy()
    expect(within(phone).getByRole('button', { name: 'Sign out this device: Safari 17 on iOS' })).toBeTruthy()

    const unknown = within(list).getByRole('listitem', { name: 'Unknown browser on unknown system' })
    expect(within(unknown).getByText('Last seen 2 days ago')).toBeTruthy()
    expect(within(unknown).getByText('IP address unknown')).toBeTruthy()
  })

  it('signs one device out after confirmation and shows the list without it', async () => {
    const user = userEvent.setup()
    renderAt(<DevicesSection />)
    await user.click(await screen.findByRole('button', { name: 'Sign out this device: Safari 17 on iOS' }))

    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' })
    expect(within(dialog).getByText('Safari 17 on iOS will be signed out and will have to sign in again.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(deletes()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Sign out this device: Safari 17 on iOS' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out this device?' })).getByRole('button', { name: 'Sign out this device' }))

    expect(await screen.findByText('Safari 17 on iOS has been signed out.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari 17 on iOS' })).toBeNull())
    expect(deletes()).toEqual(['/api/sessions/phone'])
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('says so when the device was already signed out elsewhere', async () => {
    const user = userEvent.setup()
    renderAt(<DevicesSection />)
    await user.click(await screen.findByRole('button', { name: 'Sign out this device: Safari 17 on iOS' }))
    devices = devices.filter((device) => device.id !== 'phone')
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out this device' }))
    expect(await screen.findByText('That device was already signed out.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari 17 on iOS' })).toBeNull())
  })

  it('signs out everywhere else and then says this is the only device', async () => {
    const user = userEvent.setup()
    renderAt(<DevicesSection />)
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }))

    expect(await screen.findByText('2 other devices have been signed out.')).toBeTruthy()
    expect(await screen.findByText('This is the only device signed in to your account.')).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull())
    expect(deletes()).toEqual(['/api/sessions'])
  })

  it('shows the error with Retry when the list cannot load', async () => {
    listStatus = 503
    const user = userEvent.setup()
    renderAt(<DevicesSection />)
    // A 5xx is tried twice more (app/query-client.ts) before the error shows.
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(within(alert).getByText('Your devices could not be loaded')).toBeTruthy()
    listStatus = 200
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('list', { name: 'Signed-in devices' })).toBeTruthy()
  })

  it('is keyboard operable and speaks Spanish', async () => {
    const user = userEvent.setup()
    renderAt(<DevicesSection />)
    await act(() => i18n.changeLanguage('es-es'))
    await screen.findByRole('list', { name: 'Dispositivos con sesión iniciada' })
    expect(screen.getByText('Este dispositivo')).toBeTruthy()
    expect(screen.getByText('Última actividad: hace 5 minutos')).toBeTruthy()

    const button = screen.getByRole('button', { name: 'Cerrar sesión en este dispositivo: Safari 17 en iOS' })
    button.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión en este dispositivo?' })
    // Cancel has the focus, so Enter alone never signs a device out by accident.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' })))
    await user.keyboard('{Tab}{Enter}')
    expect(await screen.findByText('Se ha cerrado la sesión en Safari 17 en iOS.')).toBeTruthy()
    expect(deletes()).toEqual(['/api/sessions/phone'])
  })
})

describe('lastSeenText', () => {
  const t = ((key: string) => key) as unknown as Translate
  const now = Date.parse('2030-06-15T12:00:00.000Z')
  it.each([
    ['2030-06-15T11:59:30.000Z', 'accounts.profile.devices.justNow'],
    ['2030-06-15T11:55:00.000Z', '5 minutes ago'],
    ['2030-06-15T09:00:00.000Z', '3 hours ago'],
    ['2030-06-14T11:00:00.000Z', 'yesterday'],
    ['2030-04-01T11:00:00.000Z', 'Apr 1, 2030, 11:00 AM'],
  ])('says when %s was, seen at noon', (iso, expected) => {
    // The date case depends on the time zone; the relative ones do not.
    const text = lastSeenText(t, 'en-us', iso, now)
    if (expected.startsWith('Apr')) expect(text).toMatch(/^Apr 1, 2030/)
    else expect(text).toBe(expected)
  })
})
