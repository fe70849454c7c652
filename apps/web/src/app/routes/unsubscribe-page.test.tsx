import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ROUTES } from '@offerbook/domain/route-access'
import { i18n } from '../../shared/i18n/i18n'
import { apiError, fakeApi, reply } from '../../test/fake-api'
import { renderAt } from '../../test/render'
import UnsubscribePage from './unsubscribe-page'

const route = ROUTES.find((item) => item.name === 'unsubscribe')
if (!route) throw new Error('the unsubscribe route is missing')

const TOKEN = 'ZW1haWw6c0BleGFtcGxlLmNvbQ.sig'
const api = fakeApi()
let optedOut: boolean

beforeEach(() => {
  optedOut = false
  const answer = () => reply({ channel: 'email', address: 's***@example.com', optedOut })
  api.on('GET /api/messages/unsubscribe/:token', apiError(404, 'send.unsubscribeNotFound'))
  api.on(`GET /api/messages/unsubscribe/${TOKEN}`, answer)
  api.on(`POST /api/messages/unsubscribe/${TOKEN}`, () => {
    optedOut = true
    return answer()
  })
  api.on(`DELETE /api/messages/unsubscribe/${TOKEN}`, () => {
    optedOut = false
    return answer()
  })
})
afterEach(async () => {
  await act(() => i18n.changeLanguage('en-us'))
})

describe('UnsubscribePage', () => {
  it('shows the masked address, unsubscribes with the keyboard, and undoes', async () => {
    const user = userEvent.setup()
    renderAt(<UnsubscribePage route={route} params={{ token: TOKEN }} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeTruthy()
    expect(await screen.findByText('Stop messages that Offerbook users send to s***@example.com?')).toBeTruthy()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unsubscribe' }))
    await user.keyboard('{Enter}')
    expect(await screen.findByText('You are unsubscribed')).toBeTruthy()
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
    expect(violations.map((violation) => violation.id)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeTruthy()
    expect(api.calls().map((request) => request.method)).toEqual(['GET', 'POST', 'DELETE'])
  })

  it('says in Spanish when the link is not valid', async () => {
    renderAt(<UnsubscribePage route={route} params={{ token: 'bad' }} />)
    await act(() => i18n.changeLanguage('es-es'))
    expect(await screen.findByText('Este enlace para darse de baja no es válido')).toBeTruthy()
    expect(screen.getByText('Este enlace no funciona')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Darse de baja' })).toBeTruthy()
  })
})
