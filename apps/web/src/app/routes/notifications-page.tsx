import { Anchor, Group, Stack, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, Navigate, useNavigate, useSearchParams } from '../../shared/navigation'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { ChatInbox } from '../../features/chat/components/chat-inbox'
import { isNotificationFilter } from '../../features/notifications/api/notifications'
import { NotificationList } from '../../features/notifications/components/notification-list'
import type { PageProps } from '../page-props'

const filterPath = (filter: string) => `/notifications/${filter}`
const MESSAGES_PATH = '/notifications/messages'

/** Notifications and chat messages, side by side; each link shows only to whom may open it. */
function Sections({ current }: { current: 'notifications' | 'messages' }) {
  const { t } = useTranslation()
  const roles = useCurrentUser().data?.roles ?? null
  const sections = [
    { name: 'notifications', to: filterPath('all'), route: 'notifications-type' },
    { name: 'messages', to: MESSAGES_PATH, route: 'notifications-messages' },
  ] as const
  const shown = sections.filter((section) => decideAccess(routeByName(section.route), roles) === 'allow')
  if (shown.length < 2) return null
  return (
    <Group component="nav" aria-label={t('chat.page.sections')} gap="md">
      {shown.map((section) => (
        <Anchor key={section.name} component={Link} to={section.to} fw={section.name === current ? 700 : 400} aria-current={section.name === current ? 'page' : undefined}>
          {t(`chat.page.${section.name}`)}
        </Anchor>
      ))}
    </Group>
  )
}

/** /notifications/messages: the chat inbox of agents and admins (issue #14); ?c= names the conversation open. */
function MessagesPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  return (
    <Stack gap="lg">
      <Title order={1}>{t('chat.page.title')}</Title>
      <Sections current="messages" />
      <ChatInbox selectedId={search.get('c')} onSelect={(id) => setSearch({ c: id })} />
    </Stack>
  )
}

/** /notifications/{type}: type is all or unread; anything else goes to all. */
export default function NotificationsPage({ route, params }: PageProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  if (route.name === 'notifications-messages') return <MessagesPage />
  const filter = params.type
  if (!isNotificationFilter(filter)) return <Navigate to={filterPath('all')} replace />
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t('pages.notifications')}</Title>
      <Sections current="notifications" />
      <NotificationList filter={filter} page={page} onFilter={(next) => void navigate(filterPath(next))} onPage={(next) => void navigate(`${filterPath(filter)}?page=${next}`)} />
    </Stack>
  )
}
