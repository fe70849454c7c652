import { Center, Loader } from '@mantine/core'
import { useTranslation } from '../i18n/translation'

export function CenteredLoader() {
  const { t } = useTranslation()
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={t('common.loading')} />
    </Center>
  )
}
