import { Anchor, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../../shared/i18n/translation'
import { Link } from '../../../../shared/navigation'
import type { ListingSummary } from '@offerbook/domain/listing'
import { formatMoney } from '../../../../shared/money'
import { DataTable } from '../../../../shared/ui/data-table'
import { formatDateTime } from '../../../../shared/format-date-time'
import { continueDraftPath, myPropertyPath } from './listing-links'
import { ListingStatusBadge } from './listing-status-badge'
import { ListingVisibilityText } from './my-listing-card'

/** My Listings as a compact table, one line per listing: for an agent with a hundred and more. */
export function MyListingsTable({ items }: { items: readonly ListingSummary[] }) {
  const { t, i18n } = useTranslation()
  return (
    <DataTable
      minWidth={760}
      striped
      highlightOnHover
      verticalSpacing={6}
      aria-label={t('manage.list.tableLabel')}
      columns={[t('manage.list.column.address'), t('manage.list.column.status'), t('manage.list.column.price'), t('manage.list.column.offers'), t('manage.list.column.visibility'), t('manage.list.offerDeadline')]}
      items={items}
      row={(listing) => {
        const draft = listing.StandardStatus === 'Incomplete'
        const address = listing.UnparsedAddress.trim() || t('listing.noAddress')
        return (
          <Table.Tr key={listing.id} data-listing-id={listing.id}>
            <Table.Th scope="row" fw={500}>
              <Anchor component={Link} to={draft ? continueDraftPath(listing) : myPropertyPath(listing.id)} size="sm" fw={600}>
                {address}
              </Anchor>
              {listing.ListingId && (
                <Text size="xs" c="gray.8">
                  {t('listing.field.ListingId')}: {listing.ListingId}
                </Text>
              )}
            </Table.Th>
            <Table.Td>
              <ListingStatusBadge status={listing.StandardStatus} />
            </Table.Td>
            <Table.Td>{listing.ListPrice !== null ? formatMoney(listing.ListPrice, i18n.language) : t('manage.list.noPrice')}</Table.Td>
            <Table.Td data-testid="listing-offer-count">{draft ? '—' : String(listing.offerCount ?? 0)}</Table.Td>
            <Table.Td>
              <ListingVisibilityText visibility={listing.visibility} draft={draft} />
            </Table.Td>
            <Table.Td>{listing.offerDeadline ? formatDateTime(i18n.language, listing.offerDeadline) : '—'}</Table.Td>
          </Table.Tr>
        )
      }}
    />
  )
}
