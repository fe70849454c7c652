import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../features/auth/api/get-me'

export default function DashboardPage() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('marketing.dashboard.title')}</Title>
      {user && <Text size="lg">{t('marketing.dashboard.greeting', { name: user.name })}</Text>}
      <Text>{t('marketing.dashboard.lead')}</Text>
    </Stack>
  )
}
