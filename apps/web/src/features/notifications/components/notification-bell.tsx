import { ActionIcon, Box, Group, Indicator, Loader, Menu, Stack, Text } from '@mantine/core'
import { IconArrowRight, IconBell, IconChecks } from '@tabler/icons-react'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import { notifyError } from '../../../shared/notify'
import type { AppNotification } from '../api/notifications'
import { useLatestNotifications, useMarkAllRead, useMarkRead } from '../api/notifications'
import { notificationLink, notificationText } from './notification-text'
import { formatDateTime } from '../../../shared/format-date-time'

/** The badge holds one digit at its size: 10 and more read "9+", never a clipped "10". */
const MAX_BADGE = 9

function BellItem({ notification, onOpen }: { notification: AppNotification; onOpen: (notification: AppNotification) => void }) {
  const { t, i18n } = useTranslation()
  const message = notificationText(notification, t, i18n.language)
  const link = notificationLink(notification)
  const unread = notification.readAt === null
  const when = formatDateTime(i18n.language, notification.createdAt)
  const content = (
    <Stack gap={2}>
      <Text size="sm" fw={unread ? 700 : 400} style={{ whiteSpace: 'normal' }}>
        {message}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={notification.createdAt}>{when}</time>
      </Text>
    </Stack>
  )
  const common = {
    onClick: () => onOpen(notification),
    'data-unread': unread || undefined,
    'aria-label': unread ? t('notificationBell.unreadItem', { message }) : message,
    leftSection: <Box w={8} h={8} bg={unread ? 'brand.7' : 'transparent'} style={{ borderRadius: '50%' }} aria-hidden />,
    bg: unread ? 'brand.0' : undefined,
  }
  return link ? (
    <Menu.Item component={Link} to={link} {...common}>
      {content}
    </Menu.Item>
  ) : (
    <Menu.Item {...common}>{content}</Menu.Item>
  )
}

function BellContent({ onOpen }: { onOpen: (notification: AppNotification) => void }) {
  const { t } = useTranslation()
  // Its own observer of the bell's query: a query result only re-renders for the fields its reader used.
  const query = useLatestNotifications()
  if (query.isPending) {
    return (
      <Group justify="center" gap="xs" p="sm">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('notificationBell.loading')}</Text>
      </Group>
    )
  }
  if (query.isError) {
    return (
      <>
        <Text size="sm" c="var(--mantine-color-error)" p="sm">
          {t('notificationBell.loadFailed')}
        </Text>
        <Menu.Item closeMenuOnClick={false} onClick={() => void query.refetch()}>
          {t('notificationBell.retry')}
        </Menu.Item>
      </>
    )
  }
  if (query.data.items.length === 0) {
    return (
      <Text size="sm" p="sm" ta="center">
        {t('notificationBell.empty')}
      </Text>
    )
  }
  return (
    <>
      {query.data.items.map((notification) => (
        <BellItem key={notification.id} notification={notification} onOpen={onOpen} />
      ))}
    </>
  )
}

/**
 * The header's bell (issue #14 part 3): the unread count, and a menu of the newest ten notifications,
 * each leading to its offer (and read once opened), with 'Mark all read' and 'See all'. The live
 * stream (shared/live) refreshes it when a notification arrives. Shown only to signed-in users whose
 * roles may open /notifications; the app shell loads this module only for them.
 */
export function NotificationBell() {
  const { t } = useTranslation()
  const query = useLatestNotifications()
  const markRead = useMarkRead()
  const markAll = useMarkAllRead()
  const unread = query.data?.unread ?? 0
  const label = query.data ? t('notificationBell.label', { count: unread }) : t('notificationBell.labelPlain')

  const open = (notification: AppNotification) => {
    if (notification.readAt === null) markRead.mutate(notification.id, { onError: notifyError })
  }

  return (
    // hideDetached off: the header is fixed, so the bell never scrolls away from its menu. No focus
    // placeholder: a focusable child of role presentation is not allowed in a menu (axe).
    <Menu position="bottom-end" width={360} withinPortal shadow="md" hideDetached={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-unread-count={query.data ? unread : undefined}>
          <Indicator label={unread > MAX_BADGE ? `${MAX_BADGE}+` : unread} disabled={unread === 0} size={18} color="red.9" offset={2} inline aria-hidden>
            <IconBell size={22} stroke={1.75} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('notificationBell.title')}</Menu.Label>
        <BellContent onOpen={open} />
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconChecks size={16} aria-hidden />}
          closeMenuOnClick={false}
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: notifyError })}
        >
          {t('notificationBell.markAllRead')}
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications/all" leftSection={<IconArrowRight size={16} aria-hidden />}>
          {t('notificationBell.seeAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

export default NotificationBell
