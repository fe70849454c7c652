import { notifications as toasts } from '@mantine/notifications'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiError, eventBlock, eventStreams, fakeApi, reply } from '../../../test/fake-api'
import { Outlet, renderRoutes } from '../../../test/render'
import { initSession, saveSession } from '../../../shared/session'
import { LiveEventsProvider } from '../../../shared/live/live-events'
import type { AppNotification, NotificationsPage } from '../api/notifications'
import { OFFER_DATA, testNotification } from '../test/test-notification'
import { NotificationBell } from './notification-bell'

const api = fakeApi()
let items: AppNotification[]
let failLoads: number
let streams: ReturnType<typeof eventStreams>
const posts = () => api.calls().filter((request) => request.method === 'POST').map((request) => request.path)
const unread = () => items.filter((item) => !item.readAt).length

// Written to the seller side: each one leads to the seller's review of the offer.
const notification = (rest: Partial<AppNotification>) => testNotification({ data: { ...OFFER_DATA, side: 'seller' }, ...rest })

beforeEach(() => {
  initSession()
  saveSession({ accessToken: 'tok', persist: false })
  failLoads = 0
  streams = eventStreams()
  items = [notification({ id: 'n1' }), notification({ id: 'n2', type: 'offer.updated', readAt: null }), notification({ id: 'n3', type: 'offer.withdrawn', readAt: '2030-01-03T10:00:00.000Z' })]
  api.on('GET /api/events', streams.route)
  api.on('GET /api/notifications', () => {
    if (failLoads > 0) {
      failLoads--
      return apiError(400, 'request.invalid')
    }
    const page: NotificationsPage = { items, total: items.length, page: 1, pageSize: 20, unread: unread() }
    return reply(page)
  })
  api.on('POST /api/notifications/:id/read', ({ params }) => {
    items = items.map((item) => (item.id === params.id ? { ...item, readAt: new Date().toISOString() } : item))
    return reply({ unread: unread() })
  })
  api.on('POST /api/notifications/read-all', () => {
    items = items.map((item) => ({ ...item, readAt: item.readAt ?? new Date().toISOString() }))
    return reply({ unread: 0 })
  })
})

afterEach(() => {
  toasts.clean()
})

function renderBell({ live = false } = {}) {
  // The bell stays in the header while the pages under it change, as in the app shell.
  return renderRoutes(
    [
      {
        element: (
          <>
            {live && <LiveEventsProvider enabled />}
            <NotificationBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '*', element: <p>Home</p> },
          { path: '/my-properties/:id/offers/:offerId', element: <p>Seller offer page</p> },
          { path: '/notifications/all', element: <p>All notifications page</p> },
        ],
      },
    ],
    '/',
  )
}

const bell = (count: number) => screen.findByRole('button', { name: `Notifications, ${count} unread` })

describe('NotificationBell', () => {
  it('shows the unread count and, opened, the newest notifications; opening one marks it read and leads to its offer', async () => {
    const { router } = renderBell()
    await userEvent.click(await bell(2))
    const menu = await screen.findByRole('menu')
    const entries = await within(menu).findAllByRole('menuitem')
    expect(entries.map((entry) => entry.getAttribute('aria-label') ?? entry.textContent)).toEqual([
      'Unread: New offer of $450,000 on 120 Maple Ave, Franklin, TN 37064',
      'Unread: The offer of $450,000 on 120 Maple Ave, Franklin, TN 37064 was updated',
      'The offer of $450,000 on 120 Maple Ave, Franklin, TN 37064 was withdrawn',
      'Mark all read',
      'See all notifications',
    ])
    expect(entries[0]!.getAttribute('href')).toBe('/my-properties/listing-1/offers/offer-1')
    await userEvent.click(entries[1]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-properties/listing-1/offers/offer-1'))
    await bell(1)
    expect(posts()).toEqual(['/api/notifications/n2/read'])
  })

  it('marks all read from the menu and leads to the full list', async () => {
    const { router } = renderBell()
    await userEvent.click(await bell(2))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark all read' }))
    await bell(0)
    expect(posts()).toEqual(['/api/notifications/read-all'])
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all read' })
    expect(markAll.hasAttribute('disabled') || markAll.getAttribute('data-disabled') === 'true').toBe(true)
    await userEvent.click(screen.getByRole('menuitem', { name: 'See all notifications' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/all'))
  })

  it('works from the keyboard', async () => {
    renderBell()
    ;(await bell(2)).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    await within(menu).findAllByRole('menuitem')
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(await bell(2))
  })

  it("shows one digit on the badge: 9 as it is, 10 and more as '9+', the full count in the bell's name", async () => {
    items = Array.from({ length: 9 }, (_, index) => notification({ id: `n${index}`, readAt: null }))
    const nine = renderBell()
    expect((await bell(9)).textContent).toContain('9')
    expect((await bell(9)).textContent).not.toContain('9+')
    nine.unmount()
    items = Array.from({ length: 12 }, (_, index) => notification({ id: `n${index}`, readAt: null }))
    renderBell()
    expect((await bell(12)).textContent).toContain('9+')
    expect((await bell(12)).textContent).not.toContain('12')
  })

  it('says when there is nothing yet', async () => {
    items = []
    renderBell()
    await userEvent.click(await bell(0))
    expect(await screen.findByText('No notifications yet')).toBeTruthy()
  })

  it('says when the notifications could not be loaded, and tries again', async () => {
    failLoads = 2
    renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText('Your notifications could not be loaded')).toBeTruthy()
    await userEvent.click(screen.getByRole('menuitem', { name: 'Try again' }))
    await bell(2)
    expect(await screen.findByRole('menuitem', { name: /^Unread: New offer/ })).toBeTruthy()
  })

  it('counts a notification that arrives on the live stream, without a reload', async () => {
    renderBell({ live: true })
    await bell(2)
    await waitFor(() => expect(streams.opened).not.toEqual([]))
    items = [notification({ id: 'n4', type: 'offer.updated', data: { address: '9 Oak St', price: 500_000, side: 'seller' } }), ...items]
    const data = { notificationId: 'n4', type: 'offer.updated', offerId: 'offer-1', listingId: 'listing-1' }
    act(() => streams.opened.at(-1)!.send(eventBlock(1, 'notification.created', data)))
    await userEvent.click(await bell(3))
    expect(await screen.findByRole('menuitem', { name: 'Unread: The offer of $500,000 on 9 Oak St was updated' })).toBeTruthy()
  })
})
