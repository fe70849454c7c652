import { useState } from 'react'
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { MlsReplica } from '@offerbook/domain/mls-replication'
import { PagedTable } from '../../../shared/ui/paged-table'
import { SearchInput } from '../../../shared/ui/search-input'
import { SegmentedFilter } from '../../../shared/ui/segmented-filter'
import { usePagedSearch } from '../../../shared/ui/use-paged-search'
import { useMlsReplicas } from './mls-replication-api'
import { formatDateTime } from '../../../shared/format-date-time'
import { formatWholeMoney } from '../../../shared/money'

const P = 'mlsReplication'
type LinkedFilter = 'all' | 'true' | 'false'

/** The replicated listings of the whole feed, with the MLS number and the Offerbook agent each is linked to. */
export function ReplicasTable({ running }: { running: boolean }) {
  const { t, i18n } = useTranslation()
  const { request, pager, fromFirstPage, searchInput } = usePagedSearch()
  const [linked, setLinked] = useState<LinkedFilter>('all')
  const replicas = useMlsReplicas({ ...request, linked: linked === 'all' ? undefined : linked }, running)
  const price = (value: number | null) => (value === null ? '—' : formatWholeMoney(value, i18n.language))

  const rowOf = (item: MlsReplica) => (
    <Table.Tr key={item.listingKey}>
      <Table.Td>{item.listingId ?? item.listingKey}</Table.Td>
      <Table.Td>{item.address ?? '—'}</Table.Td>
      <Table.Td>{price(item.price)}</Table.Td>
      <Table.Td>{item.status ?? '—'}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm">{item.listAgentMlsId ?? '—'}</Text>
          {item.linkedAgent && (
            <Badge color="teal" variant="light" tt="none">
              {t(`${P}.linkedTo`, { name: item.linkedAgent.name })}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{item.photoCount}</Table.Td>
      <Table.Td>{formatDateTime(i18n.language, item.modificationTimestamp)}</Table.Td>
    </Table.Tr>
  )

  return (
    <Stack gap="md">
      <Title order={3}>{t(`${P}.listings`)}</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchInput label={t(`${P}.search`)} placeholder={t(`${P}.searchPlaceholder`)} {...searchInput} />
        <SegmentedFilter
          label={t(`${P}.linkedFilter`)}
          value={linked}
          onChange={fromFirstPage(setLinked)}
          data={[
            { value: 'all', label: t(`${P}.linkedAll`) },
            { value: 'true', label: t(`${P}.linkedOnly`) },
            { value: 'false', label: t(`${P}.unlinkedOnly`) },
          ]}
        />
      </Group>
      <PagedTable
        query={replicas}
        {...pager}
        minWidth={900}
        texts={{
          table: t(`${P}.listingsTable`),
          loading: t(`${P}.listingsLoading`),
          loadFailed: t(`${P}.listingsLoadFailed`),
          total: (data) => t(`${P}.listingsTotal`, { count: data.total }),
          empty: t(`${P}.noListings`),
          pages: t(`${P}.pagination`),
        }}
        columns={['mlsNumber', 'address', 'price', 'status', 'agent', 'photos', 'modified'].map((column) => t(`${P}.${column}`))}
        row={rowOf}
      />
    </Stack>
  )
}
