import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../shared/i18n/translation'
import { useDashboardLiveUpdates, usePipeline } from '../../features/dashboard/api/dashboard'
import { ActionItem, ActionSection } from '../../features/dashboard/components/action-section'
import { BrokerageCard } from '../../features/dashboard/components/brokerage-card'
import { deadlineItems } from '../../features/dashboard/components/next-actions'
import { PipelineBoard } from '../../features/dashboard/components/pipeline-board'
import { CenteredLoader } from '../../shared/ui/centered-loader'
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert'
import { formatDateTime } from '../../shared/format-date-time'

/** /pbDashboard (issue #16): every transaction by stage, the deadlines, what needs attention, the brokerage. */
export default function PbDashboardPage() {
  const { t, i18n } = useTranslation()
  const pipeline = usePipeline()
  useDashboardLiveUpdates()

  return (
    <Stack gap="lg">
      <Box>
        <Title order={1}>{t('pbDashboard.title')}</Title>
        <Text c="gray.7" mt="xs">
          {t('pbDashboard.lead')}
        </Text>
      </Box>
      {pipeline.isPending ? (
        <CenteredLoader label={t('pbDashboard.loading')} />
      ) : pipeline.isError ? (
        <LoadFailedAlert title={t('pbDashboard.loadFailed')} error={pipeline.error} onRetry={() => void pipeline.refetch()} />
      ) : (
        <>
          {pipeline.data.transactions.length === 0 && <Text role="status">{t('pbDashboard.pipelineEmpty')}</Text>}
          <PipelineBoard transactions={pipeline.data.transactions} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ActionSection title={t('pbDashboard.attentionTitle')} count={pipeline.data.attention.length} empty={t('pbDashboard.attentionEmpty')} testId="attention">
              {pipeline.data.attention.map((item) => (
                <ActionItem
                  key={`${item.kind}-${item.offerId}`}
                  label={t(`pbDashboard.attention.${item.kind}`, { date: formatDateTime(i18n.language, item.at) })}
                  detail={item.address}
                  href={item.href}
                  action={t('dashboard.openTransaction')}
                />
              ))}
            </ActionSection>
            <ActionSection title={t('pbDashboard.deadlinesTitle')} count={pipeline.data.deadlines.length} empty={t('dashboard.empty.deadlines')} testId="deadlines">
              {deadlineItems(pipeline.data.deadlines, t, i18n.language)}
            </ActionSection>
          </SimpleGrid>
          <BrokerageCard brokerage={pipeline.data.brokerage} />
        </>
      )}
    </Stack>
  )
}
