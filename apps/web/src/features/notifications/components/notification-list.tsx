import { Badge, Box, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconArrowRight, IconChecks } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import { notifyError } from '../../../shared/notify'
import { CenteredLoader } from '../../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import type { AppNotification, NotificationFilter } from '../api/notifications'
import { isNotificationFilter, NOTIFICATION_FILTERS, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications'
import { notificationLink, notificationText } from './notification-text'
import { Pager } from '../../../shared/ui/pager'
import { formatDateTime } from '../../../shared/format-date-time'

export type NotificationListProps = {
  filter: NotificationFilter
  page: number
  onFilter: (filter: NotificationFilter) => void
  onPage: (page: number) => void
}

function NotificationItem({ notification }: { notification: AppNotification }) {
  const { t, i18n } = useTranslation()
  const markRead = useMarkRead()
  const message = notificationText(notification, t, i18n.language)
  const link = notificationLink(notification)
  const unread = notification.readAt === null
  const when = formatDateTime(i18n.language, notification.createdAt)
  const read = () => {
    if (unread) markRead.mutate(notification.id, { onError: notifyError })
  }

  return (
    <Paper component="li" withBorder p="md" bg={unread ? 'brand.0' : undefined} data-unread={unread || undefined}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            {unread && (
              <Badge size="sm" color="brand.7" variant="filled">
                {t('notifications.new')}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              <time dateTime={notification.createdAt}>{when}</time>
            </Text>
          </Group>
          <Text fw={unread ? 700 : 400}>{message}</Text>
        </Stack>
        <Group gap="xs">
          {link && (
            <Button component={Link} to={link} size="xs" variant="light" onClick={read} rightSection={<IconArrowRight size={14} aria-hidden />} aria-label={t('notifications.openLabel', { message })}>
              {t('notifications.open')}
            </Button>
          )}
          {unread && (
            <Button size="xs" variant="default" loading={markRead.isPending} onClick={read} aria-label={t('notifications.markReadLabel', { message })}>
              {t('notifications.markRead')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  )
}

function Results({ filter, page, query, onPage }: { filter: NotificationFilter; page: number; query: ReturnType<typeof useNotifications>; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  if (query.isPending || (query.isPlaceholderData && query.isFetching)) return <CenteredLoader />
  if (query.isError) {
    return <LoadFailedAlert title={t('notifications.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
  }
  // The unread tab keeps only what is unread, whatever the server's filter did.
  const items = filter === 'unread' ? query.data.items.filter((item) => item.readAt === null) : query.data.items
  if (items.length === 0) {
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Title order={2} size="h3">
          {t(`notifications.empty.${filter}`)}
        </Title>
        <Text>{t('notifications.emptyHint')}</Text>
      </Stack>
    )
  }
  const pages = Math.max(1, Math.ceil(query.data.total / query.data.pageSize))
  return (
    <Stack gap="md">
      <Box component="ul" p={0} m={0} style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }} aria-label={t('notifications.listLabel')}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </Box>
      <Pager pages={pages} page={page} onPage={onPage} label={t('notifications.pagination')} />
    </Stack>
  )
}

/** /notifications/{type}: all or only the unread, each with its offer link; mark one or all read. */
export function NotificationList({ filter, page, onFilter, onPage }: NotificationListProps) {
  const { t } = useTranslation()
  const query = useNotifications(filter, page)
  const markAll = useMarkAllRead()
  const unread = query.data?.unread

  return (
    <Stack gap="md">
      {unread !== undefined && (
        <Group justify="space-between">
          <Text role="status">{t('notifications.unreadCount', { count: unread })}</Text>
          {unread > 0 && (
            <Button variant="light" leftSection={<IconChecks size={16} aria-hidden />} loading={markAll.isPending} onClick={() => markAll.mutate(undefined, { onError: notifyError })}>
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Group>
      )}
      <Tabs value={filter} onChange={(value) => isNotificationFilter(value) && onFilter(value)} keepMounted={false}>
        <Tabs.List aria-label={t('notifications.tabsLabel')}>
          {NOTIFICATION_FILTERS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`notifications.filter.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {NOTIFICATION_FILTERS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {name === filter && <Results filter={filter} page={page} query={query} onPage={onPage} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}
