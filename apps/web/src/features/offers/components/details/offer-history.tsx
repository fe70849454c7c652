import { Anchor } from '@mantine/core'
import type { OfferView } from '@offerbook/domain/offer'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import { OfferTimeline } from './offer-timeline'

/**
 * The offer's history at the foot of its details: what happened, and the way to the property's offer
 * record. A part of its own, below the first screen: its event names span the texts of every stage
 * of a deal (the amendments, the notices, the earnest money, the record).
 */
export default function OfferHistory({ offer }: { offer: OfferView }) {
  const { t } = useTranslation()
  return (
    <>
      <OfferTimeline events={offer.events} timeZone={offer.property.timeZone} />
      {offer.viewer !== 'link' && (
        <Anchor component={Link} to={`/offer-record/${offer.property.id}`} size="sm">
          {t('offerRecord.openRecord')}
        </Anchor>
      )}
    </>
  )
}
