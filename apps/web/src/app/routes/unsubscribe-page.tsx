import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import type { UnsubscribeInfo } from '@offerbook/domain/send'
import { apiClient } from '../../shared/api-client'
import { errorText } from '../../shared/i18n/messages'
import type { PageProps } from '../page-props'

const unsubscribeKey = (token: string) => ['unsubscribe', token] as const
const pathOf = (token: string) => `/messages/unsubscribe/${encodeURIComponent(token)}`

/**
 * /unsubscribe/:token (public): the link at the foot of an email a user sent from the Send dialog.
 * It shows the address (masked), unsubscribes it with one button, and can undo that.
 */
export default function UnsubscribePage({ params }: PageProps) {
  const { t } = useTranslation()
  const token = params.token ?? ''
  const queryClient = useQueryClient()
  const info = useQuery({ queryKey: unsubscribeKey(token), queryFn: () => apiClient.get<UnsubscribeInfo>(pathOf(token)), retry: false })
  const change = useMutation({
    mutationFn: (optOut: boolean) => (optOut ? apiClient.post<UnsubscribeInfo>(pathOf(token)) : apiClient.delete<UnsubscribeInfo>(pathOf(token))),
    onSuccess: (answer) => queryClient.setQueryData(unsubscribeKey(token), answer),
  })

  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%" py="xl">
      <Title order={1}>{t('unsubscribe.title')}</Title>
      {info.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('unsubscribe.loading')}</Text>
        </Group>
      )}
      {info.isError && (
        <Alert color="red" role="alert" title={t('unsubscribe.invalidTitle')}>
          {errorText(info.error)}
        </Alert>
      )}
      {info.data && !info.data.optedOut && (
        <Stack gap="md">
          <Text>{t('unsubscribe.question', { address: info.data.address })}</Text>
          <Group>
            <Button onClick={() => change.mutate(true)} loading={change.isPending}>
              {t('unsubscribe.unsubscribe')}
            </Button>
          </Group>
        </Stack>
      )}
      {info.data?.optedOut && (
        <Stack gap="md">
          <Alert color="green" role="status" title={t('unsubscribe.doneTitle')}>
            {t('unsubscribe.done', { address: info.data.address })}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => change.mutate(false)} loading={change.isPending}>
              {t('unsubscribe.undo')}
            </Button>
          </Group>
        </Stack>
      )}
      {change.isError && (
        <Alert color="red" role="alert">
          {errorText(change.error)}
        </Alert>
      )}
    </Stack>
  )
}
