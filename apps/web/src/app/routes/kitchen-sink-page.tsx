import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export default function KitchenSinkPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('kitchenSink.title')}</Title>
        <Text size="lg">{t('kitchenSink.lead')}</Text>
      </Stack>
    </Stack>
  )
}
