import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Webhook, WebhookDelivery } from '@offerbook/domain/webhooks'
import { initSession, saveSession } from '../../../shared/session'
import { fakeApi, noContent, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { WebhooksSection } from './webhooks-section'

const SECRET = `whsec_${'A'.repeat(43)}=`
let endpoints: Webhook[]
let deliveries: WebhookDelivery[]
const api = fakeApi()

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  endpoints = []
  deliveries = [
    { id: 'd1', type: 'offer.declined', status: 'delivered', createdAt: '2030-01-01T10:00:00.000Z', nextAttemptAt: null, attempts: [{ at: '2030-01-01T10:00:01.000Z', status: 500, error: 'HTTP 500' }, { at: '2030-01-01T10:00:20.000Z', status: 200, error: null }] },
  ]
  api.on('GET /api/me/webhooks', () => reply({ items: endpoints }))
  api.on('POST /api/me/webhooks', ({ body }) => {
    const input = body as { url: string; events: Webhook['events'] }
    const webhook: Webhook = { id: 'w1', url: input.url, events: input.events, enabled: true, disabledReason: null, createdAt: new Date().toISOString() }
    endpoints = [webhook]
    return reply({ webhook, secret: SECRET }, 201)
  })
  api.on('GET /api/me/webhooks/:id/deliveries', () => reply({ items: deliveries }))
  api.on('POST /api/me/webhooks/:id/deliveries/:deliveryId/redeliver', () => noContent)
})

describe('WebhooksSection', () => {
  it('says when there are none, adds one with its events, shows the secret once, and redelivers from the log by keyboard', async () => {
    const user = userEvent.setup()
    renderAt(<WebhooksSection />)
    expect(await screen.findByText('You have no webhooks yet.')).toBeTruthy()

    await user.type(screen.getByRole('textbox', { name: /Endpoint address/ }), 'https://crm.example.com/hooks')
    await user.click(screen.getByRole('checkbox', { name: 'Offer declined' }))
    await user.click(screen.getByRole('button', { name: 'Add webhook' }))
    expect(((await screen.findByRole('textbox', { name: 'Signing secret' })) as HTMLInputElement).value).toBe(SECRET)
    const posted = api.calls().find((request) => request.method === 'POST')
    expect(posted?.body).toEqual({ url: 'https://crm.example.com/hooks', events: ['offer.declined'] })

    const item = await screen.findByRole('listitem', { name: 'https://crm.example.com/hooks' })
    expect((within(item).getByRole('switch', { name: 'On' }) as HTMLInputElement).checked).toBe(true)
    within(item).getByRole('button', { name: 'Show deliveries' }).focus()
    await user.keyboard('{Enter}')
    const log = await screen.findByRole('table', { name: 'Deliveries to https://crm.example.com/hooks' })
    expect(within(log).getByText('Delivered')).toBeTruthy()
    expect(within(log).getAllByRole('listitem').map((attempt) => attempt.textContent)).toEqual([expect.stringContaining(': 500'), expect.stringContaining(': 200')])
    within(log).getByRole('button', { name: 'Redeliver' }).focus()
    await user.keyboard('{Enter}')
    expect(api.calls().some((request) => request.method === 'POST' && request.url.endsWith('/deliveries/d1/redeliver'))).toBe(true)
  })
})
