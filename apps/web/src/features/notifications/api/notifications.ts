import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../shared/api-client'
import { notificationKeys } from '../../../shared/query-keys'

/** The user's notifications (GET /api/notifications): what happened to which offer, newest first. */

export type NotificationData = Record<string, string | number | null>

export type AppNotification = {
  id: string
  /** e.g. 'offer.shared', 'offer.accepted'. */
  type: string
  offerId: string | null
  listingId: string | null
  data: NotificationData
  readAt: string | null
  createdAt: string
}

export type NotificationsPage = {
  items: AppNotification[]
  total: number
  page: number
  pageSize: number
  unread: number
}

export const NOTIFICATION_FILTERS = ['all', 'unread'] as const
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number]

export function isNotificationFilter(value: unknown): value is NotificationFilter {
  return NOTIFICATION_FILTERS.includes(value as NotificationFilter)
}


export async function listNotifications(filter: NotificationFilter, page: number): Promise<NotificationsPage> {
  return apiClient.get<NotificationsPage>('/notifications', { page, unread: filter === 'unread' ? true : undefined })
}

export function useNotifications(filter: NotificationFilter, page: number) {
  return useQuery({ queryKey: notificationKeys.page(filter, page), queryFn: () => listNotifications(filter, page), placeholderData: keepPreviousData })
}

/** How many of the newest notifications the header's bell shows. */
export const BELL_SIZE = 10

/**
 * The bell's view: the first page of all notifications (the same query as /notifications/all page 1,
 * so the two share one request), cut to the newest BELL_SIZE, and the unread count.
 */
export function useLatestNotifications() {
  return useQuery({
    queryKey: notificationKeys.page('all', 1),
    queryFn: () => listNotifications('all', 1),
    select: (page: NotificationsPage) => ({ items: page.items.slice(0, BELL_SIZE), unread: page.unread }),
  })
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiClient.post(`/notifications/${encodeURIComponent(id)}/read`)
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiClient.post('/notifications/read-all')
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: markNotificationRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) })
}

export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) })
}
