import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { VerifyPanel } from '../../features/signing/components/verify-panel'
import type { PageProps } from '../page-props'

/** /verify (public): anyone holding a PDF signed on Offerbook checks that it is the one that was signed. */
export default function VerifyPage(_props: PageProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Stack gap="xs">
        <Title order={1}>{t('signing.verify.title')}</Title>
        <Text>{t('signing.verify.intro')}</Text>
      </Stack>
      <VerifyPanel />
    </Stack>
  )
}
