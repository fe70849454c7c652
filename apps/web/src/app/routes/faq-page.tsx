import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const QUESTIONS = ['1', '2', '3'] as const

export default function FaqPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('marketing.auth-faq.title')}</Title>
      <Text size="lg" fw={500}>
        {t('marketing.auth-faq.lead')}
      </Text>
      {QUESTIONS.map((n) => (
        <Stack key={n} gap={4}>
          <Title order={2} size="h4">
            {t(`marketing.auth-faq.q${n}`)}
          </Title>
          <Text>{t(`marketing.auth-faq.a${n}`)}</Text>
        </Stack>
      ))}
    </Stack>
  )
}
