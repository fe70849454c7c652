import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { Navigate, useNavigate, useSearchParams } from '../../shared/navigation'
import { isOfferTab } from '@offerbook/domain/offer-status'
import { MyOffers } from '../../features/offers/components/list/my-offers'
import type { PageProps } from '../page-props'

const tabPath = (tab: string) => `/submitted-offers/${tab}`

/** /submitted-offers/{status}: the tab is the path, the page number the query (?page=2). */
export default function SubmittedOffersPage({ params }: PageProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const tab = params.status
  if (!isOfferTab(tab)) return <Navigate to={tabPath('all')} replace />
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1)

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('nav.submittedOffers')}</Title>
        <Text>{t('offerView.list.intro')}</Text>
      </Stack>
      <MyOffers tab={tab} page={page} onTab={(next) => void navigate(tabPath(next))} onPage={(next) => void navigate(`${tabPath(tab)}?page=${next}`)} />
    </Stack>
  )
}
