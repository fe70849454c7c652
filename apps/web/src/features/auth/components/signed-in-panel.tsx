import { Button, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { User } from '@offerbook/domain/user'

export type SignedInPanelProps = {
  user: User
  onContinue: () => void
  onSwitchAccount: () => void
  switching: boolean
}

export function SignedInPanel({ user, onContinue, onSwitchAccount, switching }: SignedInPanelProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Text>{t('auth.signedInAs', { name: user.name, email: user.email })}</Text>
      <Button onClick={onContinue}>{t('auth.continue')}</Button>
      <Button variant="default" onClick={onSwitchAccount} loading={switching}>
        {t('auth.anotherAccount')}
      </Button>
    </Stack>
  )
}
