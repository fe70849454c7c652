import { useState } from 'react'
import { Alert, Button, Group, Select, Stack, Switch, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useTranslation } from '../../shared/i18n/translation'
import { useSearchParams } from '../../shared/navigation'
import type { AnalyticsPeriod } from '@offerbook/domain/analytics'
import { resolvePeriod } from '@offerbook/domain/analytics'
import { useAnalytics } from '../../features/analytics/api/get-analytics'
import { useCurrentUser } from '../../features/auth/api/get-me'
import { BrokerContractsSection } from '../../features/broker/components/broker-contracts-section'
import { ContractTimelineSection } from '../../features/offers/components/timeline/contract-timeline-section'
import { AnalyticsReport } from '../../features/analytics/components/analytics-report'
import { PeriodForm } from '../../features/analytics/components/period-form'
import { isEmptyReport, reportTables } from '../../features/analytics/report-tables'
import { fieldErrorsOf } from '../../shared/api-client'
import { saveBlob } from '../../shared/download-file'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert'

const ALL_AGENTS = 'all'

/**
 * /analytics (issue #16): a period's figures for the signed-in user's scope, charts with their tables,
 * and a CSV of those tables. The period and a broker's chosen agent live in the address (?from, ?to,
 * ?agent), so a view can be linked and the back button undoes a change. A principal broker also reads
 * his agents' open contracts here, each timeline read-only (decision 067): /analytics is a page his role
 * opens (spec section 2).
 */
export default function AnalyticsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const [tablesShown, setTablesShown] = useState(false)
  const query = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined, agentId: params.get('agent') ?? undefined }
  const report = useAnalytics(query)
  const isBroker = useCurrentUser().data?.roles.includes('PRINCIPAL_BROKER') ?? false
  const period: AnalyticsPeriod = report.data?.period ?? resolvePeriod(query)

  const change = (next: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      for (const [name, value] of Object.entries(next)) {
        if (value) updated.set(name, value)
        else updated.delete(name)
      }
      return updated
    })

  async function downloadCsv() {
    const shown = report.data
    if (!shown) return
    // The CSV writer (csv-stringify, some 30 kB) is loaded at the first download, not with the page.
    const { tablesToCsv } = await import('../../features/analytics/csv')
    const csv = tablesToCsv(reportTables(shown, t))
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `offerbook-analytics-${shown.period.from}-${shown.period.to}.csv`)
  }

  const data = report.data
  return (
    <Stack gap="lg">
      <Title order={1}>{t('nav.analytics')}</Title>
      <Text c="dimmed">{t(`analytics.lead.${data?.scope ?? 'agent'}`)}</Text>
      <Group align="flex-end" justify="space-between" gap="md">
        <PeriodForm key={`${period.from}/${period.to}`} period={period} serverErrors={fieldErrorsOf(report.error, ['from', 'to'] as const)} onApply={(next) => change({ from: next.from, to: next.to })} />
        <Group gap="md" align="flex-end">
          {data?.scope === 'brokerage' && (
            <Select
              label={t('analytics.agent')}
              data={[{ value: ALL_AGENTS, label: t('analytics.allAgents') }, ...data.agents.map((agent) => ({ value: agent.id, label: agent.name }))]}
              value={data.agentId ?? ALL_AGENTS}
              onChange={(value) => change({ agent: value && value !== ALL_AGENTS ? value : null })}
              allowDeselect={false}
            />
          )}
          <Switch label={t('analytics.showTables')} checked={tablesShown} onChange={(event) => setTablesShown(event.currentTarget.checked)} />
          <Button leftSection={<IconDownload size={16} aria-hidden />} variant="light" onClick={() => void downloadCsv()} disabled={!data}>
            {t('analytics.downloadCsv')}
          </Button>
        </Group>
      </Group>
      {report.isPending ? (
        <CenteredLoader />
      ) : report.isError && !data ? (
        <LoadFailedAlert title={t('analytics.loadFailed')} error={report.error} onRetry={() => void report.refetch()} />
      ) : data && isEmptyReport(data) ? (
        <Alert color="gray" title={t('analytics.noOffers')}>
          {t('analytics.emptyHint')}
        </Alert>
      ) : data ? (
        <AnalyticsReport report={data} tablesShown={tablesShown} />
      ) : null}
      {isBroker && <BrokerContractsSection renderTimeline={(contract) => <ContractTimelineSection offer={{ id: contract.offerId, bindingAgreementAt: contract.bindingAgreementDate }} headingOrder={4} readOnly />} />}
    </Stack>
  )
}
