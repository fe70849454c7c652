import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeApi, noContent, reply } from '../../../test/fake-api'
import { renderAt } from '../../../test/render'
import { initSession, saveSession } from '../../../shared/session'
import type { AppNotification, NotificationsPage } from '../api/notifications'
import { testNotification } from '../test/test-notification'
import { NotificationList } from './notification-list'

let items: AppNotification[]
const api = fakeApi()

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  items = [testNotification({ id: 'n1' }), testNotification({ id: 'n2', type: 'offer.accepted', readAt: '2030-01-03T10:00:00.000Z' })]
  api.on('GET /api/notifications', () => {
    const page: NotificationsPage = { items, total: items.length, page: 1, pageSize: 20, unread: items.filter((item) => !item.readAt).length }
    return reply(page)
  })
  api.on('POST /api/notifications/:id/read', ({ params }) => {
    items = items.map((item) => (item.id === params.id ? { ...item, readAt: new Date().toISOString() } : item))
    return noContent
  })
  api.on('POST /api/notifications/read-all', () => {
    items = items.map((item) => ({ ...item, readAt: item.readAt ?? new Date().toISOString() }))
    return noContent
  })
})

describe('NotificationList', () => {
  it('writes each notification from its type and data, linking the seller side and the buyer side to their own offer pages', async () => {
    renderAt(<NotificationList filter="all" page={1} onFilter={() => {}} onPage={() => {}} />)
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const [shared, accepted] = within(list).getAllByRole('listitem')
    expect(shared!.textContent).toContain('New offer of $450,000 on 120 Maple Ave, Franklin, TN 37064')
    expect(shared!.textContent).toContain('New')
    expect(within(shared!).getByRole('link', { name: /^Open the offer/ }).getAttribute('href')).toBe('/my-properties/listing-1/offers/offer-1')
    expect(accepted!.textContent).toContain('Your offer of $450,000 on 120 Maple Ave, Franklin, TN 37064 was accepted')
    expect(within(accepted!).getByRole('link', { name: /^Open the offer/ }).getAttribute('href')).toBe('/submitted-offers/update/offer-1')
    expect(within(accepted!).queryByRole('button', { name: /Mark as read/ })).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('1 unread notification')
  })

  it('marks one as read, then all as read', async () => {
    items.push(testNotification({ id: 'n3', type: 'offer.withdrawn' }))
    renderAt(<NotificationList filter="all" page={1} onFilter={() => {}} onPage={() => {}} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read: New offer of $450,000 on 120 Maple Ave, Franklin, TN 37064' }))
    await waitFor(() => expect(screen.getByText('1 unread notification')).toBeTruthy())
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    await waitFor(() => expect(screen.getByText('0 unread notifications')).toBeTruthy())
    expect(screen.queryByRole('button', { name: /Mark as read/ })).toBeNull()
  })

  it('says so when there is nothing unread', async () => {
    items = items.filter((item) => item.readAt)
    renderAt(<NotificationList filter="unread" page={1} onFilter={() => {}} onPage={() => {}} />)
    expect(await screen.findByRole('heading', { name: 'No unread notifications' })).toBeTruthy()
  })
})
