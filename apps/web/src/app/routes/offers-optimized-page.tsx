import { Suspense } from 'react'
import { Anchor, Badge, Button, Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '../../shared/navigation'
import { DEFAULT_OFFER_WEIGHTS, OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/offer-weight-criteria'
import { decideAccess, routeByName } from '@offerbook/domain/route-access'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { useSession } from '../../shared/session'
import { ErrorBoundary } from '../../shared/ui/error-boundary'
import { useHydrated } from '../../shared/ui/use-hydrated'
import { usePageTexts } from '../../features/public-pages/texts'
import { PAGE_TEXTS } from '../../features/public-pages/texts/pages'
import { PageIntro, PageSection } from '../../features/public-pages/components/page-intro'
import { lazyPart } from '../../shared/lazy-part'

// The sliders and the scoring load after the page's text, so the first paint stays light.
const RankingExample = lazyPart(() => import('../../features/public-pages/components/ranking-example'))

/**
 * /offers-optimized and /auth-offers-optimized: how offers are ranked, the ten criteria with their
 * exact scales (packages/domain/src/offer-ranking.ts), and a live example. A signed-in visitor who
 * manages listings is also pointed to their own listings' weights.
 */
export default function OffersOptimizedPage() {
  const { t } = usePageTexts(PAGE_TEXTS)
  const hydrated = useHydrated()
  const session = useSession()
  const me = useCurrentUser()
  const base = 'publicPages.offersOptimized'
  const roles = session ? me.data?.roles : undefined
  const managesListings = roles !== undefined && decideAccess(routeByName('my-properties-list'), roles) === 'allow'

  return (
    <Stack gap={48}>
      <PageIntro title={t(`${base}.title`)} lead={t(`${base}.lead`)}>
        <Text>{t(`${base}.intro`)}</Text>
      </PageIntro>

      {managesListings && (
        <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-brand-0)">
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t(`${base}.signedIn.title`)}
            </Title>
            <Text>{t(`${base}.signedIn.body`)}</Text>
            <Group>
              <Button component={Link} to="/my-properties/list" variant="light">
                {t(`${base}.signedIn.link`)}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <PageSection id="score" title={t(`${base}.howTitle`)}>
        <List type="ordered" spacing="xs" maw={760}>
          <List.Item>{t(`${base}.how1`)}</List.Item>
          <List.Item>{t(`${base}.how2`)}</List.Item>
          <List.Item>{t(`${base}.how3`)}</List.Item>
        </List>
        <Code block fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t(`${base}.formula`)}
        </Code>
        <Text maw={760}>{t(`${base}.ties`)}</Text>
      </PageSection>

      <PageSection id="criteria" title={t(`${base}.criteriaTitle`)} lead={t(`${base}.criteriaLead`)}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {OFFER_WEIGHT_CRITERIA.map((criterion) => (
            <Paper key={criterion} withBorder radius="md" p="md">
              <Stack gap={6}>
                <Title order={3} size="h5">
                  {t(`listing.criterion.${criterion}`)}
                </Title>
                <Text size="sm">{t(`${base}.rule.${criterion}`)}</Text>
                <Badge variant="light" tt="none" w="fit-content">
                  {t(`${base}.defaultWeight`, { value: DEFAULT_OFFER_WEIGHTS[criterion] })}
                </Badge>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="example" title={t(`${base}.exampleTitle`)} lead={t(`${base}.exampleLead`)}>
        {hydrated ? (
          <ErrorBoundary fallback={null}>
            <Suspense fallback={<Text c="gray.7">{t(`${base}.exampleLoading`)}</Text>}>
              <RankingExample />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <Text c="gray.7">{t(`${base}.exampleLoading`)}</Text>
        )}
      </PageSection>

      <Stack component="nav" aria-label={t(`${base}.related`)} gap={4}>
        <Anchor component={Link} to="/how-it-works">
          {t(`${base}.howItWorksLink`)}
        </Anchor>
        <Anchor component={Link} to="/terms">
          {t(`${base}.legalLink`)}
        </Anchor>
      </Stack>
    </Stack>
  )
}
