import { Center, Loader } from '@mantine/core'
import { useTranslation } from '../i18n/translation'

/** The loader of a page or a large part still on its way; `label` says what is loading, else "Loading". */
export function CenteredLoader({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <Center mih="50vh">
      <Loader role="status" aria-live="polite" aria-label={label ?? t('common.loading')} />
    </Center>
  )
}

/** A small loader in the line, where a part or its data is still on its way. Both loaders are a status, so their name is allowed and read. */
export function InlineLoader() {
  const { t } = useTranslation()
  return <Loader size="sm" role="status" aria-label={t('common.loading')} />
}
