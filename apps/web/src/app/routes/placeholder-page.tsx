import { Badge, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import type { PageProps } from '../page-props'

/** A page a later issue builds: its title and what it will hold, with no made-up data. */
export default function PlaceholderPage({ route, params }: PageProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t(route.titleKey)}</Title>
      <Text>{t(`soon.${route.name}`, params)}</Text>
      <Badge variant="light" color="gray">
        {t('common.comingSoon')}
      </Badge>
    </Stack>
  )
}
