import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { PageProps } from '../page-props'

/** The short marketing pages: a title, a lead and a paragraph under `marketing.<route name>`. */
export default function MarketingPage({ route }: PageProps) {
  const { t } = useTranslation()
  const base = `marketing.${route.name}`
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t(`${base}.title`)}</Title>
      <Text size="lg" fw={500}>
        {t(`${base}.lead`)}
      </Text>
      <Text>{t(`${base}.body`)}</Text>
    </Stack>
  )
}
