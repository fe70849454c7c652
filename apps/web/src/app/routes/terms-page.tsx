import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Link } from '../../shared/navigation'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'

const TERMS = ['who', 'account', 'offers', 'esign', 'use', 'liability', 'changes'] as const
const PRIVACY = ['collect', 'use', 'share', 'sms', 'keep', 'choices'] as const

function Clauses({ base, keys }: { base: string; keys: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={760}>
      {keys.map((key) => (
        <Stack key={key} gap={4}>
          <Title order={3} size="h4">
            {t(`${base}.${key}Title`)}
          </Title>
          <Text>{t(`${base}.${key}`)}</Text>
        </Stack>
      ))}
    </Stack>
  )
}

/** /terms: the terms of service, the privacy policy, and the way to the e-sign consumer disclosure. */
export default function TermsPage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const base = 'publicPages.terms'
  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)}>
        <Text size="sm" c="gray.7">
          {t(`${base}.effective`)}
        </Text>
        <Group component="nav" aria-label={t('publicPages.common.onThisPage')} gap="md">
          <Anchor href="#terms-of-service">{t(`${base}.tosTitle`)}</Anchor>
          <Anchor href="#privacy">{t(`${base}.privacyTitle`)}</Anchor>
          <Anchor href="#e-sign">{t(`${base}.disclosureTitle`)}</Anchor>
        </Group>
      </PageIntro>

      <PageSection id="terms-of-service" title={t(`${base}.tosTitle`)}>
        <Clauses base={`${base}.tos`} keys={TERMS} />
      </PageSection>

      <PageSection id="privacy" title={t(`${base}.privacyTitle`)}>
        <Clauses base={`${base}.privacy`} keys={PRIVACY} />
      </PageSection>

      <PageSection id="e-sign" title={t(`${base}.disclosureTitle`)}>
        <Paper withBorder radius="md" p="lg" maw={760}>
          <Stack gap="sm">
            <Text>{t(`${base}.disclosure`)}</Text>
            <Anchor component={Link} to="/boilerplate#esign-disclosure" fw={600}>
              {t(`${base}.disclosureLink`)}
            </Anchor>
          </Stack>
        </Paper>
        <Anchor component={Link} to="/boilerplate">
          {t(`${base}.boilerplateLink`)}
        </Anchor>
      </PageSection>
    </Stack>
  )
}
