import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from '../../../shared/i18n/translation'
import type { FileSide } from '@offerbook/domain/file-checklist'
import { ApiClientError } from '../../../shared/api-client'
import { formatDateTime } from '../../../shared/format-date-time'
import { PagedTable } from '../../../shared/ui/paged-table'
import { SegmentedFilter } from '../../../shared/ui/segmented-filter'
import { WARNING_FILL } from '../../../shared/ui/warning-color'
import type { QueueState, ReviewQueueItem } from '../api/review'
import { QUEUE_STATES, REVIEW_PAGE_SIZE, useReviewQueue } from '../api/review'

/** A queue row's state in one word: closed, clean, or what waits (returned, then to review, then findings). */
function rowState(item: ReviewQueueItem): 'closed' | 'clean' | 'returned' | 'needsReview' | 'findings' {
  if (item.closedAt) return 'closed'
  if (item.returned > 0) return 'returned'
  if (item.pending > 0) return 'needsReview'
  if (item.clean) return 'clean'
  return 'findings'
}

const STATE_COLORS = { closed: 'gray.8', clean: 'green.9', returned: 'red.9', needsReview: WARNING_FILL, findings: 'violet.9' } as const

type ReviewQueueProps = {
  state: QueueState
  page: number
  onState: (state: QueueState) => void
  onPage: (page: number) => void
  onOpen: (offerId: string, side: FileSide) => void
}

/** The brokerage's files (GET /api/review), filtered by state a page at a time, each opening its review. */
export function ReviewQueue({ state, page, onState, onPage, onOpen }: ReviewQueueProps) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const query = useReviewQueue(state, page)
  const forbidden = query.error instanceof ApiClientError && query.error.status === 403

  return (
    <Stack gap="md" data-testid="review-queue">
      <SegmentedFilter label={t('review.queue.filter')} value={state} onChange={onState} data={QUEUE_STATES.map((value) => ({ value, label: t(`review.queue.states.${value}`) }))} />
      {forbidden ? (
        <Alert color="gray" title={t('review.queue.noTeamTitle')} data-testid="review-no-team">
          {t('review.queue.noTeam')}
        </Alert>
      ) : (
        <PagedTable<ReviewQueueItem>
          query={query}
          page={page}
          pageSize={REVIEW_PAGE_SIZE}
          onPage={onPage}
          minWidth={720}
          columns={[t('review.queue.columns.property'), t('review.queue.columns.agent'), t('review.queue.columns.state'), t('review.queue.columns.counts'), t('review.queue.columns.open')]}
          texts={{
            table: t('review.queue.table'),
            loading: t('review.queue.loading'),
            loadFailed: t('review.queue.loadFailed'),
            total: (data) => t('review.queue.total', { count: data.total }),
            empty: t(`review.queue.empty.${state}`),
            pages: t('review.queue.pages'),
          }}
          row={(item) => {
            const shown = rowState(item)
            return (
              <Table.Tr key={`${item.offerId}:${item.side}`} data-testid={`review-row-${item.offerId}-${item.side}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    {item.address}
                  </Text>
                  <Text size="xs" c="gray.8">
                    {t(`review.side.${item.side}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{item.agentName}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[shown]} variant="filled" tt="none" autoContrast>
                    {t(`review.queue.rowState.${shown}`)}
                  </Badge>
                  {item.closedAt && (
                    <Text size="xs" c="gray.8">
                      {formatDateTime(language, item.closedAt)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t('review.queue.counts', { pending: item.pending, returned: item.returned, findings: item.findings })}</Text>
                </Table.Td>
                <Table.Td>
                  <Group>
                    <Button size="xs" variant="light" onClick={() => onOpen(item.offerId, item.side)} aria-label={t('review.queue.openNamed', { address: item.address, side: t(`review.side.${item.side}`) })}>
                      {t('review.queue.open')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          }}
        />
      )}
    </Stack>
  )
}
