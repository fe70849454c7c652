import { Anchor, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link, useLocation } from '../../shared/navigation'

export default function NotFoundPage() {
  const { t } = useTranslation()
  const location = useLocation()
  const path = location.pathname + location.search
  return (
    <Stack gap="md" maw={760} py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body', { path })}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.backHome')}
      </Anchor>
    </Stack>
  )
}
