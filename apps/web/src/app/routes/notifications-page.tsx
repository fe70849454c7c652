import { Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { isNotificationFilter } from '../../features/notifications/api/notifications'
import { NotificationList } from '../../features/notifications/components/notification-list'
import type { PageProps } from '../page-props'

const filterPath = (filter: string) => `/notifications/${filter}`

/** /notifications/{type}: type is all or unread; anything else goes to all. */
export default function NotificationsPage({ params }: PageProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const filter = params.type
  if (!isNotificationFilter(filter)) return <Navigate to={filterPath('all')} replace />
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>{t('pages.notifications')}</Title>
      <NotificationList filter={filter} page={page} onFilter={(next) => void navigate(filterPath(next))} onPage={(next) => void navigate(`${filterPath(filter)}?page=${next}`)} />
    </Stack>
  )
}
