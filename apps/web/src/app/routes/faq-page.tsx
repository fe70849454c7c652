import { Anchor, Group, Stack, Text } from '@mantine/core'
import { Link } from '../../shared/navigation'
import { FaqList } from '../../features/public-pages/components/faq-list'
import { usePageTexts } from '../../features/public-pages/texts'
import { FAQ_TEXTS } from '../../features/public-pages/texts/faq'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'

/** The FAQ's groups and how many questions each has (publicFaq.<group>.q<n> and a<n>). */
export const FAQ_GROUPS = [
  { key: 'offers', count: 6 },
  { key: 'selling', count: 4 },
  { key: 'signing', count: 4 },
  { key: 'account', count: 4 },
] as const

export default function FaqPage() {
  const { t } = usePageTexts(FAQ_TEXTS)
  const total = FAQ_GROUPS.reduce((sum, group) => sum + group.count, 0)
  return (
    <Stack gap={40}>
      <PageIntro title={t('publicFaq.title')} lead={t('publicFaq.lead')}>
        <Text c="gray.7">{t('publicFaq.count', { total })}</Text>
      </PageIntro>
      {FAQ_GROUPS.map((group) => (
        <PageSection key={group.key} id={`faq-${group.key}`} title={t(`publicFaq.${group.key}.title`)}>
          <FaqList
            entries={Array.from({ length: group.count }, (_, index) => ({
              id: `${group.key}-${index + 1}`,
              question: t(`publicFaq.${group.key}.q${index + 1}`),
              answer: t(`publicFaq.${group.key}.a${index + 1}`),
            }))}
          />
        </PageSection>
      ))}
      <Stack gap={4}>
        <Text fw={600}>{t('publicFaq.more')}</Text>
        <Group gap="lg">
          <Anchor component={Link} to="/auth-how-it-works">
            {t('publicFaq.howItWorks')}
          </Anchor>
          <Anchor component={Link} to="/offers-optimized">
            {t('publicFaq.offersOptimized')}
          </Anchor>
          <Anchor component={Link} to="/terms">
            {t('publicFaq.legal')}
          </Anchor>
        </Group>
      </Stack>
    </Stack>
  )
}
