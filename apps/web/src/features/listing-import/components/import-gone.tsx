import { Alert, Button, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import { Link } from '../../../shared/navigation'
import { listingImportPath } from '@offerbook/domain/listing-import'

/** The import in the address is not there (replaced by a newer check, or never this user's). */
export function ImportGone({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert color="red" role="alert" title={t('listingImport.gone.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {retry && (
          <Button size="xs" variant="default" onClick={retry}>
            {t('common.retry')}
          </Button>
        )}
        <Button component={Link} to={listingImportPath('list')} size="xs">
          {t('listingImport.gone.startOver')}
        </Button>
      </Stack>
    </Alert>
  )
}
