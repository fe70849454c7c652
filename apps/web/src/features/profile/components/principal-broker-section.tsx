import { useState } from 'react'
import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { User } from '@offerbook/domain/user'
import { errorText } from '../../../shared/i18n/messages'
import { notifyError, notifySuccess } from '../../../shared/notify'
import { useDialog } from '../../../shared/ui/app-dialog'
import { useRequestPrincipalBroker } from '../api/profile'

/** Whether the section has anything to offer: an approved principal broker has nothing left to ask. */
export function showsPrincipalBrokerSection(user: User): boolean {
  return !user.isPrincipalBroker && user.principalBrokerStatus !== 'approved'
}

export function PrincipalBrokerSection({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t } = useTranslation()
  const dialog = useDialog()
  const request = useRequestPrincipalBroker({ onUser })
  // The refusal itself, put in words at render so a change of language shows too.
  const [failure, setFailure] = useState<unknown>(null)

  const onRequest = async () => {
    const confirmed = await dialog.confirm({
      title: t('accounts.profile.principalBroker.confirmTitle'),
      message: t('accounts.profile.principalBroker.confirmBody'),
      confirmLabel: t('accounts.profile.principalBroker.confirm'),
    })
    if (!confirmed) return
    setFailure(null)
    request.mutate(undefined, {
      onSuccess: () => notifySuccess('accounts.profile.principalBroker.requested'),
      onError: (error) => {
        setFailure(error)
        notifyError(error)
      },
    })
  }

  return (
    <Stack gap="md">
      <Text>{t('accounts.profile.principalBroker.body')}</Text>
      {user.principalBrokerStatus === 'pending' ? (
        <Group gap="sm">
          <Text fw={600}>{t('accounts.profile.principalBroker.status')}</Text>
          <Badge color="yellow" variant="light">
            {t('accounts.profile.principalBroker.pending')}
          </Badge>
          <Text size="sm" c="gray.7">
            {t('accounts.profile.principalBroker.pendingBody')}
          </Text>
        </Group>
      ) : (
        <Group>
          <Button variant="default" onClick={() => void onRequest()} loading={request.isPending}>
            {t('accounts.profile.principalBroker.request')}
          </Button>
        </Group>
      )}
      {failure !== null && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(failure)}
        </Text>
      )}
    </Stack>
  )
}
