import { useId, useState } from 'react'
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { Pager } from '../../shared/ui/pager'
import { useTranslation } from '../../shared/i18n/translation'
import type { TrustLogRow } from '@offerbook/domain/earnest-money'
import { TRUST_LOG_PAGE_SIZE, downloadTrustLog, useTrustLog } from '../../features/offers/api/earnest-money'
import { formatCalendarDate } from '../../features/offers/components/details/offer-format'
import { errorText } from '../../shared/i18n/messages'
import { formatMoney } from '../../shared/money'
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert'
import { WARNING_FILL } from '../../shared/ui/warning-color'

/** White text on each fill at 4.5:1 or more; the words say the state, the colour only repeats it. */
const CLOCK_COLORS = { open: 'gray.8', dueSoon: WARNING_FILL, overdue: 'red.9', released: 'green.9', releasedLate: 'violet.9' } as const

function Row({ row, language }: { row: TrustLogRow; language: string }) {
  const { t } = useTranslation()
  const day = (date: string) => formatCalendarDate(date, language)
  const money = (amount: number) => formatMoney(amount, language)
  return (
    <Table.Tr data-testid={`trust-row-${row.offerId}`}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600}>
          {row.address}
        </Text>
        <Text size="xs" c="dimmed">
          {row.agents.map((agent) => agent.name).join(', ')}
        </Text>
      </Table.Td>
      <Table.Td>{row.depositor}</Table.Td>
      <Table.Td>{t('trustLog.deposit', { amount: money(row.amount), date: day(row.depositDate), method: t(`earnestMoney.methods.${row.method}`) })}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {row.holder.name || (row.holder.kind ? t(`earnestMoney.holderKinds.${row.holder.kind}`) : '-')}
        {row.holder.address && (
          <Text size="xs" c="dimmed">
            {row.holder.address}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{row.request ? t('trustLog.request', { date: day(row.request.requestedOn), by: row.request.requestedBy }) : t('trustLog.noRequest')}</Table.Td>
      <Table.Td>
        {row.clock ? (
          <Stack gap={2}>
            <Badge color={CLOCK_COLORS[row.clock.state]} variant="filled" tt="none" autoContrast data-state={row.clock.state}>
              {t(`earnestMoney.clockStates.${row.clock.state}`, { days: Math.abs(row.clock.daysLeft ?? 0) })}
            </Badge>
            <Text size="xs">{t('trustLog.due', { date: day(row.clock.dueOn) })}</Text>
          </Stack>
        ) : (
          '-'
        )}
      </Table.Td>
      <Table.Td>
        {row.withdrawalDate && row.releaseKind
          ? t('trustLog.withdrawal', { date: day(row.withdrawalDate), payee: row.payee ?? '-', amount: money(row.releasedAmount ?? 0), kind: t(`earnestMoney.releaseKinds.${row.releaseKind}`) })
          : t('trustLog.held')}
      </Table.Td>
    </Table.Tr>
  )
}

/** /trust-log (PRINCIPAL_BROKER; issue #35 item 4, decision 070): the brokerage's earnest money trust log, its clocks, and its CSV and PDF. */
export default function TrustLogPage() {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const captionId = useId()
  const [page, setPage] = useState(1)
  const log = useTrustLog(page)
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null)
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const download = (format: 'csv' | 'pdf') => {
    setBusy(format)
    setDownloadError(null)
    downloadTrustLog(format)
      .catch((error: unknown) => setDownloadError(errorText(error)))
      .finally(() => setBusy(null))
  }
  const data = log.data
  const pages = data ? Math.max(1, Math.ceil(data.total / TRUST_LOG_PAGE_SIZE)) : 1

  let body
  if (log.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('trustLog.loading')}</Text>
      </Group>
    )
  else if (log.isError && !data) body = <LoadFailedAlert title={t('trustLog.loadFailed')} error={log.error} onRetry={() => void log.refetch()} />
  else if (!data || data.items.length === 0) body = <Text data-testid="trust-log-empty">{t('trustLog.empty')}</Text>
  else
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder aria-labelledby={captionId}>
            <Table.Caption id={captionId}>{t('trustLog.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {(['property', 'depositor', 'deposit', 'holder', 'request', 'clock', 'withdrawal'] as const).map((column) => (
                  <Table.Th key={column} scope="col">
                    {t(`trustLog.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => (
                <Row key={row.offerId} row={row} language={language} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager pages={pages} page={page} onPage={setPage} label={t('trustLog.pages')} />
      </Stack>
    )

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('pages.trustLog')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('trustLog.lead')}
        </Text>
      </Stack>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'csv'} onClick={() => download('csv')}>
          {t('trustLog.downloadCsv')}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'pdf'} onClick={() => download('pdf')}>
          {t('trustLog.downloadPdf')}
        </Button>
      </Group>
      {downloadError && (
        <Alert color="red" role="alert">
          {downloadError}
        </Alert>
      )}
      {body}
    </Stack>
  )
}
