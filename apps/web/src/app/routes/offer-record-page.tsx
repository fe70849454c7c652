import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { IconCalendarEvent, IconDownload, IconFileZip, IconShieldCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n/translation'
import type { LedgerEntry, LedgerVerification } from '@offerbook/domain/offer-record'
import { formatZonedDateTime } from '@offerbook/domain/property-time'
import { downloadOfferCalendar, downloadRecord, downloadTransactionFile, offerRecordQuery } from '../../features/offer-record/offer-record-api'
import { ApiClientError } from '../../shared/api-client'
import { errorMessage } from '../../shared/notify'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { PageNotice } from '../../shared/ui/page-notice'
import { useBusyAction } from '../../shared/use-busy-action'
import { RetryAlert } from '../../shared/ui/retry-alert'
import { TitledSection } from '../../shared/ui/titled-section'
import { zoneName } from '../../shared/ui/zone-name'
import type { PageProps } from '../page-props'
import { DataTable } from '../../shared/ui/data-table'

function VerificationResult({ verification }: { verification: LedgerVerification }) {
  const { t } = useTranslation()
  if (verification.ok)
    return (
      <Alert color="green" role="status" icon={<IconShieldCheck size={18} aria-hidden />}>
        {t('offerRecord.verified', { count: verification.checked })}
      </Alert>
    )
  return (
    <Alert color="red" role="alert">
      {t('offerRecord.broken', { seq: verification.broken?.seq ?? '?' })}
    </Alert>
  )
}

/** The offers the entries are about, once each, in the order they first appear. */
function offersOf(entries: readonly LedgerEntry[]): { id: string; label: string }[] {
  const seen = new Map<string, string>()
  for (const entry of entries) if (!seen.has(entry.offerId)) seen.set(entry.offerId, entry.offerLabel)
  return [...seen].map(([id, label]) => ({ id, label }))
}

/**
 * /offer-record/{listing id}: the listing's offer record, who was told what and when. The seller side
 * sees every entry, a buyer side those of its own offers (the API decides). 'Verify chain' checks the
 * hash chain again; the record downloads as CSV or PDF, each offer's transaction file as a ZIP and its
 * deadlines as a calendar file.
 */
export default function OfferRecordPage({ params }: PageProps) {
  const { t, i18n } = useTranslation()
  const id = params.id ?? ''
  const query = useQuery(offerRecordQuery(id))
  const [checked, setChecked] = useState(false)
  const { busy, run } = useBusyAction()

  if (query.isPending) return <CenteredLoader />
  if (query.isError) {
    if (query.error instanceof ApiClientError && query.error.status === 404)
      return <PageNotice title={t('offerRecord.title')} message={errorMessage(query.error)} />
    return <RetryAlert message={`${t('offerRecord.loadFailed')} ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />
  }

  const { record, verification } = query.data
  const language = i18n.language
  // A refetch does not throw: a failed check shows as the page's own error.
  const verify = () => run('verify', () => query.refetch().finally(() => setChecked(true)))

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('offerRecord.title')}
        </Title>
        {record.address && <Text fw={600}>{record.address}</Text>}
        <Text c="dimmed" size="sm">
          {t(record.scope === 'listing' ? 'offerRecord.introListing' : 'offerRecord.introOwn')}
        </Text>
        <Text c="dimmed" size="sm">
          {t('offerRecord.timeZone', { zone: zoneName(t, record.timeZone) })}
        </Text>
      </Stack>
      <Group gap="sm">
        <Button onClick={verify} loading={busy === 'verify'} leftSection={<IconShieldCheck size={16} aria-hidden />}>
          {t('offerRecord.verify')}
        </Button>
        <Button variant="default" onClick={() => run('csv', () => downloadRecord(id, 'csv'))} loading={busy === 'csv'} leftSection={<IconDownload size={16} aria-hidden />}>
          {t('offerRecord.downloadCsv')}
        </Button>
        <Button variant="default" onClick={() => run('pdf', () => downloadRecord(id, 'pdf'))} loading={busy === 'pdf'} leftSection={<IconDownload size={16} aria-hidden />}>
          {t('offerRecord.downloadPdf')}
        </Button>
      </Group>
      {checked && <VerificationResult verification={verification} />}

      <TitledSection title={t('offerRecord.entriesTitle')}>
        {record.entries.length === 0 ? (
          <Alert color="gray">{t('offerRecord.empty')}</Alert>
        ) : (
          <DataTable
            minWidth={640}
            striped
            columns={['seq', 'time', 'offer', 'entry', 'by'].map((column) => t(`offerRecord.columns.${column}`))}
            items={record.entries}
            row={(entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{entry.seq}</Table.Td>
                <Table.Td>{formatZonedDateTime(new Date(entry.at), record.timeZone, language)}</Table.Td>
                <Table.Td>{entry.offerLabel}</Table.Td>
                <Table.Td>{t(`offerRecord.types.${entry.type}`)}</Table.Td>
                <Table.Td>{entry.actorName ?? t('offerRecord.system')}</Table.Td>
              </Table.Tr>
            )}
          />
        )}
      </TitledSection>

      <TitledSection title={t('offerRecord.filesTitle')} intro={t('offerRecord.filesIntro')}>
        {offersOf(record.entries).map((item) => (
          <Group key={item.id} gap="sm" justify="space-between" wrap="wrap">
            <Text fw={500}>{item.label}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => run(`zip-${item.id}`, () => downloadTransactionFile(item.id))}
                loading={busy === `zip-${item.id}`}
                leftSection={<IconFileZip size={14} aria-hidden />}
                aria-label={t('offerRecord.transactionFileOf', { offer: item.label })}
              >
                {t('offerRecord.transactionFile')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => run(`ics-${item.id}`, () => downloadOfferCalendar(item.id))}
                loading={busy === `ics-${item.id}`}
                leftSection={<IconCalendarEvent size={14} aria-hidden />}
                aria-label={t('offerRecord.deadlinesOf', { offer: item.label })}
              >
                {t('offerRecord.deadlines')}
              </Button>
            </Group>
          </Group>
        ))}
      </TitledSection>
    </Stack>
  )
}
