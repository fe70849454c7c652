import { Alert, Button, Center, Stack } from '@mantine/core'
import { useTranslation } from '../i18n/translation'

/** A failure the user can do something about: what went wrong, and a button to try again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Center mih="50vh">
      <Stack align="center" maw={480}>
        <Alert color="red" role="alert">
          {message}
        </Alert>
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  )
}
