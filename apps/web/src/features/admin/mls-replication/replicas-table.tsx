import { useState } from 'react'
import { Badge, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { MlsReplica } from '@offerbook/domain/mls-replication'
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert'
import { SearchInput } from '../../../shared/ui/search-input'
import { useMlsReplicas } from './mls-replication-api'
import { formatDateTime } from './mls-grid-panel'
import { Pager } from '../../../shared/ui/pager'

const PAGE_SIZE = 20
const P = 'mlsReplication'
type LinkedFilter = 'all' | 'true' | 'false'

/** The replicated listings of the whole feed, with the MLS number and the Offerbook agent each is linked to. */
export function ReplicasTable({ running }: { running: boolean }) {
  const { t, i18n } = useTranslation()
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [linked, setLinked] = useState<LinkedFilter>('all')
  const [page, setPage] = useState(1)
  const replicas = useMlsReplicas({ page, pageSize: PAGE_SIZE, search: search.trim(), linked: linked === 'all' ? undefined : linked }, running)
  const price = (value: number | null) => (value === null ? '—' : new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value))

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
        <SearchInput
          label={t(`${P}.search`)}
          placeholder={t(`${P}.searchPlaceholder`)}
          value={text}
          onChange={setText}
          onSearch={(value) => {
            setSearch(value)
            setPage(1)
          }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="mls-replicas-linked">
            {t(`${P}.linkedFilter`)}
          </Text>
          <SegmentedControl
            aria-labelledby="mls-replicas-linked"
            value={linked}
            onChange={(value) => {
              setLinked(value as LinkedFilter)
              setPage(1)
            }}
            data={[
              { value: 'all', label: t(`${P}.linkedAll`) },
              { value: 'true', label: t(`${P}.linkedOnly`) },
              { value: 'false', label: t(`${P}.unlinkedOnly`) },
            ]}
          />
        </Stack>
      </Group>
      {replicas.isError && <LoadFailedAlert title={t(`${P}.listingsLoadFailed`)} error={replicas.error} onRetry={() => void replicas.refetch()} />}
      {replicas.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t(`${P}.listingsLoading`)}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={32} />
          ))}
        </Stack>
      )}
      {replicas.data && (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {t(`${P}.listingsTotal`, { count: replicas.data.total })}
          </Text>
          {replicas.data.items.length === 0 ? (
            <Text c="gray.7">{t(`${P}.noListings`)}</Text>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped aria-label={t(`${P}.listingsTable`)} aria-busy={replicas.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(`${P}.mlsNumber`)}</Table.Th>
                    <Table.Th>{t(`${P}.address`)}</Table.Th>
                    <Table.Th>{t(`${P}.price`)}</Table.Th>
                    <Table.Th>{t(`${P}.status`)}</Table.Th>
                    <Table.Th>{t(`${P}.agent`)}</Table.Th>
                    <Table.Th>{t(`${P}.photos`)}</Table.Th>
                    <Table.Th>{t(`${P}.modified`)}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{replicas.data.items.map(rowOf)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager pages={Math.ceil(replicas.data.total / PAGE_SIZE)} page={page} onPage={setPage} label={t(`${P}.pagination`)} />
        </>
      )}
    </Stack>
  )
}
