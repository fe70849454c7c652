import { useEffect } from 'react'
import { Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { Link, useLocation } from '../../shared/navigation'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'

/** The sections of the ESIGN consumer disclosure, as each signer reads it before signing (signer.consent). */
const DISCLOSURE_SECTIONS = ['electronic', 'paper', 'withdraw', 'contact', 'scope'] as const
const SYSTEM_NEEDS = ['systemBrowser', 'systemPdf', 'systemEmail', 'systemDevice'] as const

/** The equal housing opportunity mark: a house with an equals sign, drawn inline. */
function EqualHousingMark({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} width={56} height={56} viewBox="0 0 64 64" fill="none" stroke="currentColor" strokeWidth={4} strokeLinejoin="round">
      <path d="M6 30 32 8l26 22" />
      <path d="M13 25v31h38V25" />
      <path d="M22 34h20M22 44h20" strokeWidth={5} />
    </svg>
  )
}

/** /boilerplate: the standard notices that apply to every listing, offer and signature. */
export default function BoilerplatePage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const base = 'publicPages.boilerplate'
  const { hash } = useLocation()

  // A link such as /terms' to #esign-disclosure arrives before this page has loaded; once it has, the
  // notice is brought into view (after the shell's scroll to the top on navigation).
  useEffect(() => {
    if (!hash) return
    const timer = window.setTimeout(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView(), 0)
    return () => window.clearTimeout(timer)
  }, [hash])

  const sections = [
    { id: 'fair-housing', title: t(`${base}.fairHousing.title`) },
    { id: 'brokerage-relationships', title: t(`${base}.brokerage.title`) },
    { id: 'licence', title: t(`${base}.licence.title`) },
    { id: 'esign-disclosure', title: t(`${base}.esign.title`) },
    { id: 'equal-housing', title: t(`${base}.equalHousing.title`) },
  ]
  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)}>
        <Stack component="nav" aria-label={t('publicPages.common.onThisPage')} gap={4}>
          {sections.map((section) => (
            <Anchor key={section.id} href={`#${section.id}`}>
              {section.title}
            </Anchor>
          ))}
        </Stack>
      </PageIntro>

      <PageSection id="fair-housing" title={t(`${base}.fairHousing.title`)}>
        <Stack gap="sm" maw={760}>
          <Text>{t(`${base}.fairHousing.body1`)}</Text>
          <Text>{t(`${base}.fairHousing.body2`)}</Text>
        </Stack>
      </PageSection>

      <PageSection id="brokerage-relationships" title={t(`${base}.brokerage.title`)}>
        <Stack gap="sm" maw={760}>
          <Text>{t(`${base}.brokerage.body1`)}</Text>
          <List spacing="xs">
            <List.Item>{t(`${base}.brokerage.agent`)}</List.Item>
            <List.Item>{t(`${base}.brokerage.designated`)}</List.Item>
            <List.Item>{t(`${base}.brokerage.facilitator`)}</List.Item>
            <List.Item>{t(`${base}.brokerage.dual`)}</List.Item>
          </List>
          <Text>{t(`${base}.brokerage.body2`)}</Text>
        </Stack>
      </PageSection>

      <PageSection id="licence" title={t(`${base}.licence.title`)}>
        <Text maw={760}>{t(`${base}.licence.body`)}</Text>
      </PageSection>

      <PageSection id="esign-disclosure" title={t(`${base}.esign.title`)}>
        <Text maw={760}>{t(`${base}.esign.intro`)}</Text>
        <Paper withBorder radius="md" p="lg" maw={760}>
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('signer.consent.title')}
            </Title>
            {DISCLOSURE_SECTIONS.slice(0, 1).map((key) => (
              <Stack key={key} gap={4}>
                <Title order={4} size="h5">
                  {t(`signer.consent.${key}Title`)}
                </Title>
                <Text size="sm">{t(`signer.consent.${key}Body`)}</Text>
              </Stack>
            ))}
            <Stack gap={4}>
              <Title order={4} size="h5">
                {t('signer.consent.systemTitle')}
              </Title>
              <Text size="sm">{t('signer.consent.systemIntro')}</Text>
              <List size="sm" spacing={2}>
                {SYSTEM_NEEDS.map((key) => (
                  <List.Item key={key}>{t(`signer.consent.${key}`)}</List.Item>
                ))}
              </List>
            </Stack>
            {DISCLOSURE_SECTIONS.slice(1).map((key) => (
              <Stack key={key} gap={4}>
                <Title order={4} size="h5">
                  {t(`signer.consent.${key}Title`)}
                </Title>
                <Text size="sm">{t(`signer.consent.${key}Body`)}</Text>
              </Stack>
            ))}
          </Stack>
        </Paper>
      </PageSection>

      <PageSection id="equal-housing" title={t(`${base}.equalHousing.title`)}>
        <Group align="flex-start" wrap="nowrap" gap="md" maw={760}>
          <EqualHousingMark label={t(`${base}.equalHousing.logo`)} />
          <Text>{t(`${base}.equalHousing.body`)}</Text>
        </Group>
      </PageSection>

      <Anchor component={Link} to="/terms">
        {t(`${base}.termsLink`)}
      </Anchor>
    </Stack>
  )
}
