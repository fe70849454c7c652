import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { navItemsFor } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'

export default function DashboardPage() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const destinations = navItemsFor(user?.roles ?? null).filter((item) => item.routeName !== 'home' && item.routeName !== 'dashboard')
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('marketing.dashboard.title')}</Title>
      {user && <Text size="lg">{t('marketing.dashboard.greeting', { name: user.name })}</Text>}
      <Text>{t('marketing.dashboard.lead')}</Text>
      <List>
        {destinations.map((item) => (
          <List.Item key={item.routeName}>
            <Anchor component={Link} to={item.to}>
              {t(item.labelKey)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  )
}
