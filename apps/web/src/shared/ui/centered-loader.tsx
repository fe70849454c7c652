import { Center, Loader } from '@mantine/core'
import { useTranslation } from '../i18n/translation'

export function CenteredLoader() {
  const { t } = useTranslation()
  return (
    <Center mih="50vh">
      <Loader role="status" aria-live="polite" aria-label={t('common.loading')} />
    </Center>
  )
}

/** A small loader in the line, where a part or its data is still on its way. Both loaders are a status, so their name is allowed and read. */
export function InlineLoader() {
  const { t } = useTranslation()
  return <Loader size="sm" role="status" aria-label={t('common.loading')} />
}
