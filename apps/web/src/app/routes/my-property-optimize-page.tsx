import { Alert, Button, DEFAULT_THEME, Group, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconListCheck } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import { Link } from '../../shared/navigation'
import { OFFER_WEIGHT_CRITERIA } from '@offerbook/domain/offer-weight-criteria'
import { listingOffersQuery, optimizeQuery, optimizeScreenQuery } from '../../features/offers/api/offers'
import { HighestBestButton } from '../../features/offers/components/negotiation/highest-best-dialog'
import { manageListingPath, weightingPath } from '../../features/offers/components/seller/seller-offer-links'
import { ApiClientError } from '../../shared/api-client'
import { errorMessage } from '../../shared/notify'
import { BackLink } from '../../shared/ui/back-link'
import { moduleBeside } from '../../shared/module-beside'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { useDrawnLater } from '../../shared/use-drawn-later'
import { PageNotice } from '../../shared/ui/page-notice'
import { RetryAlert } from '../../shared/ui/retry-alert'
import { TitledSection } from '../../shared/ui/titled-section'
import type { PageProps } from '../page-props'
import { zoneOf } from '../../features/offers/components/details/offer-format'
import type { OptimizeResult } from '@offerbook/domain/offer-scoring'

/**
 * The ranking's two views, each a chunk of its own: a phone draws the cards, a wider screen the grid
 * (a table); the one this screen will show is requested with the page's code, so it downloads beside
 * the ranking itself, and the other only if the window is resized across the breakpoint. The closed
 * offers' table, below them, is requested with the page too.
 */
const grid = moduleBeside(() => import('../../features/offers/components/seller/optimize-grid'), { eager: false })
const cards = moduleBeside(() => import('../../features/offers/components/seller/optimize-cards'), { eager: false })
const otherOffers = moduleBeside(() => import('../../features/offers/components/seller/other-offers-table'))
/** A screen that draws the grid: from Mantine's `sm` breakpoint (the theme keeps Mantine's breakpoints). */
const WIDE = `(min-width: ${DEFAULT_THEME.breakpoints.sm})`
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches) grid.start()
else cards.start()

function RankingGrid({ result }: { result: OptimizeResult }) {
  const view = grid.use()
  return view ? <view.OptimizeGrid result={result} /> : <CenteredLoader />
}

function RankingCards({ result }: { result: OptimizeResult }) {
  const view = cards.use()
  return view ? <view.OptimizeCards result={result} /> : <CenteredLoader />
}

function NotFound() {
  const { t } = useTranslation()
  return (
    <PageNotice title={t('offerSeller.optimize.notFoundTitle')} message={t('offerSeller.optimize.notFound')}>
      <Button component={Link} to="/my-properties/list" variant="default" w="fit-content">
        {t('offerSeller.optimize.backToList')}
      </Button>
    </PageNotice>
  )
}

function OtherOffers({ listingId }: { listingId: string }) {
  const { t } = useTranslation()
  const table = otherOffers.use()
  const query = useQuery(listingOffersQuery(listingId))
  return (
    <TitledSection title={t('offerSeller.others.title')} intro={t('offerSeller.others.intro')}>
      {query.isPending && <CenteredLoader />}
      {query.isError && (
        <Alert color="red" role="alert">
          {`${t('offerSeller.others.loadFailed')} ${errorMessage(query.error)}`}
        </Alert>
      )}
      {query.isSuccess && (table ? <table.OtherOffersTable listingId={listingId} offers={table.closedOffers(query.data)} /> : <CenteredLoader />)}
    </TitledSection>
  )
}

/**
 * /my-properties/{id}/optimize: the open offers ranked by the listing's weights, side by side, and
 * the offers no longer open below. The API decides who may see them; a refusal (403) sends the browser Home.
 */
export default function MyPropertyOptimizePage({ params }: PageProps) {
  const { t } = useTranslation()
  const id = params.id ?? ''
  const queryClient = useQueryClient()
  // A phone gets the figures as cards, a wider screen the grid: only the one shown is drawn (50 offers
  // drawn twice, one hidden by CSS, doubled the page's start-up work).
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false })
  // The first screen, ranking and closed offers, is one answer; the parts read what it wrote.
  const screen = useQuery(optimizeScreenQuery(queryClient, id))
  const query = useQuery({ ...optimizeQuery(id), enabled: !screen.isPending })

  const drawn = useDrawnLater(!screen.isPending && !query.isPending)

  if (screen.isPending || query.isPending || !drawn) return <CenteredLoader />
  if (query.isError) {
    if (query.error instanceof ApiClientError && query.error.status === 404) return <NotFound />
    return <RetryAlert message={`${t('offerSeller.optimize.loadFailed')} ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />
  }

  const result = query.data
  const noWeights = OFFER_WEIGHT_CRITERIA.every((criterion) => result.weighting.weights[criterion] === 0)
  return (
    <Stack gap="lg">
      <BackLink to={manageListingPath(id)}>{t('offerSeller.optimize.backToProperty')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('offerSeller.optimize.title')}
          </Title>
          <Text fw={600}>{result.property.address}</Text>
          <Text c="dimmed" size="sm">
            {t('offerSeller.optimize.intro')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('netSheet.scale')}
          </Text>
        </Stack>
        <Group gap="sm">
          <HighestBestButton listingId={id} offers={result.offers} timeZone={zoneOf(result.property)} />
          <Button component={Link} to={`/offer-record/${id}`} variant="default" leftSection={<IconListCheck size={16} aria-hidden />}>
            {t('offerRecord.openRecord')}
          </Button>
          <Button component={Link} to={weightingPath(id)} variant="default" leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}>
            {t('offerSeller.optimize.changeWeights')}
          </Button>
        </Group>
      </Group>
      {noWeights && result.offers.length > 0 && <Alert color="yellow">{t('offerSeller.optimize.zeroWeights')}</Alert>}
      {result.offers.length === 0 ? (
        <Alert color="gray">{t('offerSeller.optimize.empty')}</Alert>
      ) : (
        // On a phone the cards have a side-by-side comparison of chosen offers.
        wide ? <RankingGrid result={result} /> : <RankingCards result={result} />
      )}
      <OtherOffers listingId={id} />
    </Stack>
  )
}

