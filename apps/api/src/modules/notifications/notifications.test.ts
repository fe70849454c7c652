import { describe, expect, it } from 'vitest'
import { createTestOffer, createUser } from '../../../test/factories'
import { expectRefusal, offersTestApp } from '../offers/offers.test-helpers'
import type { NotificationsPage } from './notifications.service'
import { NOTIFICATIONS_PAGE_SIZE } from './notifications.service'

const suite = offersTestApp()
const { call } = suite

describe('/api/notifications', () => {
  it("lists the caller's own notifications, newest first, and marks them read", async () => {
    const { offer, buyer, seller } = await createTestOffer(suite.t)
    expect((await call(buyer, 'POST', `/api/offers/${offer.id}/share`)).statusCode).toBe(200)
    expect((await call(buyer, 'POST', `/api/offers/${offer.id}/withdraw`)).statusCode).toBe(200)

    const page = (await call(seller, 'GET', '/api/notifications')).json<NotificationsPage>()
    expect(page).toMatchObject({ total: 2, unread: 2, page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE })
    expect(page.items.map((item) => item.type)).toEqual(['offer.withdrawn', 'offer.shared'])
    expect(page.items[0]).toMatchObject({ offerId: offer.id, readAt: null, data: { side: 'seller', offerId: offer.id } })
    expect((await call(buyer, 'GET', '/api/notifications')).json<NotificationsPage>().total).toBe(0)

    const newest = page.items[0]?.id ?? ''
    expectRefusal(await call(buyer, 'POST', `/api/notifications/${newest}/read`), 404, { key: 'notification.notFound', message: 'Notification not found' })
    const read = await call(seller, 'POST', `/api/notifications/${newest}/read`)
    expect(read.json()).toEqual({ unread: 1 })
    const unread = (await call(seller, 'GET', '/api/notifications?unread=true')).json<NotificationsPage>()
    expect(unread.items.map((item) => item.type)).toEqual(['offer.shared'])
    expect(unread).toMatchObject({ total: 1, unread: 1 })

    expect((await call(seller, 'POST', '/api/notifications/read-all')).json()).toEqual({ unread: 0 })
    const after = (await call(seller, 'GET', '/api/notifications')).json<NotificationsPage>()
    expect(after.unread).toBe(0)
    expect(after.items.every((item) => item.readAt !== null)).toBe(true)
  })

  it('asks for sign-in, and refuses a bad page or id', async () => {
    const someone = await createUser(suite.t, { roles: ['BUYER_SIMPLE'] })
    expectRefusal(await call(null, 'GET', '/api/notifications'), 401)
    expectRefusal(await call(someone, 'GET', '/api/notifications?page=0'), 400)
    expectRefusal(await call(someone, 'POST', '/api/notifications/not-an-id/read'), 404, { key: 'notification.notFound', message: 'Notification not found' })
  })
})
