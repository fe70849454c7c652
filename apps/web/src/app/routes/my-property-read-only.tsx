import { Alert, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n/translation'
import { listingOffersQuery } from '../../features/offers/api/offers'
import { OtherOffersTable } from '../../features/offers/components/seller/other-offers-table'
import { errorMessage } from '../../shared/notify'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { SectionCard } from '../../shared/ui/section-card'

/**
 * /my-properties/{id} for a reader through a brokerage (decision 072): what it is, and the listing's
 * shared offers, each opening read-only on its own page. No form: the API refuses every change.
 */
export function ReadOnlyListing({ listingId }: { listingId: string }) {
  const { t } = useTranslation()
  const offers = useQuery(listingOffersQuery(listingId))
  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light">
        {t('teams.readOnlyListing')}
      </Alert>
      <SectionCard title={t('teams.readOnlyOffers.title')}>
        {offers.isPending && <CenteredLoader />}
        {offers.isError && (
          <Alert color="red" role="alert">
            {`${t('teams.readOnlyOffers.loadFailed')} ${errorMessage(offers.error)}`}
          </Alert>
        )}
        {offers.isSuccess && <OtherOffersTable listingId={listingId} offers={offers.data} readOnly caption={t('teams.readOnlyOffers.caption')} />}
      </SectionCard>
    </Stack>
  )
}
