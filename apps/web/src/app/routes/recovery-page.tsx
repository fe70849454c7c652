import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { RecoveryForm } from '../../features/accounts/components/recovery-form'

export default function RecoveryPage() {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  return (
    <Container size={460} px={0}>
      <Stack gap="md">
        <Title order={1}>{t('accounts.recovery.title')}</Title>
        <Text c="gray.7">{t('accounts.recovery.intro')}</Text>
        <Paper withBorder shadow="sm" p="lg">
          <RecoveryForm initialEmail={searchParams.get('email') ?? ''} />
        </Paper>
      </Stack>
    </Container>
  )
}
