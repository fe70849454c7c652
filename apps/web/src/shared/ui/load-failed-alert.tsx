import { Alert, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from '../i18n/translation'
import { errorMessage } from '../notify'

/** A list that could not load, in place of its items: what failed, the server's reason, and Retry. */
export function LoadFailedAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  )
}
