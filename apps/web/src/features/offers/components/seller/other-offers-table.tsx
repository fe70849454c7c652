import { Anchor, Group, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import { formatMoney } from '../../../../shared/money'
import type { OfferSummary } from '@offerbook/domain/offer'
import { OPEN_OFFER_STATUSES } from '@offerbook/domain/offer-status'
import { formatInstant } from '../details/offer-format'
import { OfferStatusBadge } from '../details/offer-status-badge'
import { SignedBadge } from '../details/signed-badge'
import { DataTable } from '../../../../shared/ui/data-table'
import { buyerNamesText } from './buyer-names'
import { readOnlyOfferPath, sellerOfferPath } from './seller-offer-links'

/** The shared offers that no longer wait for an answer (the open ones are in the grid). */
export function closedOffers(offers: readonly OfferSummary[]): OfferSummary[] {
  return offers.filter((offer) => !OPEN_OFFER_STATUSES.includes(offer.status))
}

/** Accepted, declined, withdrawn, expired, closed and terminated offers, each linking to its page (the read-only page for a reader, decision 072). */
export function OtherOffersTable({ listingId, offers, readOnly = false, caption }: { listingId: string; offers: readonly OfferSummary[]; readOnly?: boolean; caption?: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  if (offers.length === 0) return <Text c="dimmed">{t('offerSeller.others.empty')}</Text>
  return (
    <DataTable
      minWidth={560}
      withTableBorder
      verticalSpacing="sm"
      data-testid="other-offers"
      caption={caption ?? t('offerSeller.others.caption')}
      captionAlign="left"
      columns={['buyers', 'price', 'status', 'updated'].map((column) => t(`offerSeller.others.${column}`))}
      items={offers}
      row={(offer) => (
        <Table.Tr key={offer.id}>
          <Table.Th scope="row" fw={500}>
            <Anchor component={Link} to={(readOnly ? readOnlyOfferPath : sellerOfferPath)(listingId, offer.id)}>
              {buyerNamesText(offer.buyerNames, t('offerSeller.optimize.noBuyers'))}
            </Anchor>
          </Table.Th>
          <Table.Td>{offer.purchasePrice === null ? t('offer.field.notSet') : formatMoney(offer.purchasePrice, language)}</Table.Td>
          <Table.Td>
            <Group gap={6}>
              <OfferStatusBadge status={offer.status} size="sm" />
              <SignedBadge signedAt={offer.signedAt} size="sm" />
            </Group>
          </Table.Td>
          <Table.Td>
            <time dateTime={offer.updatedAt}>{formatInstant(offer.updatedAt, language)}</time>
          </Table.Td>
        </Table.Tr>
      )}
    />
  )
}
